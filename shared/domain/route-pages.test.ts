import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clubRoutePage, routePage } from "./route-pages";
import { parseRoute } from "./routes";

/** Every path literal the route table's own tests use, plus a few more of each kind. */
const paths = [
  ...new Set([
    ...[...readFileSync(new URL("./routes.test.ts", import.meta.url), "utf8").matchAll(/"(\/[^"]*)"/g)].map(
      (m) => m[1],
    ),
    "/",
    "/premier-league-predictions/teams/arsenal",
    "/premier-league/teams/arsenal",
    "/premier-league-predictions/teams/42",
    "/premier-league-predictions/teams/players",
    "/teams/ars",
    "/teams/007",
    "/foo/teams/bar",
    "/la-liga-predictions/teams/real-madrid/players/vinicius-junior-762",
    "/la-liga-predictions/teams/players/762",
    "/la-liga-predictions/teams/players/players/1",
    "/bundesliga/teams/bayern-munchen/players/",
    "/Premier-League-Predictions/Teams/Arsenal?tab=form#stats",
    "/premier-league-predictions/teams/%2e%2e",
    "/premier-league-predictions/teams/%E0%A4%A",
    "/premier-league-predictions/newcastle-united-vs-brentford-prediction",
    "/picks/epl",
    "/match/12345",
    "//double//slashes//",
  ]),
];

describe("routePage", () => {
  it("finds the page parseRoute finds, for every path", () => {
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const route = parseRoute(path);
      const page = routePage(path);
      expect(page?.page ?? "not-found", path).toBe(route.page);
      if (page) expect({ ...page, redirectTo: undefined }, path).toEqual({ ...route, redirectTo: undefined });
    }
  });
});

describe("clubRoutePage", () => {
  it("finds the club pages routePage finds, and nothing else", () => {
    const clubPages = ["team", "team-players", "player"];
    for (const path of paths) {
      const page = routePage(path);
      expect(clubRoutePage(path), path).toEqual(page && clubPages.includes(page.page) ? page : null);
    }
    expect(clubRoutePage("/premier-league/teams/arsenal")).toEqual({
      page: "team",
      by: "slug",
      league: "premier-league",
      teamSlug: "arsenal",
    });
    expect(clubRoutePage("/premier-league/teams")).toBeNull();
  });
});
