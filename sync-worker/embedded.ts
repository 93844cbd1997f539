/**
 * The worker inside the web process (WORKER=embedded, the default on PGlite): every job once in
 * order a second after the site starts serving, then each on its timer. Nothing here can stop the
 * site: a misconfiguration or an unreachable source is logged with what to set, and the site
 * keeps serving what the database has.
 */
import type { Clock } from "@shared/config/clock";
import type { Env } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import type { Registry } from "@shared/observability/metrics";
import { createJobCatalog } from "./jobs/catalog";
import { jobDbOf } from "./jobs/job-db";
import { markInterruptedRuns } from "./jobs/run-job";
import { createLogger, type Logger } from "./log";
import { attachWorkerMetrics } from "./metrics";
import { loggedProgress } from "./progress";
import { startInProcessScheduler, type InProcessScheduler } from "./scheduler/in-process";
import { createWorkerServices } from "./worker-services";

export interface EmbeddedWorker {
  stop(): Promise<void>;
  /** Resolves when the start-up run and anything queued since have finished (tests). */
  idle(): Promise<void>;
}

/**
 * The start-up run begins this long after the site starts listening: the first pages (a browser
 * opening the site at once) render without the jobs' queries and file parsing competing for the
 * one thread and the one database connection they share.
 */
const START_UP_DELAY_MS = 1_000;

/** Where the match data comes from, in one line for the start-up log. */
export function describeMatchDataSource(env: Env): string {
  return env.FOOTBALL_DATA_DIR
    ? `football-data.co.uk files from ${env.FOOTBALL_DATA_DIR}`
    : `football-data.co.uk files from ${env.FOOTBALL_DATA_BASE_URL} (set FOOTBALL_DATA_DIR to read a local copy instead)`;
}

export function startEmbeddedWorker(options: {
  env: Env;
  db: DbHandle;
  clock: Clock;
  log?: Logger;
  startUpDelayMs?: number;
  /** The web process's metrics registry: the jobs' metrics join the site's on its /metrics. */
  metrics?: Registry;
}): EmbeddedWorker {
  const { env, db, clock } = options;
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL });
  let scheduler: InProcessScheduler | null = null;
  let started: Promise<void> = Promise.resolve();
  try {
    const services = createWorkerServices({ env, db, clock, log });
    const jobs = createJobCatalog();
    if (options.metrics) attachWorkerMetrics(options.metrics, services, jobs);
    log.info(`worker in this process: ${describeMatchDataSource(env)}; ${env.BACKFILL_SEASONS} seasons of history`);
    scheduler = startInProcessScheduler(services, {
      jobs,
      startWith: [],
      timers: true,
      progress: (job) => (job === "backfill" ? loggedProgress(job, log) : undefined),
    });
    const queue = scheduler;
    // A run killed with the process left its log row 'running'; then every job runs once, in order.
    const delay = options.startUpDelayMs ?? START_UP_DELAY_MS;
    started = new Promise<void>((resolve) => setTimeout(resolve, delay).unref())
      .then(() => markInterruptedRuns(jobDbOf(db)))
      .then(
        () => undefined,
        (error: unknown) => log.warn(`could not tidy the run log: ${(error as Error).message}`),
      )
      .then(() => {
        for (const job of jobs) queue.enqueue(job.name);
      });
  } catch (error) {
    log.error(`the sync worker is not running: ${(error as Error).message}`);
  }
  return {
    stop: async () => scheduler?.stop("the site is shutting down"),
    idle: async () => {
      await started;
      await scheduler?.idle();
    },
  };
}
