/**
 * `npm run bench:sync`: how long the worker takes on real data. From FOOTBALL_DATA_DIR (default
 * ../shared/data/football-data/mmz4281): a backfill of all 21 seasons of the five leagues into an
 * empty database, an incremental cycle with nothing new, and a live tick at the default replay
 * moment. On PGlite always (in memory), and on Postgres when BENCH_DATABASE_URL or DATABASE_URL
 * names a server (in a scratch database created there and dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { createClock } from "@shared/config/clock";
import { DEFAULT_REPLAY_INSTANT, MAX_BACKFILL_SEASONS, parseEnv } from "@shared/config/env";
import { openDb, type DbHandle } from "@shared/db";
import { createJobCatalog } from "../jobs/catalog";
import { runJob, type JobRun } from "../jobs/run-job";
import { createLogger } from "../log";
import { createWorkerServices, jobContext } from "../worker-services";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dataDir = path.resolve(root, process.env.FOOTBALL_DATA_DIR?.trim() || "../shared/data/football-data/mmz4281");
const LIVE_TICKS = 20;
/** The recurring jobs of a sync cycle: what runs every few minutes when nothing is new. */
const INCREMENTAL_CYCLE = ["backfill", "fixtures-and-odds", "results", "standings", "team-statistics"];

interface Figures {
  target: string;
  backfillMs: number;
  fixtures: number;
  odds: number;
  incrementalMs: number;
  incrementalWritten: number;
  liveTickMs: number;
  liveTickMaxMs: number;
}

async function count(db: DbHandle, table: string): Promise<number> {
  const [row] = await db.execute<{ n: string }>(`select count(*) as n from ${table}`);
  return Number(row.n);
}

async function bench(target: string, db: DbHandle): Promise<Figures> {
  const env = parseEnv({ ...process.env, FOOTBALL_DATA_DIR: dataDir, CLOCK: `replay:${DEFAULT_REPLAY_INSTANT}` });
  const clock = createClock(env.CLOCK, () => 0);
  const services = createWorkerServices({
    env,
    db,
    clock,
    log: createLogger({ level: "error" }),
    settings: { backfillSeasons: MAX_BACKFILL_SEASONS },
  });
  const jobs = new Map(createJobCatalog().map((job) => [job.name, job]));
  const signal = new AbortController().signal;
  const run = async (name: string): Promise<JobRun> => {
    const result = await runJob(jobs.get(name)!, jobContext(services, signal));
    if (result.status === "failed") throw new Error(`${name} failed: ${result.error}`);
    return result;
  };

  const startBackfill = performance.now();
  await run("backfill");
  const backfillMs = performance.now() - startBackfill;
  const fixtures = await count(db, "fixtures");
  const odds = await count(db, "fixture_odds");

  // A first cycle computes what the backfill does not (tables, team figures); the measured one finds nothing new.
  for (const name of INCREMENTAL_CYCLE) await run(name);
  const startCycle = performance.now();
  let incrementalWritten = 0;
  for (const name of INCREMENTAL_CYCLE) incrementalWritten += (await run(name)).rowsWritten;
  const incrementalMs = performance.now() - startCycle;

  await run("live");
  const ticks: number[] = [];
  for (let i = 0; i < LIVE_TICKS; i++) {
    const start = performance.now();
    await run("live");
    ticks.push(performance.now() - start);
  }
  ticks.sort((a, b) => a - b);
  return {
    target,
    backfillMs,
    fixtures,
    odds,
    incrementalMs,
    incrementalWritten,
    liveTickMs: ticks[Math.floor(ticks.length / 2)],
    liveTickMaxMs: ticks[ticks.length - 1],
  };
}

async function onPostgres(serverUrl: string): Promise<Figures> {
  const name = `bench_sync_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ url: url.toString() });
  try {
    return await bench(`Postgres (${url.host})`, db);
  } finally {
    await db.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (!existsSync(dataDir)) {
    console.error(`bench:sync: no football-data directory at ${dataDir}; set FOOTBALL_DATA_DIR.`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `bench:sync: ${dataDir}, replay clock ${DEFAULT_REPLAY_INSTANT}, ${MAX_BACKFILL_SEASONS} seasons x 5 leagues`,
  );
  const results: Figures[] = [];
  const pglite = await openDb({ inMemory: true });
  try {
    results.push(await bench("PGlite (in memory)", pglite));
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  if (serverUrl) results.push(await onPostgres(serverUrl));

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const r of results) {
    console.log(`\n${r.target}`);
    console.log(
      `  full backfill      ${seconds(r.backfillMs).padStart(9)}  (${r.fixtures} matches, ${r.odds} odds rows; target < 20 s)`,
    );
    console.log(
      `  incremental cycle  ${seconds(r.incrementalMs).padStart(9)}  (${r.incrementalWritten} rows written; target < 1 s)`,
    );
    console.log(
      `  live tick          ${`${r.liveTickMs.toFixed(1)} ms`.padStart(9)}  (median of ${LIVE_TICKS}, max ${r.liveTickMaxMs.toFixed(1)} ms; target < 100 ms)`,
    );
  }
}

await main();
