/**
 * The worker as a real process: killed with SIGKILL in the middle of a backfill, it completes on
 * restart with no duplicates and no gaps; stopped with SIGTERM, it exits within seconds and leaves
 * whole seasons only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@shared/db";
import { testDatabases, type TestDatabase } from "@shared/db/test-databases";
import { startCli as startCliProcess, type CliProcess } from "./test-support/cli-process";
import { SYNTHETIC_MATCHES_PER_SEASON, writeSyntheticSeasons } from "./test-support/synthetic-seasons";

const SEASONS = ["1617", "1718", "1819", "1920", "2021", "2122", "2223", "2324", "2425"];
/** A backfill of the nine made-up seasons, twice over with a restart: about 15 s, longer on two busy cores. */
const BACKFILL_TEST_TIMEOUT_MS = 120_000;

const running: CliProcess[] = [];
function startCli(args: readonly string[], env: Record<string, string>): CliProcess {
  const cli = startCliProcess(args, env);
  running.push(cli);
  return cli;
}
/** A test that failed midway must not leave its worker holding the database for the next. */
afterEach(async () => {
  for (const cli of running.splice(0)) {
    if (cli.child.exitCode === null && cli.child.signalCode === null) {
      cli.child.kill("SIGKILL");
      await cli.exited;
    }
  }
});

describe.each(testDatabases())("the worker process on $driver", (testDb: TestDatabase) => {
  let dataDir: string;
  let env: Record<string, string>;
  let pgliteDir: string | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "synthetic-football-data-"));
    writeSyntheticSeasons(dataDir, SEASONS);
    env = { FOOTBALL_DATA_DIR: dataDir, CLOCK: "replay:2026-02-07T15:50:00Z", LOG_LEVEL: "info" };
    if (testDb.driver === "postgres") {
      env.DATABASE_URL = await testDb.createDatabase();
    } else {
      pgliteDir = mkdtempSync(path.join(tmpdir(), "worker-pglite-"));
      env.PGLITE_DATA_DIR = path.join(pgliteDir, "db");
      // A migrated database from the test template, so the worker does not spend seconds creating one.
      const template = await testDb.open();
      if (template.driver === "pglite") {
        const seeded = await openDb({
          dataDir: env.PGLITE_DATA_DIR,
          loadDataDir: await template.client.dumpDataDir("gzip"),
        });
        await seeded.close();
      }
    }
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    await testDb.dispose();
  });

  /** Opens the database the worker wrote, runs `read`, closes it (PGlite allows one process at a time). */
  async function inspect<T>(read: (db: DbHandle) => Promise<T>): Promise<T> {
    const db = await openDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DATA_DIR });
    try {
      return await read(db);
    } finally {
      await db.close();
    }
  }

  const seasonCounts = (db: DbHandle) =>
    db.execute<{ season: string; matches: string; distinct_pairs: string }>(`
      select season, count(*) as matches, count(distinct (home_team_id, away_team_id)) as distinct_pairs
      from fixtures group by season order by season`);

  it(
    "abandons the running job on SIGTERM within seconds, leaving whole seasons only",
    async () => {
      const stopped = startCli(["sync", "backfill", "--once", "--seasons", "10"], env);
      await stopped.waitFor(/backfill: 10\/50/);
      const signalledAt = Date.now();
      stopped.child.kill("SIGTERM");
      expect(await stopped.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(5_000);
      expect(stopped.output()).toContain("SIGTERM: stopping");
      const [run] = await inspect((db) =>
        db.execute<{ status: string; error: string }>(
          "select status, error from sync_runs where job = 'backfill' order by id desc limit 1",
        ),
      );
      expect(run).toEqual({ status: "failed", error: "abandoned: SIGTERM" });
      const counts = await inspect(seasonCounts);
      expect(counts.length).toBeGreaterThanOrEqual(2);
      expect(counts.length).toBeLessThan(SEASONS.length);
      for (const row of counts) expect(Number(row.matches)).toBe(SYNTHETIC_MATCHES_PER_SEASON);
    },
    BACKFILL_TEST_TIMEOUT_MS,
  );

  it(
    "completes a backfill killed with SIGKILL half-way, with no duplicates and no gaps",
    async () => {
      const killed = startCli(["sync", "backfill", "--once", "--seasons", "10"], env);
      await killed.waitFor(/backfill: (25|30|35|40)\/50/);
      killed.child.kill("SIGKILL");
      expect(await killed.exited).toBeNull();

      const partial = await inspect(seasonCounts);
      expect(partial.length).toBeGreaterThanOrEqual(5);
      expect(partial.length).toBeLessThan(SEASONS.length);
      for (const row of partial) expect(Number(row.matches)).toBe(SYNTHETIC_MATCHES_PER_SEASON);

      const restarted = startCli(["sync", "backfill", "--once", "--seasons", "10"], env);
      expect(await restarted.exited).toBe(0);
      const counts = await inspect(seasonCounts);
      expect(counts.map((row) => row.season)).toEqual(SEASONS);
      for (const row of counts) {
        expect(Number(row.matches)).toBe(SYNTHETIC_MATCHES_PER_SEASON);
        expect(Number(row.distinct_pairs)).toBe(SYNTHETIC_MATCHES_PER_SEASON);
      }
      const odds = await inspect((db) => db.execute<{ n: string }>("select count(*) as n from fixture_odds"));
      // Each made-up match has the market's opening 1X2 and over/under prices and Pinnacle's closing 1X2.
      expect(Number(odds[0].n)).toBe(3 * SEASONS.length * SYNTHETIC_MATCHES_PER_SEASON);
      const runs = await inspect((db) =>
        db.execute<{ status: string; error: string | null }>(
          "select status, error from sync_runs where job = 'backfill' order by id",
        ),
      );
      // On PGlite the restarted worker is the only one, so the killed run is marked at once; on
      // Postgres other workers may be running it, so it is marked once older than RUN_EXPIRY_MS.
      const killedRun =
        testDb.driver === "pglite"
          ? { status: "failed", error: "interrupted: the worker stopped before the run finished" }
          : { status: "running", error: null };
      expect(runs).toEqual([
        { status: "failed", error: "abandoned: SIGTERM" },
        killedRun,
        { status: "ok", error: null },
      ]);
    },
    BACKFILL_TEST_TIMEOUT_MS,
  );

  it("prints the last run of every job", async () => {
    const status = startCli(["status"], env);
    expect(await status.exited).toBe(0);
    expect(status.output()).toMatch(
      /^backfill\s+ok\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+[\d.]+ s\s+\d+\s+\d+\s+0\s+football-data$/m,
    );
    expect(status.output()).toMatch(/^live\s+never run/m);
  });
});
