import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { readDataVersions } from "@shared/db/data-versions";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { testWorker, type TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { fixturesAndOddsJob } from "./fixtures-and-odds";
import { jobDbOf } from "./job-db";
import { liveJob } from "./live";
import { referenceDataJob } from "./reference-data";
import { resultsJob } from "./results";
import { standingsJob } from "./standings";
import { teamStatisticsJob } from "./team-statistics";

const id = (slug: string) => getTeamBySlug(slug)!.id;

interface FixtureState {
  match_state: string;
  status: string;
  live_minute: number | null;
  home_score: number | null;
  away_score: number | null;
  home_shots: number | null;
  referee: string | null;
}

describe.each(testDatabases())("match data jobs on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db);
  });
  afterAll(() => testDb.dispose());

  const count = async (sql: string) => Number((await db.execute<{ n: string }>(sql))[0].n);
  const fixture = async (home: string, away: string) =>
    (
      await db.execute<FixtureState & { id: number }>(
        `select id, match_state, status, live_minute, home_score, away_score, home_shots, referee from fixtures
         where home_team_id = ${id(home)} and away_team_id = ${id(away)} order by kickoff_at desc limit 1`,
      )
    )[0];

  it("loads the registry's clubs and the seasons up to the clock's, and a second run writes nothing", async () => {
    const first = await worker.run(referenceDataJob);
    expect(first.status).toBe("ok");
    expect(
      await count("select count(*) as n from teams where slug = 'arsenal' and football_data_name = 'Arsenal'"),
    ).toBe(1);
    expect(await count("select count(*) as n from seasons")).toBe(5 * 21);
    expect(await count("select count(*) as n from seasons where is_current and season = '2526'")).toBe(5);
    expect((await worker.run(referenceDataJob)).rowsWritten).toBe(0);
  });

  it("backfills the seasons, rejects bad rows with a specific log line, imports the rest, and writes nothing the second time", async () => {
    const run = await worker.run(backfillJob);
    expect(run).toMatchObject({ status: "ok", rowsRead: 22, rowsRejected: 4 });
    expect(await count("select count(*) as n from fixtures")).toBe(4 + 8 + 6);
    expect(await count("select count(*) as n from fixtures where league = 'bundesliga'")).toBe(6);
    const lines = worker.log.lines.map((l) => `${l.level} ${l.line}`);
    expect(lines).toContain(
      'warn [sync:backfill] rejected 2526/E0.csv line 10: unknown team "Atletico Springfield" (not in the team registry: add its football-data.co.uk name to shared/domain/teams)',
    );
    expect(lines).toContain(
      'error [sync:football-data] unknown team "Atletico Springfield" in 2526/E0.csv (line 10): not in the team registry; add its football-data.co.uk name to shared/domain/teams',
    );
    expect(lines).toContain(
      "warn [sync:backfill] rejected 2526/E0.csv line 11: duplicate fixture Arsenal v Chelsea in 2526 (first on line 2)",
    );
    expect(lines).toContain(
      "warn [sync:backfill] rejected 2526/E0.csv line 9: malformed row: 7 fields where the header has 48",
    );

    const [logged] = await db.execute<{ status: string; rows_rejected: number; details: { rejected: string[] } }>(
      `select status, rows_rejected, details from sync_runs where id = ${run.id}`,
    );
    expect(logged.status).toBe("ok");
    expect(logged.rows_rejected).toBe(4);
    expect(logged.details.rejected).toContain('2526/E0.csv:12: unreadable date "31/02/2026"');

    const again = await worker.run(backfillJob);
    expect(again).toMatchObject({ status: "ok", rowsWritten: 0 });
    expect(await count("select count(*) as n from fixtures")).toBe(18);
  });

  it("stores every match as the replay clock sees it: finished, live at half-time, not started", async () => {
    expect(await fixture("manchester-united", "tottenham-hotspur")).toMatchObject({
      match_state: "post-match",
      status: "FT",
      home_score: 2,
      away_score: 0,
      home_shots: 15,
      referee: "P Tierney",
    });
    expect(await fixture("arsenal", "sunderland")).toMatchObject({
      match_state: "live",
      status: "HT",
      live_minute: 45,
      home_score: 1,
      away_score: 0,
      home_shots: null,
    });
    expect(await fixture("sc-freiburg", "werder-bremen")).toMatchObject({
      match_state: "live",
      status: "2H",
      live_minute: 63,
    });
    const later = await fixture("newcastle-united", "brentford");
    expect(later).toMatchObject({ match_state: "pre-match", status: "NS", home_score: null, referee: null });
    expect(
      await count(`select count(*) as n from fixture_odds where fixture_id = ${later.id} and kind = 'closing'`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from fixture_odds where fixture_id = ${later.id} and kind = 'opening'`),
    ).toBe(3);
    const [kickoff] = await db.execute<{ kickoff_at: Date | string }>(
      `select kickoff_at from fixtures where home_team_id = ${id("arsenal")} and away_team_id = ${id("chelsea")}`,
    );
    expect(new Date(kickoff.kickoff_at).toISOString()).toBe("2025-08-16T14:00:00.000Z");
  });

  it("adds the upcoming matches of fixtures.csv with their opening odds", async () => {
    const run = await worker.run(fixturesAndOddsJob);
    expect(run.status).toBe("ok");
    const upcoming = await fixture("arsenal", "everton");
    expect(upcoming).toMatchObject({ match_state: "pre-match", status: "NS", home_score: null });
    expect(
      await count(`select count(*) as n from fixture_odds where fixture_id = ${upcoming.id} and kind = 'opening'`),
    ).toBe(2);
    expect((await worker.run(fixturesAndOddsJob)).rowsWritten).toBe(0);
  });

  it("computes the league tables from the results with every club of the season, and writes a snapshot only when the table changes", async () => {
    const run = await worker.run(standingsJob);
    expect(run.status).toBe("ok");
    const table = await db.execute<{
      team_id: number;
      position: number;
      points: number;
      played: number;
      form: string | null;
    }>(`
      select r.team_id, r.position, r.points, r.played, r.form from standing_rows r
      join standings_snapshots s on s.id = r.snapshot_id
      where s.league = 'premier-league' and s.season = '2526' order by r.position`);
    expect(table).toHaveLength(20);
    expect(table[0]).toEqual({ team_id: id("arsenal"), position: 1, points: 4, played: 2, form: "WD" });
    expect(table.find((row) => row.team_id === id("sunderland"))).toMatchObject({ points: 0, played: 0, form: null });
    expect((await worker.run(standingsJob)).rowsWritten).toBe(0);
  });

  it("computes each club's season figures from the results, home and away", async () => {
    expect((await worker.run(teamStatisticsJob)).status).toBe("ok");
    const [arsenal] = await db.execute(
      `select * from team_season_stats where team_id = ${id("arsenal")} and season = '2526'`,
    );
    expect(arsenal).toMatchObject({
      source: "results",
      played_home: 1,
      played_away: 1,
      wins_home: 1,
      draws_away: 1,
      goals_for_home: 2,
      goals_for_away: 1,
      goals_against_home: 1,
      goals_against_away: 1,
      clean_sheets: 0,
      over25_matches: 1,
      both_scored_matches: 2,
      form: "WD",
    });
    expect((await worker.run(teamStatisticsJob)).rowsWritten).toBe(0);
  });

  it("follows live matches every tick until the final whistle, then asks for standings and settlement", async () => {
    worker.setNow("2026-02-07T16:20:00Z");
    expect(await liveJob.cadence.due!({ db: jobDbOf(db), clock: worker.clock })).toBe(true);
    const before = await readDataVersions(db);
    const tick = await worker.run(liveJob);
    // A tick that only moves scores and minutes changes the live version alone: pages showing
    // no match in play stay cached.
    expect(await readDataVersions(db)).toEqual({ ...before, live: before.live + 1 });
    expect(tick.status).toBe("ok");
    expect(await fixture("arsenal", "sunderland")).toMatchObject({
      match_state: "live",
      status: "2H",
      live_minute: 63,
      home_score: 1,
    });
    expect(await fixture("sc-freiburg", "werder-bremen")).toMatchObject({ match_state: "live", live_minute: 90 });
    expect(tick.next).toEqual([]);

    worker.setNow("2026-02-07T17:00:00Z");
    const beforeWhistle = await readDataVersions(db);
    const whistle = await worker.run(liveJob);
    expect(await readDataVersions(db)).toEqual({
      ...beforeWhistle,
      live: beforeWhistle.live + 1,
      data: beforeWhistle.data + 1,
    });
    expect(await fixture("arsenal", "sunderland")).toMatchObject({
      match_state: "post-match",
      status: "FT",
      home_score: 3,
      away_score: 0,
    });
    expect(whistle.next).toEqual(["standings", "team-statistics", "settle-picks"]);
    await worker.run(standingsJob);
    const [arsenal] = await db.execute<{ points: number }>(`
      select r.points from standing_rows r join standings_snapshots s on s.id = r.snapshot_id
      where s.league = 'premier-league' and r.team_id = ${id("arsenal")} order by s.taken_at desc, s.id desc limit 1`);
    expect(arsenal.points).toBe(7);
  });

  it("catches up with the results of every match that has kicked off, including closing odds", async () => {
    worker.setNow("2026-02-07T19:40:00Z");
    const before = await readDataVersions(db);
    const run = await worker.run(resultsJob);
    expect(run.status).toBe("ok");
    expect(await readDataVersions(db)).toEqual({ ...before, data: before.data + 1 });
    const newcastle = await fixture("newcastle-united", "brentford");
    expect(newcastle).toMatchObject({ match_state: "post-match", home_score: 2, away_score: 3, home_shots: 16 });
    expect(
      await count(`select count(*) as n from fixture_odds where fixture_id = ${newcastle.id} and kind = 'closing'`),
    ).toBe(3);
    expect((await worker.run(resultsJob)).rowsWritten).toBe(0);
    // Nothing written, nothing bumped: cached pages stay.
    expect(await readDataVersions(db)).toEqual({ ...before, data: before.data + 1 });
    expect(await liveJob.cadence.due!({ db: jobDbOf(db), clock: worker.clock })).toBe(false);
    expect(await worker.run(liveJob)).toMatchObject({ status: "skipped", error: "no match in play" });
  });

  it("goes back in time with a replay restarted earlier: results and closing odds unknown then are removed", async () => {
    worker.setNow("2026-02-07T15:50:00Z");
    await worker.run(fixturesAndOddsJob);
    const newcastle = await fixture("newcastle-united", "brentford");
    expect(newcastle).toMatchObject({ match_state: "pre-match", home_score: null });
    expect(
      await count(`select count(*) as n from fixture_odds where fixture_id = ${newcastle.id} and kind = 'closing'`),
    ).toBe(0);
  });
});
