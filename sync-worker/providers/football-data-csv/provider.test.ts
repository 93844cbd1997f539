import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock } from "@shared/config/clock";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { memoryLogger } from "../../log";
import {
  FIXTURES_SEASONS_DIR,
  startCsvOrigin,
  unreachableBaseUrl,
  type CsvOrigin,
} from "../../test-support/csv-origin";
import { ProviderError, type MatchDataProvider, type ProviderFixture } from "../types";
import { footballDataCsvProvider } from "./provider";
import { directorySource, httpSource, type FootballDataSource } from "./source";

const id = (slug: string) => getTeamBySlug(slug)!.id;
const signal = new AbortController().signal;
/** The default replay moment: Saturday 7 February 2026, 15:50 UTC, held still. */
const replayClock = createClock({ kind: "replay", start: new Date("2026-02-07T15:50:00Z"), speed: 1 }, () => 0);

function providerOn(source: FootballDataSource, clock = replayClock): MatchDataProvider {
  return footballDataCsvProvider({ source, clock, log: memoryLogger() });
}

const match = (items: ProviderFixture[], home: string, away: string) =>
  items.find((f) => f.homeTeamId === id(home) && f.awayTeamId === id(away))!;

function describeReplaySeason(name: string, source: () => FootballDataSource) {
  describe(name, () => {
    it("answers as of the replay clock: finished, live at half-time, and not started", async () => {
      const { items, read, rejected } = await providerOn(source()).seasonFixtures({
        league: "premier-league",
        season: "2526",
        signal,
      });
      expect(read).toBe(12);
      expect(rejected).toHaveLength(4);

      const finished = match(items, "manchester-united", "tottenham-hotspur");
      expect(finished).toMatchObject({
        state: "post-match",
        status: "FT",
        score: { home: 2, away: 0 },
        halfTimeScore: { home: 1, away: 0 },
      });
      expect(finished.statistics?.shots).toEqual({ home: 15, away: 8 });
      expect(finished.odds.some((o) => o.kind === "closing")).toBe(true);

      const halfTime = match(items, "arsenal", "sunderland");
      expect(halfTime).toMatchObject({
        state: "live",
        status: "HT",
        minute: 45,
        score: { home: 1, away: 0 },
        statistics: null,
      });
      expect(halfTime.odds.filter((o) => o.kind === "closing")).toHaveLength(3);

      const later = match(items, "newcastle-united", "brentford");
      expect(later).toMatchObject({
        state: "pre-match",
        status: "NS",
        score: null,
        halfTimeScore: null,
        statistics: null,
        referee: null,
      });
      expect(later.odds.length).toBeGreaterThan(0);
      expect(later.odds.every((o) => o.kind === "opening")).toBe(true);

      const nextWeek = items.find(
        (f) => f.kickoffAt.toISOString() === "2026-02-14T15:00:00.000Z" && f.homeTeamId === id("tottenham-hotspur"),
      )!;
      expect(nextWeek).toMatchObject({ state: "pre-match", score: null });
    });

    it("uses only the score the data knows by the minute: the half-time score in the second half", async () => {
      const { items } = await providerOn(source()).seasonFixtures({ league: "bundesliga", season: "2526", signal });
      expect(match(items, "sc-freiburg", "werder-bremen")).toMatchObject({
        state: "live",
        status: "2H",
        minute: 63,
        score: { home: 1, away: 0 },
      });
      const early = createClock({ kind: "replay", start: new Date("2026-02-07T15:00:00Z"), speed: 1 }, () => 0);
      const { items: atMinute31 } = await providerOn(source(), early).seasonFixtures({
        league: "bundesliga",
        season: "2526",
        signal,
      });
      expect(match(atMinute31, "heidenheim", "hamburger-sv")).toMatchObject({
        status: "1H",
        minute: 31,
        score: { home: 0, away: 0 },
      });
    });

    it("gives an empty feed for a season file the source does not have", async () => {
      expect(await providerOn(source()).seasonFixtures({ league: "serie-a", season: "2526", signal })).toEqual({
        items: [],
        read: 0,
        rejected: [],
      });
    });

    it("lists upcoming matches of the clock's season from fixtures.csv", async () => {
      const { items } = await providerOn(source()).upcomingFixtures!({
        leagues: ["premier-league", "bundesliga"],
        signal,
      });
      expect(items.map((f) => [f.homeTeamId, f.awayTeamId, f.state])).toEqual([
        [id("arsenal"), id("everton"), "pre-match"],
        [id("hamburger-sv"), id("borussia-dortmund"), "pre-match"],
      ]);
    });

    it("answers live states for the matches asked about", async () => {
      const refs = [
        { league: "premier-league" as const, season: "2526", homeTeamId: id("arsenal"), awayTeamId: id("sunderland") },
        {
          league: "bundesliga" as const,
          season: "2526",
          homeTeamId: id("sc-freiburg"),
          awayTeamId: id("werder-bremen"),
        },
      ].map((ref) => ({ ...ref, kickoffAt: new Date(), apiFootballFixtureId: null }));
      const { items } = await providerOn(source()).liveFixtures!({ fixtures: refs, signal });
      expect(items.map((f) => [f.status, f.minute])).toEqual([
        ["HT", 45],
        ["2H", 63],
      ]);
    });
  });
}

describeReplaySeason("the football-data provider on a directory", () => directorySource(FIXTURES_SEASONS_DIR));

let origin: CsvOrigin;
beforeAll(async () => {
  origin = await startCsvOrigin();
});
afterAll(() => origin.close());

describeReplaySeason("the football-data provider over HTTP", () => httpSource(origin.baseUrl));

describe("the football-data provider's capabilities", () => {
  it("replays live data only in a replay", () => {
    const real = createClock({ kind: "real" });
    expect([...providerOn(directorySource(FIXTURES_SEASONS_DIR), real).capabilities]).toEqual([
      "history",
      "fixtures",
      "odds",
    ]);
    expect(providerOn(directorySource(FIXTURES_SEASONS_DIR)).capabilities.has("live")).toBe(true);
  });
});

describe("a season file with a header and no rows", () => {
  it("gives an empty feed and says so in a warning", async () => {
    const log = memoryLogger();
    const headerOnly: FootballDataSource = {
      description: "the test directory",
      read: async () => "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR\n",
    };
    const provider = footballDataCsvProvider({ source: headerOnly, clock: replayClock, log });
    const feed = await provider.seasonFixtures({ league: "premier-league", season: "2425", signal });
    expect(feed.items).toEqual([]);
    expect(log.lines.filter((l) => l.level === "warn").map((l) => l.line)).toEqual([
      expect.stringContaining(
        "2425/E0.csv has a header and no rows: no Premier League matches of that season were read",
      ),
    ]);
  });
});

describe("a football-data source that fails as a whole", () => {
  const request = { league: "premier-league" as const, season: "2526", signal };

  it("names the missing directory and what to configure", async () => {
    const failure = providerOn(directorySource("/nonexistent/mmz4281")).seasonFixtures(request);
    await expect(failure).rejects.toThrow(ProviderError);
    await expect(failure).rejects.toThrow(
      /the directory \/nonexistent\/mmz4281 does not exist \(set FOOTBALL_DATA_DIR/,
    );
  });

  it("names an origin nothing answers on", async () => {
    const failure = providerOn(httpSource(await unreachableBaseUrl())).seasonFixtures(request);
    await expect(failure).rejects.toThrow(
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/mmz4281\/2526\/E0\.csv \(ECONNREFUSED\).*FOOTBALL_DATA_DIR/,
    );
  });

  it("reports an HTTP 500, a body that is not CSV, and a request that takes too long", async () => {
    const broken = await startCsvOrigin();
    try {
      broken.behaviour = "error-500";
      await expect(providerOn(httpSource(broken.baseUrl)).seasonFixtures(request)).rejects.toThrow(
        /2526\/E0\.csv answered HTTP 500/,
      );
      broken.behaviour = "garbage";
      await expect(providerOn(httpSource(broken.baseUrl)).seasonFixtures(request)).rejects.toThrow(
        /2526\/E0\.csv is not a football-data\.co\.uk CSV file/,
      );
      broken.behaviour = "slow";
      await expect(providerOn(httpSource(broken.baseUrl, { timeoutMs: 200 })).seasonFixtures(request)).rejects.toThrow(
        /did not answer within 0\.2 s/,
      );
    } finally {
      await broken.close();
    }
  });
});
