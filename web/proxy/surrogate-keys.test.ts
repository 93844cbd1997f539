import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRouteMatcher } from "../route-match";
import { SURROGATE_KEY, surrogateKeyHeaders, surrogateKeys } from "./surrogate-keys";

describe("surrogate keys", () => {
  it.each([
    [
      "the live score",
      { id: "routes/api.live.$fixtureId", params: { fixtureId: "4182" } },
      ["data", "live", "content", "match-4182"],
    ],
    [
      "a league page",
      { id: "routes/$leaguePage", params: { leaguePage: "premier-league-predictions" } },
      ["data", "content", "league-premier-league"],
    ],
    [
      "a match page by its slug",
      {
        id: "routes/$leaguePage_.$matchup",
        params: { leaguePage: "serie-a-predictions", matchup: "inter-vs-milan-2026-02-08" },
      },
      ["data", "content", "league-serie-a", "match-inter-vs-milan-2026-02-08"],
    ],
    [
      "a club page",
      { id: "routes/$league.teams_.$team", params: { league: "premier-league", team: "arsenal" } },
      ["data", "content", "league-premier-league", "club-arsenal"],
    ],
    [
      "an API answer about two clubs by their ids",
      {
        id: "routes/api.lineups.$leagueId.$homeTeamId.$awayTeamId",
        params: { leagueId: "39", homeTeamId: "42", awayTeamId: "40" },
      },
      ["data", "content", "league-premier-league", "club-arsenal", "club-liverpool"],
    ],
    [
      "a player's statistics",
      { id: "routes/api.players.$id.statistics", params: { id: "1100" } },
      ["data", "content", "player-1100"],
    ],
    [
      "a day's matches",
      { id: "routes/matches.$day", params: { day: "2026-02-07" } },
      ["data", "content", "day-2026-02-07"],
    ],
  ])("names %s", (_what, route, expected) => {
    const live = route.id === "routes/api.live.$fixtureId";
    expect(surrogateKeys(live ? ["data", "live", "content"] : ["data", "content"], route)).toEqual(expected);
  });

  it("drops what is not a plain key, so that no value can reach a header or a ban expression", () => {
    const keys = surrogateKeys(["data"], {
      id: "routes/$league.teams_.$team",
      params: { league: "premier-league\r\nX-Evil: 1", team: "arsenal|.*" },
    });
    expect(keys).toEqual(["data"]);
    for (const key of keys) expect(key).toMatch(SURROGATE_KEY);
  });

  it("sends the keys space-separated as Surrogate-Key and comma-separated as Cache-Tag", () => {
    expect(surrogateKeyHeaders(["data", "live", "match-1"])).toEqual([
      ["surrogate-key", "data live match-1"],
      ["cache-tag", "data,live,match-1"],
    ]);
    expect(surrogateKeyHeaders([])).toEqual([]);
  });
});

describe("the route of a path", () => {
  // The shape of the server build's route table (build/index.js), for a few of the site's routes.
  const routes = Object.fromEntries(
    [
      { id: "root", path: "" },
      { id: "routes/_index", parentId: "root", index: true },
      { id: "routes/$leaguePage", parentId: "root", path: ":leaguePage" },
      { id: "routes/$leaguePage_.$matchup", parentId: "root", path: ":leaguePage/:matchup" },
      { id: "routes/$league.teams_.$team", parentId: "root", path: ":league/teams/:team" },
      { id: "routes/api.live.$fixtureId", parentId: "root", path: "api/live/:fixtureId" },
      { id: "routes/about", parentId: "root", path: "about" },
      { id: "routes/$", parentId: "root", path: "*" },
    ].map((route) => [route.id, { ...route, module: {} }]),
  ) as unknown as ServerBuild["routes"];
  const match = createRouteMatcher(routes);

  it("finds the route Remix would, with its parameters", () => {
    expect(match("/premier-league-predictions")).toEqual({
      id: "routes/$leaguePage",
      params: { leaguePage: "premier-league-predictions" },
    });
    expect(match("/about")?.id).toBe("routes/about");
    expect(match("/api/live/4182")).toEqual({ id: "routes/api.live.$fixtureId", params: { fixtureId: "4182" } });
    expect(match("/")?.id).toBe("routes/_index");
    expect(match("/premier-league/teams/arsenal")?.params).toMatchObject({ league: "premier-league", team: "arsenal" });
    expect(match("/a/b/c/d")?.id).toBe("routes/$");
  });

  it("matches nothing for a path that cannot be decoded", () => {
    expect(match("/%E0%A4%A")).toBeNull();
  });
});
