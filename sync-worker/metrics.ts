/**
 * The worker's metric families (see README, "Metrics and logs"), on the registry of the process
 * it runs in: the web process's in embedded mode, its own (`npm run worker`, served on
 * METRICS_PORT) otherwise.
 *
 * - per job: runs by status, durations, rows written and rejected, failures in a row, and the
 *   seconds since its last success (seeded from the run log at start, so a restarted worker knows);
 * - the pg-boss queues' depths, read when Prometheus scrapes (at most every few seconds);
 * - the live tick's lag: how far the live job is behind its own schedule.
 */
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { lastSuccessPerJob } from "@shared/db/sync-runs";
import { METRIC_PREFIX } from "@shared/observability/metrics";
import type { JobRun } from "./jobs/run-job";
import type { JobDefinition } from "./jobs/types";
import { isOff } from "./scheduler/in-process";
import type { WorkerServices } from "./worker-services";

/** Run durations in seconds: a live tick takes milliseconds, a backfill of 21 seasons about 10 s, a first fit about 30 s. */
const RUN_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 15, 60, 300, 1800];
/** Queue depths are read at most this often, however often they are scraped. */
const QUEUE_DEPTH_MAX_AGE_MS = 5_000;
/** A scrape waits this long for the depths at most; then it shows the last ones read. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;
/** The live job: its lag is measured. */
export const LIVE_JOB = "live";

export interface WorkerMetrics {
  /**
   * A run finished. `nextWithinMs`: how soon the scheduler runs the job again at the latest (the
   * live lag counts from then); default the job's timer interval.
   */
  recordRun(run: JobRun, nextWithinMs?: number): void;
  /** A scheduled run found nothing to do (its cadence's `due` said no, e.g. no match in play): the job is current. */
  recordIdle(job: string, nextWithinMs?: number): void;
  /** When each job last succeeded, from the run log (sync_runs) at start. */
  seedLastSuccesses(times: ReadonlyMap<string, Date>): void;
  /** How the pg-boss queues' depths (jobs waiting per queue) are read; null when there are none. */
  readQueueDepths(read: (() => Promise<Readonly<Record<string, number>>>) | null): void;
}

/** Metrics nobody reads: tests, and processes without a registry. */
export const noWorkerMetrics: WorkerMetrics = {
  recordRun: () => undefined,
  recordIdle: () => undefined,
  seedLastSuccesses: () => undefined,
  readQueueDepths: () => undefined,
};

export interface WorkerMetricsOptions {
  /** Each job's timer interval (the cadence's everyMs), for the live lag's default. */
  intervalsMs: ReadonlyMap<string, number>;
  /** The live job is scheduled (false: live data is off, so no tick is expected and no lag is shown). */
  liveScheduled: boolean;
  now?: () => number;
}

export function createWorkerMetrics(registry: Registry, options: WorkerMetricsOptions): WorkerMetrics {
  const now = options.now ?? Date.now;
  const runs = new Counter({
    name: `${METRIC_PREFIX}job_runs_total`,
    help: "Job runs by job and how they ended: ok, skipped (nothing to do by design) or failed",
    labelNames: ["job", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: `${METRIC_PREFIX}job_duration_seconds`,
    help: "How long each job's runs took",
    labelNames: ["job"] as const,
    buckets: RUN_BUCKETS,
    registers: [registry],
  });
  const rows = new Counter({
    name: `${METRIC_PREFIX}job_rows_total`,
    help: "Rows the job's runs wrote (written) and refused from their sources (rejected)",
    labelNames: ["job", "kind"] as const,
    registers: [registry],
  });
  const consecutiveFailures = new Gauge({
    name: `${METRIC_PREFIX}job_consecutive_failures`,
    help: "Failed runs of the job in a row, on this process (0 after a run that did not fail)",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const lastSuccess = new Map<string, number>();
  new Gauge({
    name: `${METRIC_PREFIX}job_last_success_age_seconds`,
    help: "Seconds since the job last finished without failing (ok or skipped), from the run log at start and this process's runs since",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      const at = now();
      for (const [job, time] of lastSuccess) this.set({ job }, Math.max(0, (at - time) / 1000));
    },
  });

  let liveDueAt = now() + (options.intervalsMs.get(LIVE_JOB) ?? 0);
  if (options.liveScheduled) {
    new Gauge({
      name: `${METRIC_PREFIX}live_tick_lag_seconds`,
      help: "Seconds the live job is behind its schedule: time since it last ran or found no match in play, beyond its interval (absent when live data is off)",
      registers: [registry],
      collect() {
        this.set(Math.max(0, (now() - liveDueAt) / 1000));
      },
    });
  }

  let readDepths: (() => Promise<Readonly<Record<string, number>>>) | null = null;
  let depths: { at: number; values: Readonly<Record<string, number>> } | null = null;
  let reading: Promise<void> | null = null;
  const refreshDepths = (): Promise<void> => {
    const read = readDepths;
    if (!read) return Promise.resolve();
    reading ??= read()
      .then((values) => {
        depths = { at: now(), values };
      })
      .catch(() => undefined)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new Gauge({
    name: `${METRIC_PREFIX}pgboss_queue_depth`,
    help: "Jobs waiting in each pg-boss queue (created or waiting to retry), on PostgreSQL only",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      if (!readDepths) return;
      if (!depths || now() - depths.at > QUEUE_DEPTH_MAX_AGE_MS) {
        await Promise.race([
          refreshDepths(),
          new Promise((resolve) => setTimeout(resolve, QUEUE_DEPTH_TIMEOUT_MS).unref()),
        ]);
      }
      if (depths) for (const [queue, depth] of Object.entries(depths.values)) this.set({ queue }, depth);
    },
  });

  const tick = (job: string, nextWithinMs: number | undefined) => {
    if (job === LIVE_JOB) liveDueAt = now() + (nextWithinMs ?? options.intervalsMs.get(job) ?? 0);
  };

  return {
    recordRun(run, nextWithinMs) {
      runs.inc({ job: run.job, status: run.status });
      durations.observe({ job: run.job }, run.durationMs / 1000);
      rows.inc({ job: run.job, kind: "written" }, run.rowsWritten);
      rows.inc({ job: run.job, kind: "rejected" }, run.rowsRejected);
      if (run.status === "failed") {
        consecutiveFailures.inc({ job: run.job });
        return;
      }
      consecutiveFailures.set({ job: run.job }, 0);
      lastSuccess.set(run.job, now());
      tick(run.job, nextWithinMs);
    },
    recordIdle(job, nextWithinMs) {
      tick(job, nextWithinMs);
    },
    seedLastSuccesses(times) {
      for (const [job, time] of times) {
        if (time.getTime() > (lastSuccess.get(job) ?? 0)) lastSuccess.set(job, time.getTime());
      }
    },
    readQueueDepths(read) {
      readDepths = read;
      depths = null;
    },
  };
}

/**
 * The worker's metrics on `registry` for these jobs, set on `services` for the schedulers to
 * record in; the jobs' last successes are read from the run log in the background.
 */
export function attachWorkerMetrics(
  registry: Registry,
  services: WorkerServices,
  jobs: readonly JobDefinition[],
): WorkerMetrics {
  const live = jobs.find((job) => job.name === LIVE_JOB);
  const metrics = createWorkerMetrics(registry, {
    intervalsMs: new Map(jobs.map((job) => [job.name, job.cadence.everyMs])),
    liveScheduled: Boolean(live && live.cadence.everyMs > 0 && !isOff(live, services)),
  });
  services.metrics = metrics;
  lastSuccessPerJob(
    services.db,
    jobs.map((job) => job.name),
  ).then(
    (times) => metrics.seedLastSuccesses(times),
    (error: unknown) =>
      services.log.warn(`metrics: could not read the jobs' last successes: ${(error as Error).message}`),
  );
  return metrics;
}
