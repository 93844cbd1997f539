import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Clock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import { memoryLogger } from "../../log";
import { ProviderError, type FixtureRef, type MatchDataProvider } from "../types";
import { createApiFootballClient } from "./client";
import { createApiFootballProvider } from "./index";
import { apiFootballProvider } from "./provider";
import { readReplayFile, startReplayServer, type ReplayServer } from "./testing/replay-server";

const KEY = "provider-key-0123456789";
const SEASON = { league: "premier-league" as const, season: "2526" };

let server: ReplayServer;
const signal = new AbortController().signal;

beforeAll(async () => {
  server = await startReplayServer({
    key: KEY,
    routes: {
      "fixtures?league=39&season=2025": { file: "fixtures-39-2025.json" },
      "odds?bookmaker=8&league=39&season=2025": { file: "odds-39-2025-page-1.json" },
      "odds?bookmaker=8&league=39&page=2&season=2025": { file: "odds-39-2025-page-2.json" },
      "fixtures?date=2026-02-07&league=39&season=2025": { file: "fixtures-39-2025.json" },
      "fixtures?ids=1379102-1379103": { file: "fixtures-live-ids.json" },
      "teams/statistics?league=39&season=2025&team=42": { file: "team-statistics-39-2025-42.json" },
    },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function provider(at: string, key = KEY): MatchDataProvider {
  const now = new Date(at);
  const clock: Clock = { setting: { kind: "real" }, now: () => now };
  return apiFootballProvider({ client: createApiFootballClient({ baseUrl: server.url, key }), clock });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

describe("the API-Football provider", () => {
  it("needs a key", () => {
    const env = parseEnv({ API_FOOTBALL_BASE_URL: server.url });
    const clock: Clock = { setting: { kind: "real" }, now: () => new Date() };
    expect(() => createApiFootballProvider({ env, clock, log: memoryLogger() })).toThrow(
      new ProviderError("api-football", "no API key is configured", "set API_FOOTBALL_KEY"),
    );
  });

  it("gives a season's fixtures with Bet365's prices: the line before kick-off, the closing price after", async () => {
    const before = await provider("2026-02-07T15:50:00Z").seasonFixtures({ ...SEASON, signal });
    expect(before.read).toBe(9); // six fixtures, three priced
    expect(before.rejected).toEqual([]);
    const newcastle = before.items.find((f) => f.apiFootballFixtureId === 1379104);
    expect(newcastle?.odds).toEqual([
      { source: "bet365", kind: "opening", market: "1x2", home: 2.1, draw: 3.6, away: 3.3 },
      { source: "bet365", kind: "opening", market: "ou25", over: 1.67, under: 2.2 },
      { source: "bet365", kind: "opening", market: "btts", yes: 1.57, no: 2.3 },
    ]);
    expect(before.items.filter((f) => f.odds.length > 0).map((f) => f.apiFootballFixtureId)).toEqual([
      1379104, 1379105, 1379106,
    ]);

    const after = await provider("2026-02-07T17:31:00Z").seasonFixtures({ ...SEASON, signal });
    const kinds = after.items.find((f) => f.apiFootballFixtureId === 1379104)?.odds.map((o) => o.kind);
    expect(kinds).toEqual(["closing", "closing", "closing"]);
    expect(after.items.find((f) => f.apiFootballFixtureId === 1379105)?.odds[0].kind).toBe("opening");
  });

  it("rejects the items it cannot use, naming the request and the item", async () => {
    server.setRoute("fixtures?league=39&season=2025", { file: "fixtures-with-bad-items.json" });
    const feed = await provider("2026-02-07T15:50:00Z").seasonFixtures({ ...SEASON, signal });
    server.setRoute("fixtures?league=39&season=2025", { file: "fixtures-39-2025.json" });
    expect(feed.items.map((f) => f.apiFootballFixtureId)).toEqual([1379101]);
    const source = "GET /fixtures?league=39&season=2025";
    expect(feed.rejected.map((r) => [r.source, r.line])).toEqual([
      [source, 1],
      [source, 2],
      [source, 3],
    ]);
    expect(feed.rejected[0].reason).toMatch(/^not in the documented shape: teams: /);
    expect(feed.rejected.slice(1).map((r) => r.reason)).toEqual([
      'fixture 1379199: unknown team: API-Football team 99999 "Fictional Town" is not in the team registry',
      'fixture 1379198: unknown status "XYZ"',
    ]);
  });

  it("finds the provider's fixture ids of matches stored without them, then asks for their live state", async () => {
    const ref = (homeTeamId: number, awayTeamId: number): FixtureRef => ({
      ...SEASON,
      homeTeamId,
      awayTeamId,
      kickoffAt: new Date("2026-02-07T15:00:00Z"),
      apiFootballFixtureId: null,
    });
    const api = provider("2026-02-07T15:50:00Z");
    const feed = await api.liveFixtures!({
      // Chelsea v Arsenal is not played that day: left out.
      fixtures: [ref(39, 49), ref(42, 746), ref(49, 42)],
      signal,
    });
    expect(server.requests.map((r) => r.route)).toEqual([
      "fixtures?date=2026-02-07&league=39&season=2025",
      "fixtures?ids=1379102-1379103",
    ]);
    expect(feed.items.map((f) => [f.apiFootballFixtureId, f.state, f.minute])).toEqual([
      [1379102, "live", 48],
      [1379103, "live", 49],
    ]);
    // The next tick asks for the live state only.
    await api.liveFixtures!({ fixtures: [ref(39, 49), ref(42, 746)], signal });
    expect(server.requests.map((r) => r.route).slice(2)).toEqual(["fixtures?ids=1379102-1379103"]);
  });

  it("reads the events of a live tick from the live answer by ids, without asking again", async () => {
    const live = JSON.parse(readReplayFile("fixtures-live-ids.json"));
    const eventsOf = (id: number) => JSON.parse(readReplayFile(`events-${id}.json`)).response;
    live.response[0].events = eventsOf(1379102);
    live.response[1].events = [...eventsOf(1379103), { time: { elapsed: 50 }, type: "Goal" }];
    server.setRoute("fixtures?ids=1379102-1379103", { body: live });
    const api = provider("2026-02-07T15:50:00Z");
    const refs: FixtureRef[] = [
      {
        ...SEASON,
        homeTeamId: 42,
        awayTeamId: 746,
        kickoffAt: new Date("2026-02-07T15:00:00Z"),
        apiFootballFixtureId: 1379102,
      },
      {
        ...SEASON,
        homeTeamId: 39,
        awayTeamId: 49,
        kickoffAt: new Date("2026-02-07T15:00:00Z"),
        apiFootballFixtureId: 1379103,
      },
    ];
    await api.liveFixtures!({ fixtures: refs, signal });
    const feed = await api.events!({ fixtures: refs, signal });
    server.setRoute("fixtures?ids=1379102-1379103", { file: "fixtures-live-ids.json" });
    expect(server.requests.map((r) => r.route)).toEqual(["fixtures?ids=1379102-1379103"]);
    expect(feed.items.filter((e) => e.fixture === refs[0])).toHaveLength(5);
    expect(feed.items.filter((e) => e.fixture === refs[1])).toHaveLength(5);
    expect(feed.rejected).toEqual([
      {
        source: "GET /fixtures?ids=1379102-1379103 (item 1, events)",
        line: 5,
        reason: expect.stringMatching(/^not in the documented shape: team: /),
      },
    ]);
  });

  it("rejects a club of the league's teams that the registry does not have, and reads the others' statistics", async () => {
    const teams = JSON.parse(readReplayFile("teams-39-2025.json"));
    const arsenal = teams.response.find((t: { team: { id: number } }) => t.team.id === 42);
    const fictional = { ...arsenal, team: { ...arsenal.team, id: 99999, name: "Fictional Town" } };
    server.setRoute("teams?league=39&season=2025", { body: { ...teams, results: 2, response: [arsenal, fictional] } });
    const feed = await provider("2026-02-07T15:50:00Z").teamStatistics!({ ...SEASON, signal });
    expect(feed.items.map((t) => [t.teamId, t.playedHome + t.playedAway, t.form])).toEqual([[42, 24, "WDWWW"]]);
    expect(feed.rejected).toEqual([
      {
        source: "GET /teams?league=39&season=2025",
        line: 1,
        reason: 'unknown team: API-Football team 99999 "Fictional Town" is not in the team registry',
      },
    ]);
    expect(server.requests.map((r) => r.route)).toEqual([
      "teams?league=39&season=2025",
      "teams/statistics?league=39&season=2025&team=42",
    ]);
  });

  it("fails as a whole with a ProviderError that says what to configure", async () => {
    const refused = await failure(provider("2026-02-07T15:50:00Z", "wrong-key").standings!({ ...SEASON, signal }));
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused.message).toMatch(
      /^api-football: standings: the key was refused: Error\/Missing application key\. .* \(set API_FOOTBALL_KEY to a valid API-Football key\)$/,
    );
    server.setRoute("players/topscorers?league=39&season=2025", { file: "error-daily-limit.json" });
    const spent = await failure(
      provider("2026-02-07T15:50:00Z").leaderboard!({ ...SEASON, kind: "top-scorers", signal }),
    );
    expect(spent.message).toBe(
      "api-football: players/topscorers: daily request quota spent: You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan. (the daily quota resets at 00:00 UTC)",
    );
  });
});
