/**
 * The worker's command line:
 *   worker                                  run every job on its schedule until stopped (pg-boss on
 *                                           Postgres; in-process timers on the embedded database)
 *   sync <job|all> [--once] [--seasons N] [--full]
 *                                           run a job now (all: every job in start-up order), then
 *                                           on its schedule; --once: run it once and exit
 *   status                                  the last run of every job
 * SIGTERM or SIGINT abandons the running job (its transaction rolls back) and exits within seconds.
 */
import type { Server } from "node:http";
import path from "node:path";
import { surviveAbandonedQueries } from "@shared/db/connection-postgres";
import { openClock } from "@shared/db/replay-clock";
import { getEnv, InvalidEnvironmentError, MAX_BACKFILL_SEASONS, type Env } from "@shared/config/env";
import { openDb, WORKER_DATABASE_TIMEOUTS, type DbHandle } from "@shared/db";
import { latestRunPerJob } from "@shared/db/sync-runs";
import { configureProcessLog, routeConsoleToLog, secretValues } from "@shared/observability/log";
import { createMetricsRegistry, startMetricsServer } from "@shared/observability/metrics";
import { createJobCatalog } from "./jobs/catalog";
import { jobDbOf } from "./jobs/job-db";
import { markInterruptedRuns, type JobRun } from "./jobs/run-job";
import type { SyncSettings } from "./jobs/types";
import { describeMatchDataSource } from "./embedded";
import { createLogger, type Logger } from "./log";
import { attachWorkerMetrics } from "./metrics";
import { progressFor } from "./progress";
import { startInProcessScheduler } from "./scheduler/in-process";
import { startPgBossWorker } from "./scheduler/pg-boss";
import { createWorkerServices, type WorkerServices } from "./worker-services";

const USAGE = `usage:
  npm run worker
  npm run sync -- <job|all> [--once] [--seasons N] [--full]
  npm run sync:status
jobs: ${createJobCatalog()
  .map((job) => job.name)
  .join(", ")}`;

class UsageError extends Error {}

interface SyncArguments {
  job: string;
  once: boolean;
  settings: Partial<SyncSettings>;
}

function parseSyncArguments(args: readonly string[], jobNames: readonly string[]): SyncArguments {
  const rest = [...args];
  const job = rest.shift();
  if (!job || job.startsWith("--")) throw new UsageError("name the job to run");
  if (job !== "all" && !jobNames.includes(job)) throw new UsageError(`there is no job named "${job}"`);
  const parsed: SyncArguments = { job, once: false, settings: {} };
  while (rest.length > 0) {
    const flag = rest.shift();
    if (flag === "--once") parsed.once = true;
    else if (flag === "--full") parsed.settings.fullBackfill = true;
    else if (flag === "--seasons") {
      const value = Number(rest.shift());
      if (!Number.isInteger(value) || value < 1 || value > MAX_BACKFILL_SEASONS) {
        throw new UsageError(`--seasons takes a number from 1 to ${MAX_BACKFILL_SEASONS}`);
      }
      parsed.settings.backfillSeasons = value;
    } else throw new UsageError(`unknown option ${flag}`);
  }
  return parsed;
}

function openDatabase(env: Env): Promise<DbHandle> {
  return openDb(
    env.DATABASE_URL
      ? // The worker's statements (a backfill, a refit) may take seconds: its own, longer bounds.
        { url: env.DATABASE_URL, migrationUrl: env.MIGRATION_DATABASE_URL, timeouts: WORKER_DATABASE_TIMEOUTS }
      : { dataDir: path.resolve(env.PGLITE_DATA_DIR) },
  );
}

/**
 * Runs `stop` on SIGTERM/SIGINT, then exits 0; a second signal or 10 s later exits 1 at once.
 * `stop` may also be called by the caller: it runs once.
 */
function onSignals(log: Logger, stop: () => Promise<void>): { received: () => boolean } {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: stopping (the running job is abandoned and rolled back)`);
    setTimeout(() => process.exit(1), 10_000).unref();
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
  return { received: () => stopping };
}

/** A function that runs `fn` the first time and returns that same promise afterwards. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= fn());
}

async function runWorker(env: Env, log: Logger): Promise<void> {
  const db = await openDatabase(env);
  const clock = await openClock(db, env.CLOCK);
  const services = createWorkerServices({ env, db, clock, log });
  const jobs = createJobCatalog();
  const time =
    env.CLOCK.kind === "real"
      ? "real"
      : `replay from ${env.CLOCK.start.toISOString()}, now at ${clock.now().toISOString()}`;
  log.info(`worker: ${describeMatchDataSource(env)}; clock ${time}`);
  await markInterruptedRuns(jobDbOf(db));
  // The worker's own /metrics, on METRICS_PORT only (it has no other listener).
  let metricsServer: Server | null = null;
  if (env.METRICS_PORT) {
    const registry = createMetricsRegistry();
    attachWorkerMetrics(registry, services, jobs);
    metricsServer = await startMetricsServer({
      port: env.METRICS_PORT,
      host: env.METRICS_HOST,
      registry,
      token: env.METRICS_TOKEN,
      warn: (message) => log.warn(message),
    });
    log.info(`metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
  }
  const names = jobs.map((job) => job.name);
  if (env.DATABASE_URL) {
    const worker = await startPgBossWorker(services, { databaseUrl: env.DATABASE_URL, jobs, startWith: names });
    onSignals(log, async () => {
      metricsServer?.close();
      await worker.stop();
      await db.close();
    });
  } else {
    const scheduler = startInProcessScheduler(services, {
      jobs,
      startWith: names,
      timers: true,
      progress: (job) => progressFor(job, log),
    });
    onSignals(log, async () => {
      metricsServer?.close();
      await scheduler.stop("SIGTERM");
      await db.close();
    });
  }
}

async function runSync(env: Env, log: Logger, args: readonly string[]): Promise<void> {
  const catalog = createJobCatalog();
  const parsed = parseSyncArguments(
    args,
    catalog.map((job) => job.name),
  );
  const db = await openDatabase(env);
  const services: WorkerServices = createWorkerServices({
    env,
    db,
    clock: await openClock(db, env.CLOCK),
    log,
    settings: parsed.settings,
  });
  await markInterruptedRuns(jobDbOf(db));
  const jobs = parsed.job === "all" ? catalog : catalog.filter((job) => job.name === parsed.job);
  const runs: JobRun[] = [];
  const scheduler = startInProcessScheduler(services, {
    jobs,
    startWith: jobs.map((job) => job.name),
    timers: !parsed.once,
    progress: (job) => progressFor(job, log),
    onRun: (run) => runs.push(run),
  });
  const close = once(async () => {
    await scheduler.stop("SIGTERM");
    await db.close();
  });
  const signals = onSignals(log, close);
  if (!parsed.once) return;
  await scheduler.idle();
  await close();
  // Stopped by a signal: the handler exits 0; otherwise a failed run fails the command.
  if (!signals.received() && runs.some((run) => run.status === "failed")) process.exitCode = 1;
}

async function printStatus(env: Env): Promise<void> {
  const db = await openDatabase(env);
  try {
    const byJob = new Map((await latestRunPerJob(db)).map((run) => [run.job, run]));
    const table = createJobCatalog().map((job) => {
      const run = byJob.get(job.name);
      if (!run) return [job.name, "never run", "", "", "", "", "", job.cadence.description];
      const took = run.durationMs === null ? "" : `${(run.durationMs / 1000).toFixed(1)} s`;
      return [
        job.name,
        run.status,
        run.startedAt.replace("T", " ").slice(0, 19),
        took,
        String(run.rowsRead),
        String(run.rowsWritten),
        String(run.rowsRejected),
        [run.provider, run.error].filter(Boolean).join(": "),
      ];
    });
    const header = ["job", "status", "started (UTC)", "took", "read", "written", "rejected", "provider / note"];
    const widths = header.map((title, i) => Math.max(title.length, ...table.map((row) => row[i].length)));
    for (const row of [header, ...table]) {
      console.log(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join("  "));
    }
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (command === "worker" || command === "sync") {
    // JSON lines on stdout (readable ones with LOG_FORMAT=pretty), every configured secret blanked.
    routeConsoleToLog(
      configureProcessLog({
        level: env.LOG_LEVEL,
        format: env.LOG_FORMAT,
        name: "worker",
        secrets: secretValues({ ...process.env, ...env }),
      }),
    );
  }
  const log = createLogger({ level: env.LOG_LEVEL });
  surviveAbandonedQueries((message) => log.warn(message));
  try {
    if (command === "worker") await runWorker(env, log);
    else if (command === "sync") await runSync(env, log, args);
    else if (command === "status") await printStatus(env);
    else throw new UsageError(command ? `unknown command ${command}` : "name a command");
  } catch (error) {
    if (error instanceof UsageError) {
      // For the person at the terminal, as written (not a log line).
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    console.error(`sync-worker: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

await main();
