/**
 * The separate worker on PostgreSQL, killed with SIGKILL and started again: nothing it held in
 * pg-boss stays stuck. Live ticks resume within a minute, and a backfill killed half-way
 * completes, with no duplicates and no gaps, and the start-up chain goes on after it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDb, type DbHandle } from "@shared/db";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { postgresTestDatabase } from "@shared/db/test-databases";
import { FIXTURES_SEASONS_DIR, startCsvOrigin } from "../test-support/csv-origin";
import { startCli, type CliProcess } from "../test-support/cli-process";
import { SYNTHETIC_MATCHES_PER_SEASON, writeSyntheticSeasons } from "../test-support/synthetic-seasons";

const SEASONS = ["1617", "1718", "1819", "1920", "2021", "2122", "2223", "2324", "2425"];

async function kill9(worker: CliProcess): Promise<void> {
  worker.child.kill("SIGKILL");
  expect(await worker.exited).toBeNull();
}

/**
 * Runs `body` with a `startWorker` whose workers are all killed when it ends. The two tests run
 * at once (most of their time is spent waiting for live ticks and a stalled download), each with
 * its own database and workers.
 */
async function withWorkers(body: (startWorker: (env: Record<string, string>) => CliProcess) => Promise<void>) {
  const running: CliProcess[] = [];
  try {
    await body((env) => {
      const worker = startCli(["worker"], { LOG_LEVEL: "info", ...env });
      running.push(worker);
      return worker;
    });
  } finally {
    for (const worker of running) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) await kill9(worker);
    }
  }
}

async function withDb<T>(url: string, read: (db: DbHandle) => Promise<T>): Promise<T> {
  const db = await openDb({ url });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describeOnPostgres("the worker killed with SIGKILL on PostgreSQL", (serverUrl) => {
  const testDb = postgresTestDatabase(serverUrl);
  afterAll(() => testDb.dispose());

  it.concurrent(
    "resumes live ticks within 60 s of a restart",
    () =>
      withWorkers(async (startWorker) => {
        const env = { DATABASE_URL: await testDb.createDatabase(), FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR };
        const first = startWorker(env);
        // The live job holds its pg-boss job for most of each minute, repeating every 15 s: kill it
        // between two ticks of the same minute.
        await first.waitFor(/"scope":"sync:live","msg":"ok[^\n]*\n[\s\S]*"scope":"sync:live","msg":"ok/, 150_000);
        await kill9(first);
        const killedAt = Date.now();

        const restarted = startWorker(env);
        await restarted.waitFor(/"scope":"sync:live","msg":"ok/, 60_000);
        expect(Date.now() - killedAt).toBeLessThan(60_000);
        expect(restarted.output()).toMatch(
          /pg-boss: live was left active by a stopped worker; (queued again|a run of it is already queued)/,
        );
        // A run the killed worker left 'running' is marked interrupted, not left for half an hour.
        const stale = await withDb(env.DATABASE_URL, (db) =>
          db.execute<{ id: number }>(
            `select id from sync_runs where job = 'live' and status = 'running' and started_at < to_timestamp(${killedAt / 1000})`,
          ),
        );
        expect(stale).toEqual([]);
      }),
    240_000,
  );

  it.concurrent(
    "completes a backfill killed half-way, with no duplicates or gaps, and runs the jobs after it",
    () =>
      withWorkers(async (startWorker) => {
        const root = mkdtempSync(path.join(tmpdir(), "recovery-football-data-"));
        // The files come from a local origin that holds one season's request open: the worker is
        // certainly in the middle of the backfill when it is killed.
        const origin = await startCsvOrigin(root);
        try {
          writeSyntheticSeasons(path.join(root, "mmz4281"), SEASONS);
          const stalled = "2021/E0.csv";
          origin.behaviour = "slow";
          origin.only = stalled;
          const env = {
            DATABASE_URL: await testDb.createDatabase(),
            FOOTBALL_DATA_BASE_URL: origin.baseUrl,
            BACKFILL_SEASONS: "10",
          };
          const seasonsStored = () =>
            withDb(env.DATABASE_URL, async (db) =>
              Number((await db.execute<{ n: string }>("select count(distinct season) as n from fixtures"))[0].n),
            );

          const first = startWorker(env);
          await until(
            async () => origin.requests.some((p) => p.endsWith(stalled)),
            Boolean,
            120_000,
            `a request for ${stalled}`,
          );
          await kill9(first);
          expect(await seasonsStored()).toBeLessThan(SEASONS.length);

          origin.behaviour = "ok";
          startWorker(env);
          const runs = await until(
            () =>
              withDb(env.DATABASE_URL, (db) =>
                db.execute<{ job: string; status: string }>(
                  "select job, status from sync_runs where job in ('backfill', 'predictions') order by id",
                ),
              ),
            (rows) =>
              rows.some((r) => r.job === "backfill" && r.status === "ok") &&
              rows.some((r) => r.job === "predictions" && r.status !== "running"),
            120_000,
            "a completed backfill and the predictions after it",
          );
          expect(runs.filter((r) => r.job === "backfill").map((r) => r.status)).toEqual(["failed", "ok"]);

          const counts = await withDb(env.DATABASE_URL, (db) =>
            db.execute<{ season: string; matches: string; distinct_pairs: string }>(`
          select season, count(*) as matches, count(distinct (home_team_id, away_team_id)) as distinct_pairs
          from fixtures group by season order by season`),
          );
          expect(counts.map((row) => row.season)).toEqual(SEASONS);
          for (const row of counts) {
            expect(Number(row.matches)).toBe(SYNTHETIC_MATCHES_PER_SEASON);
            expect(Number(row.distinct_pairs)).toBe(SYNTHETIC_MATCHES_PER_SEASON);
          }
        } finally {
          await origin.close();
          rmSync(root, { recursive: true, force: true });
        }
      }),
    300_000,
  );
});
