import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { countQueries } from "@shared/db/query-count";
import { predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { LEAGUES } from "@shared/domain/leagues";
import { leagueSchedule, leagueScheduleKey, matchweeksAround } from "@shared/domain/matchweeks";
import { teamsInLeague } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { jobDbOf } from "@sync-worker/jobs/job-db";
import { lockPicksJob } from "@sync-worker/jobs/lock-picks";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { settlePicksJob } from "@sync-worker/jobs/settle-picks";
import { refreshLeagueSchedules } from "@sync-worker/store/league-schedules";
import { directorySource } from "@sync-worker/providers/football-data-csv/source";
import { writeSyntheticSeasons } from "@sync-worker/test-support/synthetic-seasons";
import { emptyContent, REPLAY_MOMENT, testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { listLeagueMatches } from "../match/match-lists.server";
import { getLeagueSchedule, listLeagueWeek, listMatchweekMatches, matchweekWindow } from "../match/matchweeks.server";
import { matchweekHitRate } from "./matchweek-page.server";

/**
 * Made-up Premier League seasons, a round each Saturday from 2 August 2025 (round 28 is the
 * default replay moment's Saturday, 7 February 2026), with one match moved: the match opening
 * round 20 in the file, played on Wednesday 7 January instead of Saturday 13 December.
 */
const SEASON = "2526";
const MOVED_TO = "07/01/2026";

describe.each(testDatabases())("matchweek pages' read model on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let dataDir: string;
  let moved: { home: string; away: string };
  const context = () => ({ db, clock: worker.clock, content: emptyContent() });
  const fixtureOf = async (date: string) =>
    db.execute<{
      id: number;
      home_team_id: number;
      away_team_id: number;
      kickoff_at: Date;
      home_score: number | null;
      away_score: number | null;
    }>(
      `select id, home_team_id, away_team_id, kickoff_at, home_score, away_score from fixtures
       where league = 'premier-league' and season = '${SEASON}' and kickoff_at::date = '${date}' order by id`,
    );

  beforeAll(async () => {
    db = await testDb.open();
    dataDir = mkdtempSync(path.join(tmpdir(), "fkp-matchweeks-"));
    writeSyntheticSeasons(dataDir, ["2425", SEASON]);
    const file = path.join(dataDir, SEASON, "E0.csv");
    const lines = readFileSync(file, "utf8").trim().split("\n");
    // Line 1 is the header; round 20's first match is line 1 + 19 × 10 + 1.
    const round20 = lines[191].split(",");
    expect(round20[1]).toBe("13/12/2025");
    moved = { home: round20[3], away: round20[4] };
    round20[1] = MOVED_TO;
    lines[191] = round20.join(",");
    writeFileSync(file, `${lines.join("\n")}\n`);

    worker = testWorker(db, { now: REPLAY_MOMENT, source: directorySource(dataDir), backfillSeasons: 2 });
    for (const job of [referenceDataJob, backfillJob]) expect((await worker.run(job)).status).toBe("ok");

    // Round 27 (Saturday 31 January): an algorithm pick on every match made before kick-off, the
    // home side to win, locked and settled as the worker does.
    const round27 = await fixtureOf("2026-01-31");
    expect(round27).toHaveLength(10);
    const name = (id: number) =>
      db.execute<{ name: string }>(`select name from teams where id = ${id}`).then((rows) => rows[0].name);
    for (const fixture of round27) {
      await db.db.insert(predictions).values({
        fixtureId: fixture.id,
        modelVersion: "test-model-1",
        probHome: 0.5,
        probDraw: 0.25,
        probAway: 0.25,
        probOver25: 0.5,
        probBtts: 0.5,
        expectedGoalsHome: 1.5,
        expectedGoalsAway: 1.1,
        projectedHomeScore: 2,
        projectedAwayScore: 1,
        resultPick: "1",
        overUnderPick: "Over 2.5 Goals",
        bttsPick: "YES",
        bttsConfidence: 50,
        bestPick: `${await name(fixture.home_team_id)} to Win`,
        confidence: 60 + (fixture.id % 30),
        predictedAt: new Date("2026-01-30T09:00:00Z"),
      });
    }
    expect((await worker.run(lockPicksJob)).status).toBe("ok");
    expect((await worker.run(settlePicksJob)).status).toBe("ok");
  });

  afterAll(async () => {
    await testDb.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("numbers the season's rounds 1 to 38 from the schedule, the replay's Saturday being matchweek 28", async () => {
    const { result, queries } = await countQueries(() => listLeagueWeek(context(), "premier-league", SEASON, false));
    // The season's stored schedule and the week's fixtures, then the week's predictions and ledger rows.
    expect(queries).toBe(4);
    const { schedule, matches } = result;
    // A week whose round is played within it: the league page lists the calendar week's matches.
    expect(matches.map((match) => match.id)).toEqual(
      (await listLeagueMatches(context(), "premier-league", false)).map((match) => match.id),
    );
    expect(matches).toHaveLength(10);
    expect([...schedule.centres.keys()]).toEqual(Array.from({ length: 38 }, (_, index) => index + 1));
    expect(schedule.centres.get(1)?.toISOString().slice(0, 10)).toBe("2025-08-02");
    expect(matchweeksAround(schedule, matchweekWindow(REPLAY_MOMENT))).toEqual({
      current: [28],
      previous: 27,
      next: 29,
    });
  });

  it("lists the round the page names: not last Monday's match of the previous round, and this round's Monday match", async () => {
    const [lastMonday] = await fixtureOf("2026-01-31");
    const round28 = await db.execute<{ id: number; kickoff_at: Date }>(
      `select id, kickoff_at from fixtures where league = 'premier-league' and season = '${SEASON}' and kickoff_at::date = '2026-02-07' order by id limit 1`,
    );
    expect(round28).toHaveLength(1);
    const [nextMonday] = round28;
    // Round 27's match played on Monday 2 February (in the calendar week), round 28's on Monday 9 February (after it).
    await db.execute(`update fixtures set kickoff_at = '2026-02-02T20:00:00Z' where id = ${lastMonday.id}`);
    await db.execute(`update fixtures set kickoff_at = '2026-02-09T20:00:00Z' where id = ${nextMonday.id}`);
    try {
      const { matches } = await listLeagueWeek(context(), "premier-league", SEASON, false);
      const ids = matches.map((match) => match.id);
      expect(ids).toHaveLength(10);
      expect(ids).not.toContain(lastMonday.id);
      expect(ids).toContain(nextMonday.id);
      // Round 27's Monday match stays on its own matchweek's page.
      expect(
        (await listMatchweekMatches(context(), "premier-league", SEASON, 27, false)).matches.map((match) => match.id),
      ).toContain(lastMonday.id);
    } finally {
      await db.execute(
        `update fixtures set kickoff_at = '${new Date(lastMonday.kickoff_at).toISOString()}' where id = ${lastMonday.id}`,
      );
      await db.execute(
        `update fixtures set kickoff_at = '${new Date(nextMonday.kickoff_at).toISOString()}' where id = ${nextMonday.id}`,
      );
    }
  });

  it("shows a past week's final scores with the pick locked before kick-off and the ledger's HIT or MISS", async () => {
    const { result, queries } = await countQueries(() =>
      listMatchweekMatches(context(), "premier-league", SEASON, 27, false),
    );
    // The season's stored schedule, then the round's fixtures, predictions and ledger rows by id.
    expect(queries).toBe(4);
    const { matches } = result;
    expect(matches).toHaveLength(10);
    expect(matches.every((match) => match.state === "post-match" && match.homeScore !== null)).toBe(true);
    for (const match of matches) {
      expect(match.resolution).toMatchObject({
        isLocked: true,
        bestPick: `${match.home.name} to Win`,
        confidenceLabel: "100%",
      });
      const homeWon = match.homeScore! > match.awayScore!;
      expect(match.resolution.picks.best.outcome, `${match.home.name} v ${match.away.name}`).toBe(
        homeWon ? "hit" : "miss",
      );
    }
    // Ranked like the league page: by the locked pick's confidence.
    const confidences = matches.map((match) => match.pickConfidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));

    const hits = matches.filter((match) => match.homeScore! > match.awayScore!).length;
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(10);
    expect(matchweekHitRate(matches)).toEqual({ hits, misses: 10 - hits, rate: Math.round(hits * 1000) / 100 });
  });

  it("takes HIT and MISS from the ledger, never from the score as it reads now", async () => {
    const [first] = await fixtureOf("2026-01-31");
    const before = (await listMatchweekMatches(context(), "premier-league", SEASON, 27, false)).matches.find(
      (m) => m.id === first.id,
    )!;
    // A corrected score after settlement: the ledger's settlement still stands on the page.
    await db.execute(`update fixtures set home_score = 0, away_score = 9 where id = ${first.id}`);
    try {
      const after = (await listMatchweekMatches(context(), "premier-league", SEASON, 27, false)).matches.find(
        (m) => m.id === first.id,
      )!;
      expect(after.awayScore).toBe(9);
      expect(after.resolution.picks.best.outcome).toBe(before.resolution.picks.best.outcome);
    } finally {
      await db.execute(
        `update fixtures set home_score = ${first.home_score}, away_score = ${first.away_score} where id = ${first.id}`,
      );
    }
  });

  it("shows a week without ledger rows without HIT or MISS, and no hit rate", async () => {
    const { matches } = await listMatchweekMatches(context(), "premier-league", SEASON, 26, false);
    expect(matches).toHaveLength(10);
    expect(
      matches.every((match) => match.state === "post-match" && match.resolution.picks.best.outcome === "pending"),
    ).toBe(true);
    expect(matchweekHitRate(matches)).toBeNull();
  });

  it("shows a week to come with its fixtures and 'Coming Soon' where no prediction is stored yet", async () => {
    const { matches } = await listMatchweekMatches(context(), "premier-league", SEASON, 30, false);
    expect(matches).toHaveLength(10);
    expect(matches.every((match) => match.state === "pre-match" && match.homeScore === null)).toBe(true);
    expect(matches.every((match) => match.kickoffAt.startsWith("2026-02-21"))).toBe(true);
    expect(matches.every((match) => match.resolution.bestPick === "Coming Soon" && !match.moved)).toBe(true);
  });

  it("shows a postponed match in the week it is played, marked as moved, and not in its round's week", async () => {
    const home = teamsInLeague("premier-league", SEASON).find((team) => team.footballDataName === moved.home)?.id;
    expect(home).toBeDefined();
    const week20 = (await listMatchweekMatches(context(), "premier-league", SEASON, 20, false)).matches;
    expect(week20).toHaveLength(9);
    expect(week20.some((match) => match.moved)).toBe(false);
    // Wednesday 7 January is nearer round 24's Saturday (10 January) than round 23's (3 January).
    const week24 = (await listMatchweekMatches(context(), "premier-league", SEASON, 24, false)).matches;
    expect(week24).toHaveLength(11);
    const movedCards = week24.filter((match) => match.moved);
    expect(movedCards).toHaveLength(1);
    expect(movedCards[0].kickoffAt.slice(0, 10)).toBe("2026-01-07");
    expect(movedCards[0].home.id).toBe(home);
  });
  it("reads the schedule the worker stored, one statement, equal to the one computed from the season's fixtures", async () => {
    const rows = await db.execute<{
      id: number;
      kickoff_at: string | Date;
      home_team_id: number;
      away_team_id: number;
    }>(
      `select id, kickoff_at, home_team_id, away_team_id from fixtures where league = 'premier-league' and season = '${SEASON}' and is_active`,
    );
    const fromFixtures = leagueSchedule(
      rows.map((r) => ({
        id: r.id,
        kickoffAt: new Date(r.kickoff_at),
        homeTeamId: r.home_team_id,
        awayTeamId: r.away_team_id,
      })),
      LEAGUES["premier-league"].matchweeks,
    );
    const [row] = await db.execute<{ key: string }>(
      `select key from read_models where key = '${leagueScheduleKey("premier-league", SEASON)}'`,
    );
    expect(row).toBeDefined();
    const { result, queries } = await countQueries(() => getLeagueSchedule(context(), "premier-league", SEASON));
    expect(queries).toBe(1);
    expect(result).toEqual(fromFixtures);
  });

  it("computes the schedule from the season's fixtures while the worker has stored none, with the same pages", async () => {
    const pages = async () => ({
      week: await listLeagueWeek(context(), "premier-league", SEASON, false),
      rounds: await Promise.all(
        [20, 24, 27, 30].map((week) => listMatchweekMatches(context(), "premier-league", SEASON, week, false)),
      ),
    });
    const stored = await pages();
    await db.execute(`delete from read_models where key = '${leagueScheduleKey("premier-league", SEASON)}'`);
    try {
      const { result, queries } = await countQueries(() => getLeagueSchedule(context(), "premier-league", SEASON));
      // The missing row, then the season's fixtures (four columns, no clubs).
      expect(queries).toBe(2);
      expect(result).toEqual(stored.week.schedule);
      // A damaged or outdated row counts as none.
      await db.execute(
        `insert into read_models (key, inputs, payload) values ('${leagueScheduleKey("premier-league", SEASON)}', 'test', '{"version": 0}'::jsonb)`,
      );
      expect(await getLeagueSchedule(context(), "premier-league", SEASON)).toEqual(stored.week.schedule);
      expect(await pages()).toEqual(stored);
    } finally {
      await db.execute(`delete from read_models where key = '${leagueScheduleKey("premier-league", SEASON)}'`);
      expect(await refreshLeagueSchedules(jobDbOf(db), [{ league: "premier-league", season: SEASON }])).toBe(1);
    }
    expect(await pages()).toEqual(stored);
  });
});
