import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, type Env } from "@shared/config/env";
import type { Clock } from "@shared/config/clock";
import type { DbHandle } from "@shared/db";
import { syncRuns } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { fixturesAndOddsJob } from "@sync-worker/jobs/fixtures-and-odds";
import { liveJob } from "@sync-worker/jobs/live";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { directorySource } from "@sync-worker/providers/football-data-csv/source";
import { REPLAY_MOMENT, testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { getApiStatus } from "./api-status.server";
import { unitedBrightonCsv } from "@sync-worker/test-support/united-brighton-csv";
import { createOperatorServices } from "@sync-worker/operations";

const csv = unitedBrightonCsv();
afterAll(() => csv.remove());

/** The status page's context with the worker's operator services, as the process entry builds it. */
const statusContext = (env: Env, db: DbHandle, clock: Clock) => ({
  env,
  db,
  clock,
  operations: createOperatorServices({ env, db, clock }),
});

const QUOTA_ERROR =
  "api-football: players/topassists: daily request quota spent: 10 of 100 left (10 kept in reserve for live scores); requests resume after 00:00 UTC (the daily quota resets at 00:00 UTC)";

describe.each(testDatabases())("the status page's report on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  const env = parseEnv({ FOOTBALL_DATA_DIR: csv.seasonsDir, CLOCK: `replay:${REPLAY_MOMENT.toISOString()}` });
  const status = () => getApiStatus(statusContext(env, db, worker.clock));

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db, { source: directorySource(csv.seasonsDir), env: { FOOTBALL_DATA_DIR: csv.seasonsDir } });
  });
  afterAll(() => testDb.dispose());

  it("reports an empty database: reachable, migrated, no runs, nothing stored", async () => {
    const report = await status();
    expect(report.database).toMatchObject({
      kind: db.driver === "pglite" ? "PGlite (embedded)" : "PostgreSQL",
      reachable: true,
      error: null,
      migrations: { applied: db.migrations.total, total: db.migrations.total },
    });
    expect(report.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(report.jobs).toEqual([]);
    expect(report.counts?.fixtures.every((league) => league.total === 0)).toBe(true);
    expect(report.matchLinks).toEqual([]);
    expect(report.specMatch).toEqual({ href: "/match/1", label: null });
  });

  it("reports the last run of every job, the providers, the clock, the counts and current match pages", async () => {
    for (const job of [referenceDataJob, backfillJob, fixturesAndOddsJob, liveJob, liveJob]) {
      expect((await worker.run(job)).status).toBe("ok");
    }
    await db.db.insert(syncRuns).values({
      job: "leaderboards",
      provider: "api-football",
      status: "failed",
      startedAt: new Date("2026-02-07T09:00:00Z"),
      finishedAt: new Date("2026-02-07T09:00:02Z"),
      error: QUOTA_ERROR,
    });
    const report = await status();

    // One row per job: the latest run (live ran twice).
    expect(report.jobs?.map((run) => run.job)).toEqual([
      "backfill",
      "fixtures-and-odds",
      "leaderboards",
      "live",
      "reference-data",
    ]);
    const [lastLive] = await db.execute<{ rows_read: number; started_at: string | Date }>(
      "select rows_read, started_at from sync_runs where job = 'live' order by id desc limit 1",
    );
    const live = report.jobs!.find((run) => run.job === "live")!;
    expect(live).toMatchObject({
      status: "ok",
      provider: "football-data",
      rowsRead: Number(lastLive.rows_read),
      startedAt: new Date(lastLive.started_at).toISOString(),
    });
    expect(live.durationMs).toBeGreaterThanOrEqual(0);
    expect(report.jobs!.find((run) => run.job === "leaderboards")).toMatchObject({
      status: "failed",
      durationMs: 2000,
      error: QUOTA_ERROR,
    });

    expect(report.providers.kinds).toEqual(
      expect.arrayContaining([
        { kind: "history", source: "football-data", label: "football-data.co.uk CSV files" },
        { kind: "live", source: "football-data", label: "football-data.co.uk CSV files" },
        { kind: "lineups", source: "off", label: "off" },
        { kind: "standings", source: "results", label: "computed from stored results" },
      ]),
    );
    expect(report.providers.kinds).toHaveLength(10);
    expect(report.providers.footballDataOrigin).toBe(`directory ${csv.seasonsDir}`);
    expect(report.providers.apiFootball).toEqual({
      keyConfigured: false,
      baseUrl: "https://v3.football.api-sports.io",
      lastQuotaProblem: { job: "leaderboards", at: "2026-02-07T09:00:00.000Z", error: QUOTA_ERROR },
    });

    expect(report.clock).toEqual({
      kind: "replay",
      now: REPLAY_MOMENT.toISOString(),
      replayStart: REPLAY_MOMENT.toISOString(),
      speed: 1,
    });

    const perLeague = await db.execute<{ league: string; total: number; finished: number; live: number }>(`
      select league, count(*)::int as total, count(*) filter (where match_state = 'post-match')::int as finished,
        count(*) filter (where match_state = 'live')::int as live
      from fixtures where season = '2526' group by league`);
    expect(report.counts?.season).toBe("2526");
    expect(report.counts?.seasonLabel).toBe("2025/26");
    for (const row of perLeague) {
      expect(report.counts?.fixtures.find((league) => league.league === row.league)).toMatchObject({
        total: row.total,
        finished: row.finished,
        live: row.live,
        toPlay: row.total - row.finished - row.live,
      });
    }
    expect(report.counts?.fixtures.find((league) => league.league === "premier-league")?.live).toBeGreaterThan(0);
    expect(report.counts).toMatchObject({ predictions: 0, ledgerRows: 0, settledLedgerRows: 0 });

    // Matches in play first, then the next ones, each on its canonical page.
    const links = report.matchLinks!;
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(6);
    expect(links[0].state).toBe("live");
    const states = links.map((link) => link.state);
    expect(states).toEqual(
      [...states].sort(
        (a, b) => ["live", "pre-match", "post-match"].indexOf(a) - ["live", "pre-match", "post-match"].indexOf(b),
      ),
    );
    for (const link of links)
      expect(link.href).toMatch(/^\/[a-z0-9-]+-predictions\/[a-z0-9-]+-vs-[a-z0-9-]+-prediction$/);
    expect(links.find((link) => link.label === "Arsenal v Sunderland")).toMatchObject({
      state: "live",
      league: "Premier League",
      href: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
    });

    const [first] = await db.execute<{ id: number }>("select min(id) as id from fixtures");
    expect(first.id).toBe(1);
    expect(report.specMatch.href).toBe("/match/1");
    expect(report.specMatch.label).toMatch(/^.+ v .+, 20\d{2}\/\d{2}$/);
  });

  it("names the Postgres server without its credentials", async () => {
    const withUrl = parseEnv({
      DATABASE_URL: "postgres://fkp:s3cret-password@db.internal:5433/fkp_prod",
      WORKER: "off",
    });
    const report = await getApiStatus(statusContext(withUrl, db, worker.clock));
    expect(JSON.stringify(report)).not.toContain("s3cret-password");
    expect(report.database.location).toBe(
      db.driver === "postgres" ? "db.internal:5433/fkp_prod" : withUrl.PGLITE_DATA_DIR,
    );
    expect(report.worker).toBe("off");
  });

  it("reports a configuration the worker would refuse", async () => {
    const refused = parseEnv({ DATA_PROVIDERS: "lineups=api-football" });
    const report = await getApiStatus(statusContext(refused, db, worker.clock));
    expect(report.providers.configurationError).toBe(
      'DATA_PROVIDERS names api-football, which needs API_FOOTBALL_KEY. See README.md, "Sync worker".',
    );
    expect(report.providers.kinds.find((kind) => kind.kind === "lineups")).toMatchObject({
      source: "api-football",
      label: "API-Football",
    });
  });
});

describe("the status page's report when the database cannot be read", () => {
  it("says so and leaves the database's sections empty", async () => {
    const [pglite] = testDatabases();
    const db = await pglite.open();
    await pglite.dispose();
    const env = parseEnv({});
    const clock = { setting: { kind: "real" as const }, now: () => new Date("2026-02-07T15:50:00Z") };
    const report = await getApiStatus(statusContext(env, db, clock));
    expect(report.database.reachable).toBe(false);
    expect(report.database.error).toBeTruthy();
    expect(report.database.migrations.applied).toBeNull();
    expect(report).toMatchObject({
      jobs: null,
      counts: null,
      matchLinks: null,
      specMatch: { href: "/match/1", label: null },
    });
    expect(report.clock).toEqual({ kind: "real", now: "2026-02-07T15:50:00.000Z", replayStart: null, speed: null });
  });
});
