/**
 * Contract tests of the JSON API: each endpoint through Remix's request handler, on a database
 * the worker filled from the CSV fixtures (the default replay moment: United v Spurs finished,
 * Arsenal v Sunderland live, Newcastle v Brentford to come). Every body is parsed with the
 * endpoint's own schema; status, Cache-Control, ETag and 304, and bad parameters are checked.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseEnv } from "@shared/config/env";
import { createContent, type Content } from "@shared/content/content";
import { localContentSource, serializeDataset } from "@shared/content/local-source";
import { plainTextToPortableText } from "@shared/content/portable-text";
import type { ContentDocument } from "@shared/content/source";
import type { DbHandle } from "@shared/db";
import { lineups, liveEvents, playerMatchStats, players, playerSeasonStats, predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { lockPicksJob } from "@sync-worker/jobs/lock-picks";
import { matchOfTheWeekJob } from "@sync-worker/jobs/match-of-the-week";
import { performanceJob } from "@sync-worker/jobs/performance";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { settlePicksJob } from "@sync-worker/jobs/settle-picks";
import { standingsJob } from "@sync-worker/jobs/standings";
import { teamStatisticsJob } from "@sync-worker/jobs/team-statistics";
import { testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { LIVE_PAGE_CACHE, PUBLIC_PAGE_CACHE } from "../cache-control";
import type { AppContext } from "../load-context";
import { createPreviewSessions } from "../features/content/preview.server";
import { ENDPOINTS } from "./catalog.server";
import { apiRequestHandler } from "./remix-handler.test-support";
import { errorSchema } from "./common/schema";
import { editorFixtureDataSchema, editorFixtureListSchema } from "./resources/editor.schema";
import { leaderboardSchema } from "./resources/leaderboards.schema";
import { liveScoreSchema } from "./resources/live.schema";
import { lineupsSchema, playerStatsSchema, teamFormPairSchema } from "./resources/match-blocks.schema";
import { matchListSchema, matchRecordSchema } from "./resources/matches.schema";
import { matchOfTheWeekSchema, topLeaguePicksSchema, topPicksSchema } from "./resources/picks.schema";
import { playerRecentFormAnswerSchema, playerStatisticsAnswerSchema } from "./resources/players.schema";
import { standingsSchema } from "./resources/standings.schema";
import {
  resolvedTeamAnswerSchema,
  teamInfoAnswerSchema,
  teamNextMatchSchema,
  teamRecentMatchesSchema,
  teamSquadStatsSchema,
  teamStandingAnswerSchema,
  teamStatisticsAnswerSchema,
} from "./resources/teams.schema";
import {
  leaguePerformanceSchema,
  overallPerformanceSchema,
  recentSettledMatchesSchema,
} from "./resources/track-record.schema";
import { createOperatorServices } from "@sync-worker/operations";

const teamId = (slug: string) => getTeamBySlug(slug)!.id;
const ARSENAL = teamId("arsenal");
const SUNDERLAND = teamId("sunderland");
const NEWCASTLE = teamId("newcastle-united");
const BRENTFORD = teamId("brentford");
const THIRTY_MINUTES = "public, max-age=1800, s-maxage=1800, stale-while-revalidate=600";
const FIVE_MINUTES = "public, max-age=300, s-maxage=300, stale-while-revalidate=60";
const MODEL = "test-model-1";

const newcastleBrentford = {
  league: "premier-league",
  season: "2526",
  homeTeam: "newcastle-united",
  awayTeam: "brentford",
} as const;

function documents(): ContentDocument[] {
  return [
    {
      _id: "matchPreview-new-bre",
      _type: "matchPreview",
      _rev: "new-bre-1",
      ...newcastleBrentford,
      updatedAt: "2026-02-06T10:00:00Z",
      bestPick: "Newcastle United to Win",
      confidence: 70,
      projectedScore: "2-0",
      verdictTag: "Home banker",
      matchSummary: plainTextToPortableText("Newcastle are strong at St James' Park."),
      managersNotes: plainTextToPortableText("Howe expects a full house."),
      keyInsights: ["Brentford concede early"],
    },
    {
      _id: "drafts.matchPreview-new-bre",
      _type: "matchPreview",
      _rev: "new-bre-draft-1",
      ...newcastleBrentford,
      bestPick: "Draw",
      confidence: 45,
      projectedScore: "1-1",
      keyInsights: [],
    },
  ];
}

function contentOf(docs: ContentDocument[]): Content {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "api-content-")), "dataset.ndjson");
  writeFileSync(file, serializeDataset(docs));
  return createContent(localContentSource(file), { cache: { maxAgeMs: 0 } });
}

const prediction = {
  modelVersion: MODEL,
  probHome: 0.52,
  probDraw: 0.24,
  probAway: 0.24,
  probOver25: 0.61,
  probBtts: 0.55,
  expectedGoalsHome: 1.8,
  expectedGoalsAway: 1.1,
  projectedHomeScore: 2,
  projectedAwayScore: 1,
  resultPick: "1" as const,
  overUnderPick: "Over 2.5 Goals",
  bttsPick: "YES" as const,
  bttsConfidence: 55,
  predictedAt: new Date("2026-02-07T09:00:00Z"),
};

/** Hostile texts for any path segment: none may ever get a 5xx. */
const BAD_SEGMENTS = [
  "abc",
  "0",
  "-1",
  "1.5",
  "99999999999999999999",
  "2147483648",
  "%00",
  "%C3%BC",
  "a".repeat(300),
  "%2F",
  "1e3",
  " 1",
];

describe.each(testDatabases())("the JSON API on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let context: AppContext;
  let handle: (request: Request, context: AppContext) => Promise<Response>;
  let previewCookie: string;
  const ids: Record<string, number> = {};

  const fixtureIdOf = async (home: string, away: string) =>
    (
      await db.execute<{ id: number }>(
        `select id from fixtures where home_team_id = ${teamId(home)} and away_team_id = ${teamId(away)} order by kickoff_at desc limit 1`,
      )
    )[0].id;

  const send = (path: string, init: RequestInit = {}) => handle(new Request(`http://localhost${path}`, init), context);

  /** A 200 whose body the schema parses, with its Cache-Control. */
  async function getJson<Schema extends z.ZodType>(path: string, schema: Schema, init: RequestInit = {}) {
    const response = await send(path, init);
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    return { body: schema.parse(JSON.parse(text)), response };
  }

  async function expectError(path: string, status: number, error: string, init: RequestInit = {}) {
    const response = await send(path, init);
    expect(response.status, path).toBe(status);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(errorSchema.parse(await response.json())).toEqual({ error });
  }

  beforeAll(async () => {
    db = await testDb.open();
    const content = contentOf(documents());
    worker = testWorker(db, { content });
    for (const job of [referenceDataJob, backfillJob, liveJob, standingsJob, teamStatisticsJob]) {
      expect((await worker.run(job)).status).toBe("ok");
    }
    ids.unitedSpurs = await fixtureIdOf("manchester-united", "tottenham-hotspur");
    ids.arsenalSunderland = await fixtureIdOf("arsenal", "sunderland");
    ids.newcastleBrentford = await fixtureIdOf("newcastle-united", "brentford");
    ids.chelseaArsenal = await fixtureIdOf("chelsea", "arsenal");
    await db.db.insert(predictions).values([
      {
        ...prediction,
        fixtureId: ids.unitedSpurs,
        bestPick: "Manchester United to Win",
        confidence: 52,
        // 1-1 the likeliest score.
        scoreGrid: Array.from({ length: 36 }, (_, cell) => (cell === 7 ? 0.15 : 0.85 / 35)),
      },
      { ...prediction, fixtureId: ids.arsenalSunderland, bestPick: "Arsenal to Win", confidence: 81.5 },
      { ...prediction, fixtureId: ids.newcastleBrentford, bestPick: "Over 2.5 Goals", confidence: 61 },
    ]);
    for (const job of [lockPicksJob, settlePicksJob, performanceJob]) expect((await worker.run(job)).status).toBe("ok");

    const player = (n: number) => ({
      id: n,
      name: `Player ${n}`,
      number: n,
      pos: n === 1 ? ("G" as const) : ("M" as const),
    });
    await db.db.insert(lineups).values({
      fixtureId: ids.chelseaArsenal,
      teamId: ARSENAL,
      formation: "4-3-3",
      coachName: "Mikel Arteta",
      startXi: Array.from({ length: 11 }, (_, i) => player(i + 1)),
      substitutes: Array.from({ length: 9 }, (_, i) => player(i + 12)),
    });
    await db.db.insert(players).values([
      { id: 9001, name: "Bukayo Saka", nationality: "England", birthDate: "2001-09-05" },
      { id: 9002, name: "Martin Odegaard" },
      { id: 9003, name: "David Raya" },
    ]);
    const season = { teamId: ARSENAL, league: "premier-league" as const, season: "2526" };
    await db.db.insert(playerSeasonStats).values([
      {
        ...season,
        playerId: 9001,
        position: "Attacker",
        appearances: 22,
        minutes: 1800,
        goals: 9,
        assists: 6,
        rating: 7.62,
        passesAccuracy: 81,
      },
      {
        ...season,
        playerId: 9002,
        position: "Midfielder",
        appearances: 20,
        minutes: 1700,
        goals: 3,
        assists: 8,
        rating: 8.04,
      },
      {
        ...season,
        playerId: 9003,
        position: "Goalkeeper",
        appearances: 24,
        minutes: 2160,
        goals: 0,
        assists: 1,
        rating: 8.3,
      },
    ]);
    await db.db.insert(playerMatchStats).values([
      {
        playerId: 9001,
        fixtureId: ids.chelseaArsenal,
        teamId: ARSENAL,
        minutes: 90,
        rating: 8.1,
        goals: 1,
        assists: 0,
        shotsOn: 2,
      },
    ]);
    // A card in the live match.
    await db.db.insert(liveEvents).values([
      {
        fixtureId: ids.arsenalSunderland,
        minute: 23,
        side: "home",
        type: "Card",
        detail: "Yellow Card",
        playerName: "Declan Rice",
      },
    ]);

    const env = parseEnv({
      CLOCK: `replay:${worker.clock.now().toISOString()}`,
      SESSION_SECRET: "a-test-session-secret-of-32-chars",
    });
    const previewSessions = createPreviewSessions(env);
    context = {
      env,
      clock: worker.clock,
      db,
      content,
      previewSessions,
      operations: createOperatorServices({ env, clock: worker.clock, db }),
    };
    previewCookie = (await previewSessions.open(new Request("http://localhost/"))).split(";")[0];
    handle = await apiRequestHandler();
  });
  afterAll(() => testDb.dispose());

  describe("GET /api/matches/{id}", () => {
    it("answers the finished match's record: final score, 100%, the locked pick's results", async () => {
      const { body, response } = await getJson(`/api/matches/${ids.unitedSpurs}`, matchRecordSchema);
      expect(body).toMatchObject({
        id: ids.unitedSpurs,
        league: "premier-league",
        leagueName: "Premier League",
        homeTeam: "Manchester United",
        awayTeam: "Tottenham Hotspur",
        homeTeamApiId: teamId("manchester-united"),
        homeTeamSlug: "manchester-united",
        homeTeamCode: "MUN",
        matchState: "post-match",
        finalScore: "2-0",
        liveScore: null,
        bestPick: "Manchester United to Win",
        confidence: 100,
        confidenceLabel: "100%",
        result: "1",
        overUnder: "Over 2.5 Goals",
        btts: "YES",
        resolutionSource: "final",
        isLocked: true,
        matchPageLink: "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
        matchSlug: "manchester-united-vs-tottenham-hotspur",
        liveUrl: `/api/live/${ids.unitedSpurs}`,
        hasCustomContent: false,
        matchSummary: null,
      });
      expect(body.pickResults).toMatchObject({
        best: { text: "Manchester United to Win", outcome: "hit" },
        result: { code: "1", outcome: "hit" },
        overUnder: { code: "O2.5", outcome: "miss" },
        btts: { code: "YES", outcome: "miss" },
      });
      expect(body.odds).toMatchObject({ home: expect.any(Number), draw: expect.any(Number), away: expect.any(Number) });
      expect(body.resultOdds).toBe(body.odds!.home);
      expect(body.probabilities).toMatchObject({ home: 0.52, modelVersion: MODEL });
      expect(body.scoreProbabilities).toHaveLength(36);
      expect(body.scoreProbabilities![0]).toEqual({ home: "0", away: "0", probability: 0.85 / 35 });
      expect(body.scoreProbabilities![7]).toEqual({ home: "1", away: "1", probability: 0.15 });
      expect(body.scoreProbabilities![35]).toMatchObject({ home: "5+", away: "5+" });
      // The market's opening and closing prices of the fixture files, margin out, against our forecast.
      const result = body.oddsMovement!.result!;
      expect(result.outcomes.map((o) => o.outcome)).toEqual(["home", "draw", "away"]);
      for (const kind of ["opening", "latest"] as const)
        expect(result.outcomes.reduce((sum, o) => sum + o[kind], 0)).toBeCloseTo(1, 9);
      for (const o of result.outcomes) expect(o.movePoints).toBeCloseTo((o.latest - o.opening) * 100, 9);
      expect(["toward", "away", "unchanged"]).toContain(result.direction);
      expect(body.oddsMovement!.goals!.outcomes.map((o) => o.outcome)).toEqual(["over", "under"]);
      // A finished match has nothing at stake any more.
      expect(body.stakes).toBeNull();
      expect(body.h2h.map((m) => `${m.homeTeam} ${m.score} ${m.awayTeam}`)).toEqual([
        "Manchester United 1-1 Tottenham Hotspur",
      ]);
      expect(body.stats).toContainEqual({ label: "Shots", home: 15, away: 8 });
      expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    });

    it("caches a live match for a shorter time and carries its events", async () => {
      const { body, response } = await getJson(`/api/matches/${ids.arsenalSunderland}`, matchRecordSchema);
      // Its prediction was stored without a scoreline grid.
      expect(body.scoreProbabilities).toBeNull();
      expect(body).toMatchObject({
        matchState: "live",
        bestPick: "Arsenal to Win",
        confidence: 81.5,
        finalScore: null,
      });
      expect(body.liveScore).toBe(`${body.homeScore}-${body.awayScore}`);
      expect(body.liveEvents).toEqual([
        {
          minute: 23,
          extraMinute: null,
          team: "home",
          type: "Card",
          detail: "Yellow Card",
          player: "Declan Rice",
          assistedBy: null,
        },
      ]);
      expect(body.form.home[0]).toMatchObject({ opponent: "Chelsea", isHome: false, result: "Draw", score: "1-1" });
      expect(body.homeForm).toMatch(/^[WDL]{1,5}$/);
      expect(body.homeForm.endsWith("D")).toBe(true);
      expect(response.headers.get("Cache-Control")).toBe(LIVE_PAGE_CACHE);
    });

    it("gives an ETag and a 304 for a matching If-None-Match, and only headers to HEAD", async () => {
      const first = await send(`/api/matches/${ids.unitedSpurs}`);
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      const again = await send(`/api/matches/${ids.unitedSpurs}`, {
        headers: { "If-None-Match": `"other", W/${etag}` },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
      const stale = await send(`/api/matches/${ids.unitedSpurs}`, { headers: { "If-None-Match": '"other"' } });
      expect(stale.status).toBe(200);
      const head = await send(`/api/matches/${ids.unitedSpurs}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("ETag")).toBe(etag);
      expect(await head.text()).toBe("");
    });

    it("answers a bad id with a 400, an unknown one with a 404 and other methods with a 405", async () => {
      await expectError("/api/matches/abc", 400, "id must be a whole number from 1 to 2147483647");
      await expectError("/api/matches/99999999999", 400, "id must be a whole number from 1 to 2147483647");
      await expectError("/api/matches/2147483648", 400, "id must be a whole number from 1 to 2147483647");
      await expectError("/api/matches/0", 400, "id must be a whole number from 1 to 2147483647");
      await expectError("/api/matches/999999", 404, "Match not found");
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
        const response = await send(`/api/matches/${ids.unitedSpurs}`, { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("Allow")).toBe("GET, HEAD");
        expect(errorSchema.parse(await response.json())).toEqual({ error: "Use GET, HEAD." });
      }
    });
  });

  describe("GET /api/match/{league}/{id}", () => {
    it("finds the match a canonical URL names, with the published editorial pick and texts", async () => {
      for (const id of [
        "newcastle-united-vs-brentford",
        "newcastle-united-vs-brentford-prediction",
        "Newcastle-United-vs-Brentford",
      ]) {
        const { body, response } = await getJson(`/api/match/premier-league/${id}`, matchRecordSchema);
        expect(body).toMatchObject({
          id: ids.newcastleBrentford,
          matchState: "pre-match",
          bestPick: "Newcastle United to Win",
          confidence: 70,
          projectedScore: "2-0",
          pickSource: "editorial",
          resolutionSource: "editorial",
          hasCustomContent: true,
          verdictTag: "Home banker",
          keyInsights: ["Brentford concede early"],
        });
        expect(JSON.stringify(body.matchSummary)).toContain("Newcastle are strong at St James' Park.");
        expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
      }
      const byLeagueSlug = await getJson(
        `/api/match/premier-league-predictions/newcastle-united-vs-brentford`,
        matchRecordSchema,
      );
      expect(byLeagueSlug.body.id).toBe(ids.newcastleBrentford);
    });

    it("shows the draft only in preview, and never lets a preview answer be stored", async () => {
      const { body, response } = await getJson(
        "/api/match/premier-league/newcastle-united-vs-brentford",
        matchRecordSchema,
        {
          headers: { Cookie: previewCookie },
        },
      );
      expect(body).toMatchObject({
        bestPick: "Draw",
        confidence: 45,
        projectedScore: "1-1",
        hasCustomContent: true,
        matchSummary: null,
      });
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    });

    it("answers an unknown league, a bad id and a match of another league", async () => {
      await expectError("/api/match/eredivisie/ajax-vs-psv", 400, "Unsupported league");
      await expectError(
        "/api/match/premier-league/arsenal",
        400,
        "id must be '{home-slug}-vs-{away-slug}' (optionally ending in '-prediction') or a number from 1 to 2147483647",
      );
      await expectError("/api/match/la-liga/arsenal-vs-sunderland", 404, "Match not found");
      await expectError(`/api/match/la-liga/${ids.unitedSpurs}`, 404, "Match not found");
      await expectError("/api/match/premier-league/arsenal-vs-nowhere-fc", 404, "Match not found");
      const byId = await getJson(`/api/match/premier-league/${ids.unitedSpurs}`, matchRecordSchema);
      expect(byId.body.id).toBe(ids.unitedSpurs);
    });
  });

  describe("GET /api/matches and /api/matches/league/{league}", () => {
    it("lists the week's matches of every league, ranked", async () => {
      const { body, response } = await getJson("/api/matches", matchListSchema);
      expect(body.map((m) => m.rank)).toEqual(body.map((_, i) => i + 1));
      expect(body.slice(0, 3).map((m) => `${m.homeTeam} v ${m.awayTeam}`)).toEqual([
        "Arsenal v Sunderland",
        "Newcastle United v Brentford",
        "Manchester United v Tottenham Hotspur",
      ]);
      expect(new Set(body.map((m) => m.league)).size).toBeGreaterThan(1);
      expect(body.length).toBeGreaterThan(4);
      expect(response.headers.get("Cache-Control")).toBe(LIVE_PAGE_CACHE);
    });

    it("lists a league's week as the league page ranks it, by any of its labels", async () => {
      const { body } = await getJson("/api/matches/league/premier-league", matchListSchema);
      expect(body.map((m) => `${m.rank}. ${m.homeTeam} v ${m.awayTeam} ${m.bestPick}`)).toEqual([
        "1. Arsenal v Sunderland Arsenal to Win",
        "2. Newcastle United v Brentford Newcastle United to Win",
        "3. Manchester United v Tottenham Hotspur Manchester United to Win",
        "4. Fulham v Everton Coming Soon",
      ]);
      for (const label of ["Premier%20League", "epl", "39", "E0"]) {
        expect((await getJson(`/api/matches/league/${label}`, matchListSchema)).body).toEqual(body);
      }
      const serieA = await getJson("/api/matches/league/serie-a", matchListSchema);
      expect(serieA.body).toEqual([]);
      expect(serieA.response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
      await expectError("/api/matches/league/mls", 400, "Unsupported league");
    });
  });

  describe("GET /api/live/{fixtureId}", () => {
    it("is kept by shared caches for one polling interval while live, and finds a match by its provider fixture id", async () => {
      const { body, response } = await getJson(`/api/live/${ids.arsenalSunderland}`, liveScoreSchema);
      expect(body).toMatchObject({ matchId: ids.arsenalSunderland, fixtureId: null, matchState: "live" });
      // Kick-off 15:00, the clock 15:50: half-time.
      expect(body).toMatchObject({ liveMinute: 45, status: "HT" });
      expect(body.events).toHaveLength(1);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=15");

      await db.execute(`update fixtures set api_football_fixture_id = 1379001 where id = ${ids.newcastleBrentford}`);
      const byProviderId = await getJson("/api/live/1379001", liveScoreSchema);
      expect(byProviderId.body).toMatchObject({
        matchId: ids.newcastleBrentford,
        fixtureId: 1379001,
        matchState: "pre-match",
        homeScore: null,
      });
      expect(byProviderId.response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
      // A match the provider names answers to the provider's id only.
      await expectError(`/api/live/${ids.newcastleBrentford}`, 404, "Match not found");
      const record = await getJson(`/api/matches/${ids.newcastleBrentford}`, matchRecordSchema);
      expect(record.body).toMatchObject({ fixtureId: 1379001, liveUrl: "/api/live/1379001" });
      await db.execute(`update fixtures set api_football_fixture_id = null where id = ${ids.newcastleBrentford}`);
    });

    it("answers a bad and an unknown fixture id", async () => {
      await expectError("/api/live/x1", 400, "fixtureId must be a whole number from 1 to 2147483647");
      await expectError("/api/live/888888", 404, "Match not found");
    });
  });

  describe("GET /api/standings/{league}", () => {
    it("answers the latest table with each position's band", async () => {
      const { body, response } = await getJson("/api/standings/premier-league", standingsSchema);
      expect(body).toHaveLength(20);
      expect(body.map((row) => row.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(body[0].band).toEqual({ key: "champions-league", label: "Champions League Places", emoji: "🔥" });
      expect(body[4].band?.label).toBe("Europa League Places");
      expect(body[19].band?.label).toBe("Relegation Zone");
      expect(body.some((row) => row.played > 0)).toBe(true);
      expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    });

    it("takes ligue1 and ligue-1 alike, and refuses other leagues", async () => {
      const ligue1 = await getJson("/api/standings/ligue1", standingsSchema);
      expect(ligue1.body).toHaveLength(18);
      expect(ligue1.body[15].band?.label).toBe("Relegation Zone");
      expect((await getJson("/api/standings/ligue-1", standingsSchema)).body).toEqual(ligue1.body);
      await expectError("/api/standings/eredivisie", 400, "Unsupported league");
    });
  });

  describe("the match page blocks by league and team ids", () => {
    it("GET /api/lineups: each side's latest lineup up to the match, at most 7 substitutes", async () => {
      const { body } = await getJson(`/api/lineups/39/${ARSENAL}/${SUNDERLAND}`, lineupsSchema);
      expect(body.awayTeam).toBeNull();
      expect(body.debug).toBeUndefined();
      expect(body.homeTeam).toMatchObject({
        teamId: ARSENAL,
        teamName: "Arsenal",
        formation: "4-3-3",
        coach: { name: "Mikel Arteta" },
        opponent: "Chelsea",
        lastMatchDate: "2026-01-31T15:00:00.000Z",
        lastMatchId: ids.chelseaArsenal,
      });
      expect(body.homeTeam!.startXI).toHaveLength(11);
      expect(body.homeTeam!.substitutes.map((p) => p.number)).toEqual([12, 13, 14, 15, 16, 17, 18]);

      const debug = await getJson(`/api/lineups/39/${ARSENAL}/${SUNDERLAND}?debug=1`, lineupsSchema);
      expect(debug.body.debug).toMatchObject({
        league: "premier-league",
        leagueApiId: 39,
        season: "2526",
        referenceMatchId: ids.arsenalSunderland,
      });
      expect(debug.body.debug!.steps.join("\n")).toContain(`from match ${ids.chelseaArsenal} against Chelsea`);
      expect(debug.body.debug!.steps.join("\n")).toContain("Away lineup: none stored for Sunderland");
      expect({ ...debug.body, debug: undefined }).toEqual({ ...body, debug: undefined });
    });

    it("GET /api/player-stats: each team's standouts, the keeper on his own", async () => {
      const { body } = await getJson(`/api/player-stats/39/${ARSENAL}/${SUNDERLAND}?debug=1`, playerStatsSchema);
      expect(body.homeTeam).toMatchObject({
        teamName: "Arsenal",
        topScorer: { name: "Bukayo Saka", goals: 9, rating: "7.6", highRating: false, passAccuracy: 81 },
        topAssists: { name: "Martin Odegaard", assists: 8 },
        topRated: { name: "Martin Odegaard", rating: "8.0", highRating: true },
        goalkeeper: { name: "David Raya" },
      });
      expect(body.awayTeam).toBeNull();
      expect(body.debug!.steps.join("\n")).toContain("no player figures stored for Sunderland in 2025/26");
    });

    it("GET /api/team-form-by-id: the last five finished matches before the match, with totals", async () => {
      const { body } = await getJson(
        `/api/team-form-by-id/premier-league/${ARSENAL}/${SUNDERLAND}`,
        teamFormPairSchema,
      );
      expect(
        body.homeTeam.recentMatches.map((f) => `${f.result} ${f.score} ${f.isHome ? "vs" : "at"} ${f.opponent}`),
      ).toEqual(["Draw 1-1 at Chelsea", "Win 2-1 vs Chelsea", "Draw 2-2 at Liverpool", "Win 2-0 vs Everton"]);
      expect(body.homeTeam.summary).toEqual({
        played: 4,
        wins: 2,
        draws: 2,
        losses: 0,
        goalsFor: 7,
        goalsAgainst: 4,
        form: "WDWD",
      });
      expect(body.awayTeam.name).toBe("Sunderland");
      const withDebug = await getJson(
        `/api/team-form-by-id/premier-league/${ARSENAL}/${SUNDERLAND}?debug=1`,
        teamFormPairSchema,
      );
      expect(withDebug.body.debug!.steps[1]).toContain("Arsenal's last 4 finished matches");
    });

    it("reads a pairing that never met up to now", async () => {
      const { body } = await getJson(
        `/api/team-form-by-id/39/${NEWCASTLE}/${teamId("barcelona")}?debug=true`,
        teamFormPairSchema,
      );
      expect(body.debug).toMatchObject({ referenceMatchId: null, referenceTime: worker.clock.now().toISOString() });
      expect(body.awayTeam.name).toBe("FC Barcelona");
    });

    it("answers bad leagues and ids with a 400 and unknown teams with a 404", async () => {
      for (const block of ["lineups", "player-stats", "team-form-by-id"]) {
        await expectError(`/api/${block}/999/${ARSENAL}/${SUNDERLAND}`, 400, "Unsupported league");
        await expectError(
          `/api/${block}/39/arsenal/${SUNDERLAND}`,
          400,
          "homeTeamId must be a whole number from 1 to 2147483647",
        );
        await expectError(
          `/api/${block}/39/${ARSENAL}/99999999999`,
          400,
          "awayTeamId must be a whole number from 1 to 2147483647",
        );
        await expectError(`/api/${block}/39/${ARSENAL}/${SUNDERLAND}?debug=yes`, 400, "debug must be 1 or 0");
        await expectError(`/api/${block}/39/${ARSENAL}/777777`, 404, "Team not found");
      }
    });
  });

  describe("picks", () => {
    it("GET /api/picks/match-of-the-week: 'Coming Soon' before the rotation chose, then the match page link, cached 5 minutes", async () => {
      const before = await getJson("/api/picks/match-of-the-week", matchOfTheWeekSchema);
      expect(before.body).toEqual({ matchPageLink: null, match: null });
      expect((await worker.run(matchOfTheWeekJob)).status).toBe("ok");
      const { body, response } = await getJson("/api/picks/match-of-the-week", matchOfTheWeekSchema);
      expect(body.matchPageLink).toBe("/premier-league-predictions/arsenal-vs-sunderland-prediction");
      expect(body.match).toMatchObject({
        league: "Premier League",
        homeTeam: "Arsenal",
        fkpBestPick: "Arsenal to Win",
        fkpConfidence: 81.5,
      });
      expect(response.headers.get("Cache-Control")).toBe(FIVE_MINUTES);
    });

    it("GET /api/picks/top-league-picks: one per league, keyed by league name", async () => {
      const { body } = await getJson("/api/picks/top-league-picks", topLeaguePicksSchema);
      expect(Object.keys(body)).toEqual(["Premier League", "La Liga", "Bundesliga", "Serie A", "Ligue 1"]);
      expect(body["Premier League"]).toMatchObject({
        leagueKey: "premier-league",
        matchSlug: "arsenal-vs-sunderland",
        matchPageLink: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
        fkpBestPick: "Arsenal to Win",
        projectedScore: "2-1",
        matchState: "live",
      });
      expect(body["Serie A"]).toBeNull();
      expect(body.Bundesliga).toMatchObject({ fkpBestPick: "Coming Soon", fkpConfidence: 0 });
    });

    it("GET /api/picks/top10: ten ranked picks, never cached, no sample data", async () => {
      const { body, response } = await getJson("/api/picks/top10", topPicksSchema);
      expect(body.lastUpdated).toBe(worker.clock.now().toISOString());
      expect(body.picks.map((p) => p.rank)).toEqual(body.picks.map((_, i) => i + 1));
      expect(body.picks.slice(0, 2).map((p) => p.fkpBestPick)).toEqual(["Arsenal to Win", "Newcastle United to Win"]);
      expect(body.picks.length).toBeLessThanOrEqual(10);
      // Spec 3: each pick carries its league's mark, served by the site like the club badges.
      for (const pick of body.picks) expect(pick.leagueBadgePath).toBe(`/badges/leagues/${pick.leagueKey}.svg?v=1`);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    });
  });

  describe("leaderboards", () => {
    it.each([
      ["top-scorers", ["Bukayo Saka", "Martin Odegaard", "David Raya"]],
      ["top-assists", ["Martin Odegaard", "Bukayo Saka", "David Raya"]],
      ["top-rated", ["David Raya", "Martin Odegaard", "Bukayo Saka"]],
    ])("GET /api/players/%s/{league}: the season's top 10, cached 30 minutes", async (kind, names) => {
      const { body, response } = await getJson(`/api/players/${kind}/premier-league`, leaderboardSchema);
      expect(body.map((p) => p.name)).toEqual(names);
      expect(body[0]).toMatchObject({ team: "Arsenal", position: expect.any(String) });
      expect(response.headers.get("Cache-Control")).toBe(THIRTY_MINUTES);
      expect((await getJson(`/api/players/${kind}/la-liga`, leaderboardSchema)).body).toEqual([]);
      await expectError(`/api/players/${kind}/mls`, 400, "Unsupported league");
    });
  });

  describe("the track record", () => {
    it("GET /api/algo-performance/overall and /league/{league}: the ledger's record", async () => {
      const overall = await getJson("/api/algo-performance/overall", overallPerformanceSchema);
      expect(overall.body).toMatchObject({
        totalMatchesPredicted: 1,
        bestPickHits: 1,
        bestPickMisses: 0,
        bestPickAccuracy: 100,
      });
      // The one settled best pick had a closing price, lower than the price it was locked at.
      expect(overall.body.closingLine).toEqual({ picks: 1, beatClose: 1, beatCloseRate: 100, meanClv: 0.05 });
      const league = await getJson("/api/algo-performance/league/premier-league", leaguePerformanceSchema);
      expect(league.body).toMatchObject({
        league: "premier-league",
        leagueName: "Premier League",
        bestPickHits: 1,
        ouGoalsMisses: 1,
        closingLine: { picks: 1, beatClose: 1, beatCloseRate: 100, meanClv: 0.05 },
      });
      await expectError("/api/algo-performance/league/mls", 400, "Unsupported league");
    });

    it("GET /api/algo-performance/recent-matches/{league}: the latest settled matches", async () => {
      const { body } = await getJson("/api/algo-performance/recent-matches/premier-league", recentSettledMatchesSchema);
      expect(body).toEqual([
        expect.objectContaining({
          matchId: ids.unitedSpurs,
          homeTeam: "Manchester United",
          finalScore: "2-0",
          bestPick: "Manchester United to Win",
          bestPickResult: "hit",
        }),
      ]);
      expect((await getJson("/api/algo-performance/recent-matches/serie-a", recentSettledMatchesSchema)).body).toEqual(
        [],
      );
    });
  });

  describe("teams and players", () => {
    it("GET /api/teams/{teamId}/info and /standing: the team page's header and table row", async () => {
      const info = await getJson(`/api/teams/${ARSENAL}/info`, teamInfoAnswerSchema);
      expect(info.body).toMatchObject({
        team: { id: ARSENAL, name: "Arsenal", code: "ARS", slug: "arsenal", url: "/premier-league/teams/arsenal" },
        league: { key: "premier-league", name: "Premier League", season: "2526" },
      });
      expect(info.response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
      const standing = await getJson(`/api/teams/${ARSENAL}/standing?league=premier-league`, teamStandingAnswerSchema);
      const table = await getJson("/api/standings/premier-league", standingsSchema);
      const row = table.body.find((r) => r.teamId === ARSENAL)!;
      expect(standing.body).toMatchObject({
        teamName: "Arsenal",
        rank: row.position,
        points: row.points,
        played: row.played,
      });
      // Asked about another league, the club has no row there.
      expect(
        (await getJson(`/api/teams/${ARSENAL}/standing?league=la-liga`, teamStandingAnswerSchema)).body,
      ).toBeNull();
    });

    it("GET /api/teams/{teamId}/recent-matches, /next-match and /statistics: results, the next match and the season's figures", async () => {
      const recent = await getJson(`/api/teams/${ARSENAL}/recent-matches`, teamRecentMatchesSchema);
      expect(
        recent.body.map((f) => `${f.teams.home.name} ${f.goals.home}-${f.goals.away} ${f.teams.away.name}`),
      ).toEqual(["Chelsea 1-1 Arsenal", "Arsenal 2-1 Chelsea", "Liverpool 2-2 Arsenal", "Arsenal 2-0 Everton"]);
      const next = await getJson(`/api/teams/${ARSENAL}/next-match`, teamNextMatchSchema);
      expect(next.body).toMatchObject({
        fixture: { id: ids.arsenalSunderland, state: "live" },
        teams: { away: { name: "Sunderland" } },
      });
      // The pick is the match page's: the same resolution as the match endpoint's.
      const match = await getJson(`/api/matches/${ids.arsenalSunderland}`, matchRecordSchema);
      expect(next.body?.pick).toEqual({
        bestPick: match.body.bestPick,
        confidence: match.body.confidence,
        confidenceLabel: match.body.confidenceLabel,
        isLocked: match.body.isLocked,
      });
      expect(next.body?.pick.bestPick).toBe("Arsenal to Win");
      expect(next.response.headers.get("Cache-Control")).toBe(LIVE_PAGE_CACHE);
      const statistics = await getJson(`/api/teams/${ARSENAL}/statistics`, teamStatisticsAnswerSchema);
      // This season: Arsenal 2-1 Chelsea and Chelsea 1-1 Arsenal.
      expect(statistics.body).toMatchObject({
        matches: 2,
        avgGoalsScored: 1.5,
        avgGoalsConceded: 1,
        homeWinRate: 100,
        awayWinRate: 0,
      });
      expect(
        (await getJson(`/api/teams/${teamId("barcelona")}/statistics`, teamStatisticsAnswerSchema)).body,
      ).toBeNull();
    });

    it("GET /api/teams/{teamId}/players: every player's season, key players first, then keepers", async () => {
      const { body } = await getJson(`/api/teams/${ARSENAL}/players`, teamSquadStatsSchema);
      expect(body.map((p) => p.name)).toEqual(["Bukayo Saka", "Martin Odegaard", "David Raya"]);
      expect((await getJson(`/api/teams/${SUNDERLAND}/players`, teamSquadStatsSchema)).body).toEqual([]);
    });

    it("GET /api/teams/resolve: ids, slugs, codes and names, with the club's league", async () => {
      const cases: [string, number, string][] = [
        ["/api/teams/resolve/premier-league/arsenal", ARSENAL, "premier-league"],
        ["/api/teams/resolve/arsenal", ARSENAL, "premier-league"],
        [`/api/teams/resolve/${ARSENAL}`, ARSENAL, "premier-league"],
        ["/api/teams/resolve/la-liga/barcelona", teamId("barcelona"), "la-liga"],
        ["/api/teams/resolve/bundesliga/Bayern%20M%C3%BCnchen", teamId("bayern-munich"), "bundesliga"],
      ];
      for (const [path, id, league] of cases) {
        expect((await getJson(path, resolvedTeamAnswerSchema)).body, path).toEqual({ teamId: id, league });
      }
      await expectError("/api/teams/resolve/nowhere-fc", 404, "Team not found");
      await expectError("/api/teams/resolve/mls/arsenal", 400, "Unsupported league");
      await expectError(`/api/teams/resolve/${"a".repeat(101)}`, 400, "teamSlug must be 1 to 100 characters");
    });

    it("answers bad and unknown team ids and leagues", async () => {
      for (const block of ["info", "statistics", "standing", "recent-matches", "next-match", "players"]) {
        await expectError(`/api/teams/abc/${block}`, 400, "teamId must be a whole number from 1 to 2147483647");
        await expectError(`/api/teams/777777/${block}`, 404, "Team not found");
        await expectError(`/api/teams/${ARSENAL}/${block}?league=mls`, 400, "Unsupported league");
      }
    });

    it("GET /api/players/{id}/statistics and /recent-form: the player page's season and last matches", async () => {
      const statistics = await getJson("/api/players/9001/statistics", playerStatisticsAnswerSchema);
      expect(statistics.body).toMatchObject({
        player: { id: 9001, name: "Bukayo Saka", nationality: "England", age: 24 },
        team: { id: ARSENAL, name: "Arsenal" },
        league: { name: "Premier League" },
        statistics: { appearances: 22, minutes: 1800, goals: { total: 9, assists: 6 }, rating: "7.62" },
      });
      const form = await getJson("/api/players/9001/recent-form", playerRecentFormAnswerSchema);
      expect(form.body).toEqual([
        expect.objectContaining({
          fixture: { id: ids.chelseaArsenal, date: "2026-01-31T15:00:00.000Z" },
          goals: { home: 1, away: 1 },
          playerPerformance: expect.objectContaining({ minutes: 90, goals: 1, rating: "8.10" }),
        }),
      ]);
      await expectError("/api/players/424242/statistics", 404, "Player not found");
      await expectError("/api/players/424242/recent-form", 404, "Player not found");
      await expectError("/api/players/saka/statistics", 400, "id must be a whole number from 1 to 2147483647");
    });
  });

  describe("the editors' desk", () => {
    it("GET /api/editor/fixtures/{league}: this week's and next week's fixtures with their preview's key and status", async () => {
      const { body, response } = await getJson("/api/editor/fixtures/premier-league", editorFixtureListSchema);
      expect(body.now).toBe(worker.clock.now().toISOString());
      expect(body.from).toBe("2026-02-02T00:00:00.000Z");
      expect(body.to).toBe("2026-02-16T00:00:00.000Z");
      const kickoffs = body.fixtures.map((fixture) => fixture.kickoffAt);
      expect(kickoffs).toEqual([...kickoffs].sort());
      expect(kickoffs.every((kickoff) => kickoff >= body.from && kickoff < body.to)).toBe(true);
      expect(body.fixtures.some((fixture) => fixture.kickoffAt >= "2026-02-09")).toBe(true);
      const newcastle = body.fixtures.find((fixture) => fixture.id === ids.newcastleBrentford)!;
      expect(newcastle).toMatchObject({
        season: "2526",
        state: "pre-match",
        kickedOff: false,
        homeTeam: { name: "Newcastle United", slug: "newcastle-united" },
        awayTeam: { name: "Brentford", slug: "brentford" },
        matchId: "premier-league/newcastle-united-vs-brentford",
        previewDocumentId: "matchPreview-2526-premier-league-newcastle-united-vs-brentford",
        published: true,
        bestPick: "Newcastle United to Win",
      });
      const arsenal = body.fixtures.find((fixture) => fixture.id === ids.arsenalSunderland)!;
      expect(arsenal).toMatchObject({ state: "live", kickedOff: true, published: false });
      expect(response.headers.get("Cache-Control")).toBe(LIVE_PAGE_CACHE);
      await expectError("/api/editor/fixtures/eredivisie", 400, "Unsupported league");
    });

    it("GET /api/editor/fixture/...: the match page's own record, the algorithm's pick, fair odds and the table around the clubs", async () => {
      const path = "/api/editor/fixture/premier-league/2526/newcastle-united/brentford";
      const { body } = await getJson(path, editorFixtureDataSchema);
      const site = await getJson("/api/match/premier-league/newcastle-united-vs-brentford", matchRecordSchema);
      expect(body.match).toEqual(site.body);
      expect(body.algorithm).toEqual({
        bestPick: "Over 2.5 Goals",
        confidence: 61,
        result: "1",
        overUnder: "Over 2.5 Goals",
        btts: "YES",
        bttsConfidence: 55,
        projectedScore: "2-1",
        modelVersion: MODEL,
      });
      const fair = body.fairOdds!;
      expect(fair.home! + fair.draw! + fair.away!).toBeCloseTo(1, 9);
      expect(fair.home!).toBeGreaterThan(0);
      const positions = body.table.map((row) => row.position);
      const clubs = body.table.filter((row) => [NEWCASTLE, BRENTFORD].includes(row.teamId));
      expect(clubs).toHaveLength(2);
      for (const row of body.table)
        expect(clubs.some((club) => Math.abs(club.position - row.position) <= 2)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(body.locked).toBeNull();
      expect(body.review).toEqual([]);

      const live = await getJson("/api/editor/fixture/premier-league/2526/arsenal/sunderland", editorFixtureDataSchema);
      expect(live.body.fixture.kickedOff).toBe(true);
      expect(live.body.locked).toMatchObject({ bestPick: "Arsenal to Win", confidence: 81.5, source: "algorithm" });
      await expectError("/api/editor/fixture/premier-league/2526/arsenal/brentford-x", 404, "Match not found");
      await expectError(
        "/api/editor/fixture/premier-league/25-26/arsenal/sunderland",
        400,
        "season must be a season code of the editors' content, e.g. 2526",
      );
      await expectError(
        "/api/editor/fixture/premier-league/2526/Arsenal!/sunderland",
        400,
        "team slugs are 1 to 100 lower-case letters, digits and hyphens",
      );
    });
  });

  describe("every endpoint", () => {
    /** A request each endpoint answers with a 200. */
    const samplePath = (name: keyof typeof ENDPOINTS): string =>
      ({
        matchById: `/api/matches/${ids.unitedSpurs}`,
        matchBySlug: "/api/match/premier-league/manchester-united-vs-tottenham-hotspur",
        editorFixtures: "/api/editor/fixtures/premier-league",
        editorFixture: "/api/editor/fixture/premier-league/2526/newcastle-united/brentford",
        matches: "/api/matches",
        leagueMatches: "/api/matches/league/premier-league",
        live: `/api/live/${ids.arsenalSunderland}`,
        standings: "/api/standings/premier-league",
        seasonOutlook: "/api/season-outlook/premier-league",
        lineups: `/api/lineups/39/${ARSENAL}/${SUNDERLAND}`,
        playerStats: `/api/player-stats/39/${ARSENAL}/${SUNDERLAND}`,
        teamForm: `/api/team-form-by-id/39/${ARSENAL}/${SUNDERLAND}`,
        matchOfTheWeek: "/api/picks/match-of-the-week",
        topLeaguePicks: "/api/picks/top-league-picks",
        topPicks: "/api/picks/top10",
        topScorers: "/api/players/top-scorers/premier-league",
        topAssists: "/api/players/top-assists/premier-league",
        topRated: "/api/players/top-rated/premier-league",
        algoPerformanceOverall: "/api/algo-performance/overall",
        algoPerformanceLeague: "/api/algo-performance/league/premier-league",
        algoRecentMatches: "/api/algo-performance/recent-matches/premier-league",
        algoPerformanceOddsCheck: "/api/algo-performance/odds-check",
        teamInfo: `/api/teams/${ARSENAL}/info`,
        teamStatistics: `/api/teams/${ARSENAL}/statistics`,
        teamStanding: `/api/teams/${ARSENAL}/standing`,
        teamRecentMatches: `/api/teams/${ARSENAL}/recent-matches`,
        teamNextMatch: `/api/teams/${ARSENAL}/next-match`,
        teamPlayers: `/api/teams/${ARSENAL}/players`,
        teamResolveInLeague: "/api/teams/resolve/premier-league/arsenal",
        teamResolve: "/api/teams/resolve/arsenal",
        playerStatistics: "/api/players/9001/statistics",
        playerRecentForm: "/api/players/9001/recent-form",
        search: "/api/search?q=arsenal",
      })[name];
    const names = Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[];

    it("answers its sample with a body of its schema, an ETag and a 304 for it, and a 405 to POST", async () => {
      for (const name of names) {
        const endpoint = ENDPOINTS[name];
        const { response } = await getJson(samplePath(name), endpoint.response);
        const etag = response.headers.get("ETag")!;
        const notModified = await send(samplePath(name), { headers: { "If-None-Match": etag } });
        expect(notModified.status, name).toBe(304);
        const post = await send(samplePath(name), { method: "POST", body: "{}" });
        expect(post.status, name).toBe(405);
        expect(post.headers.get("Allow")).toBe("GET, HEAD");
      }
    });

    it("answers hostile path segments with a 4xx, never a 5xx", async () => {
      for (const name of names) {
        const sample = samplePath(name).split("/");
        const endpointSegments = ENDPOINTS[name].path.split("/");
        const parameterIndexes = endpointSegments.flatMap((segment, index) => (segment.startsWith("{") ? [index] : []));
        for (const index of parameterIndexes) {
          for (const bad of BAD_SEGMENTS) {
            const path = sample.map((segment, i) => (i === index ? bad : segment)).join("/");
            const response = await send(path);
            expect([400, 404], `${path}: ${response.status}`).toContain(response.status);
            errorSchema.parse(await response.json());
          }
        }
      }
    });

    it("answers any other path under /api with a JSON 404", async () => {
      for (const path of ["/api/nothing", "/api/matches/1/extra", "/api/standings", "/api/picks"]) {
        const response = await send(path);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ error: "Not Found" });
      }
    });
  });

  describe("GET /api", () => {
    it("serves the OpenAPI description as JSON, and as a page to a browser", async () => {
      const response = await send("/api");
      expect(response.status).toBe(200);
      expect(response.headers.get("Vary")).toBe("Accept");
      const document = await response.json();
      expect(document).toMatchObject({
        openapi: "3.1.0",
        info: { title: "First Kick Picks API" },
        servers: [{ url: "/" }],
      });
      expect(Object.keys(document.paths)).toContain("/api/matches/{id}");

      const page = await send("/api", { headers: { Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" } });
      expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const html = await page.text();
      expect(html).toContain("<h1>First Kick Picks API</h1>");
      expect(html).toContain("/api/picks/match-of-the-week");
      expect(page.headers.get("ETag")).not.toBe(response.headers.get("ETag"));

      expect((await send("/api?format=json", { headers: { Accept: "text/html" } })).headers.get("Content-Type")).toBe(
        "application/json; charset=utf-8",
      );
      await expectError("/api?format=xml", 400, "format must be json or html");
      expect((await send("/api", { method: "POST" })).status).toBe(405);
    });
  });
});
