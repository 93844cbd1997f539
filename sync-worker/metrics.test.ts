import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@shared/db";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { testDatabases } from "@shared/db/test-databases";
import { createMetricsRegistry, type Registry } from "@shared/observability/metrics";
import type { JobRun } from "./jobs/run-job";
import { emptyResult, skipped, throwIfAborted, type JobDefinition } from "./jobs/types";
import { attachWorkerMetrics, createWorkerMetrics, LIVE_JOB } from "./metrics";
import { startInProcessScheduler } from "./scheduler/in-process";
import { startPgBossWorker } from "./scheduler/pg-boss";
import { testWorker } from "./test-support/worker";

/** The value of one sample in the registry's text, or undefined when it is not there. */
async function sample(registry: Registry, series: string): Promise<number | undefined> {
  const line = (await registry.metrics()).split("\n").find((text) => text.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function run(job: string, status: JobRun["status"], extra: Partial<JobRun> = {}): JobRun {
  return {
    id: 1,
    job,
    status,
    rowsRead: 0,
    rowsWritten: 0,
    rowsRejected: 0,
    error: status === "failed" ? "boom" : null,
    durationMs: 40,
    next: [],
    ...extra,
  };
}

describe("createWorkerMetrics", () => {
  let now = 0;
  let registry: Registry;
  const metricsFor = (liveScheduled = true) => {
    now = Date.parse("2026-02-07T15:50:00Z");
    registry = createMetricsRegistry();
    return createWorkerMetrics(registry, {
      intervalsMs: new Map([
        [LIVE_JOB, 15_000],
        ["results", 600_000],
      ]),
      liveScheduled,
      now: () => now,
    });
  };

  it("counts runs by status, their durations and rows, and failures in a row until a run succeeds", async () => {
    const metrics = metricsFor();
    metrics.recordRun(run("results", "ok", { rowsWritten: 40, rowsRejected: 2, durationMs: 1_200 }));
    metrics.recordRun(run("results", "failed"));
    metrics.recordRun(run("results", "failed"));
    expect(await sample(registry, 'fkp_job_runs_total{job="results",status="ok"}')).toBe(1);
    expect(await sample(registry, 'fkp_job_runs_total{job="results",status="failed"}')).toBe(2);
    expect(await sample(registry, 'fkp_job_rows_total{job="results",kind="written"}')).toBe(40);
    expect(await sample(registry, 'fkp_job_rows_total{job="results",kind="rejected"}')).toBe(2);
    expect(await sample(registry, 'fkp_job_duration_seconds_count{job="results"}')).toBe(3);
    expect(await sample(registry, 'fkp_job_duration_seconds_bucket{le="5",job="results"}')).toBe(3);
    expect(await sample(registry, 'fkp_job_duration_seconds_bucket{le="1",job="results"}')).toBe(2);
    expect(await sample(registry, 'fkp_job_consecutive_failures{job="results"}')).toBe(2);
    metrics.recordRun(run("results", "skipped"));
    expect(await sample(registry, 'fkp_job_consecutive_failures{job="results"}')).toBe(0);
  });

  it("ages each job's last success, from the run log's and then from this process's runs", async () => {
    const metrics = metricsFor();
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="results"}')).toBeUndefined();
    metrics.seedLastSuccesses(new Map([["results", new Date(now - 300_000)]]));
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="results"}')).toBe(300);
    metrics.recordRun(run("results", "ok"));
    now += 20_000;
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="results"}')).toBe(20);
    metrics.recordRun(run("results", "failed"));
    now += 10_000;
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="results"}')).toBe(30);
    // An older reading of the run log does not move it back.
    metrics.seedLastSuccesses(new Map([["results", new Date(now - 3_600_000)]]));
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="results"}')).toBe(30);
  });

  it("measures the live tick's lag behind its interval: reset by a tick or an idle check, not by a failure", async () => {
    const metrics = metricsFor();
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(0);
    now += 40_000;
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(25);
    metrics.recordRun(run(LIVE_JOB, "ok"));
    now += 10_000;
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(0);
    now += 20_000;
    metrics.recordRun(run(LIVE_JOB, "failed"));
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(15);
    metrics.recordIdle(LIVE_JOB);
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(0);
    // A scheduler that asks again only at the next cron minute says so.
    metrics.recordIdle(LIVE_JOB, 62_000);
    now += 61_000;
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(0);
    now += 4_000;
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(3);
    // Other jobs do not move it.
    metrics.recordRun(run("results", "ok"));
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBe(3);
  });

  it("shows no live lag when live data is off", async () => {
    metricsFor(false);
    now += 600_000;
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBeUndefined();
  });

  it("reads the queues' depths at a scrape, at most every 5 s, and keeps the last ones when a read fails", async () => {
    const metrics = metricsFor();
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="live"}')).toBeUndefined();
    let reads = 0;
    let failing = false;
    metrics.readQueueDepths(async () => {
      reads += 1;
      if (failing) throw new Error("connection lost");
      return { live: reads, results: 0 };
    });
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="live"}')).toBe(1);
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="results"}')).toBe(0);
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="live"}')).toBe(1);
    now += 6_000;
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="live"}')).toBe(2);
    failing = true;
    now += 6_000;
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="live"}')).toBe(2);
    expect(reads).toBe(3);
  });
});

/** A job that writes `rows` rows, or fails, or finds nothing to do, as told. */
function scriptedJob(name: string, outcome: () => "ok" | "failed" | "not due", rows = 3): JobDefinition {
  return {
    name,
    description: "a test job",
    cadence: { description: "on demand", cron: [], everyMs: 0, due: async () => outcome() !== "not due" },
    transactional: false,
    async run() {
      if (outcome() === "failed") throw new TypeError("the job broke");
      return { ...emptyResult(), rowsRead: rows, rowsWritten: rows };
    },
  };
}

describe.each(testDatabases())("the worker's metrics and run lines on $driver", (testDb) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("records the scheduler's runs, and seeds last successes from the run log", async () => {
    let outcome: "ok" | "failed" | "not due" = "ok";
    const earlier = scriptedJob("metrics-earlier", () => "ok");
    const job = scriptedJob("metrics-probe", () => outcome, 5);
    const quiet: JobDefinition = {
      ...scriptedJob("metrics-quiet", () => "ok"),
      run: async () => skipped("nothing to do"),
    };

    // A run before this process started: its success is read back from sync_runs.
    const before = startInProcessScheduler(testWorker(db), {
      jobs: [earlier],
      startWith: [earlier.name],
      timers: false,
    });
    await before.idle();
    await before.stop();

    const worker = testWorker(db);
    const registry = createMetricsRegistry();
    attachWorkerMetrics(registry, worker, [earlier, job, quiet]);
    await expect
      .poll(() => sample(registry, 'fkp_job_last_success_age_seconds{job="metrics-earlier"}'))
      .toBeGreaterThanOrEqual(0);
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="metrics-probe"}')).toBeUndefined();

    const scheduler = startInProcessScheduler(worker, {
      jobs: [job, quiet],
      startWith: [job.name, quiet.name],
      timers: false,
    });
    await scheduler.idle();
    outcome = "failed";
    scheduler.enqueue(job.name);
    await scheduler.idle();
    outcome = "not due";
    scheduler.enqueue(job.name);
    await scheduler.idle();
    await scheduler.stop();

    expect(await sample(registry, 'fkp_job_runs_total{job="metrics-probe",status="ok"}')).toBe(1);
    expect(await sample(registry, 'fkp_job_runs_total{job="metrics-probe",status="failed"}')).toBe(1);
    expect(await sample(registry, 'fkp_job_runs_total{job="metrics-quiet",status="skipped"}')).toBe(1);
    expect(await sample(registry, 'fkp_job_rows_total{job="metrics-probe",kind="written"}')).toBe(5);
    expect(await sample(registry, 'fkp_job_consecutive_failures{job="metrics-probe"}')).toBe(1);
    expect(await sample(registry, 'fkp_job_last_success_age_seconds{job="metrics-probe"}')).toBeLessThan(5);
    // The job is not live: no lag is shown for a worker without a live job.
    expect(await sample(registry, "fkp_live_tick_lag_seconds")).toBeUndefined();

    // One line per run, with the run-log row's id and the run's fields; a failure's stack too.
    const runLines = worker.log.lines.filter((line) => line.fields?.job === "metrics-probe");
    expect(runLines.map((line) => [line.level, line.fields?.status, line.fields?.rowsWritten])).toEqual([
      ["info", "ok", 5],
      ["error", "failed", 0],
    ]);
    const rows = await db.execute<{ id: number; status: string }>(
      `select id, status from sync_runs where job = 'metrics-probe' order by id`,
    );
    expect(runLines.map((line) => line.fields?.runId)).toEqual(rows.map((row) => row.id));
    expect(runLines[1].fields).toMatchObject({ error: "the job broke", durationMs: expect.any(Number) });
    expect((runLines[1].fields?.err as Error).stack).toContain("TypeError: the job broke");
    expect(runLines[1].line).toBe("[sync:metrics-probe] failed: the job broke");
  });
});

describeOnPostgres("the pg-boss worker's metrics", () => {
  const testDb = testDatabases().find((candidate) => candidate.driver === "postgres")!;
  let db: DbHandle;
  let url: string;
  beforeAll(async () => {
    url = await testDb.createDatabase();
    db = await openDb({ url });
  });
  afterAll(async () => {
    await db?.close();
    await testDb.dispose();
  });

  it("shows each queue's waiting jobs while a run holds the queue, and records the runs", async () => {
    let release = false;
    const job: JobDefinition = {
      name: "metrics-queue-probe",
      description: "a test job that runs until released",
      cadence: { description: "on demand", cron: [], everyMs: 0 },
      transactional: false,
      async run(ctx) {
        while (!release) {
          throwIfAborted(ctx.signal);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return { ...emptyResult(), rowsWritten: 2 };
      },
    };
    const worker = testWorker(db);
    const registry = createMetricsRegistry();
    attachWorkerMetrics(registry, worker, [job]);
    expect(await sample(registry, 'fkp_pgboss_queue_depth{queue="metrics-queue-probe"}')).toBeUndefined();
    const replica = await startPgBossWorker(worker, { databaseUrl: url, jobs: [job], startWith: [job.name] });
    try {
      await expect
        .poll(
          () =>
            db
              .execute<{ n: number }>(`select count(*)::int as n from sync_runs where job = '${job.name}'`)
              .then(([row]) => row.n),
          { timeout: 15_000 },
        )
        .toBe(1);
      // Running: one more send waits in the queue ('stately': at most one queued).
      await replica.boss.send(job.name, {});
      await replica.boss.send(job.name, {});
      await expect
        .poll(() => sample(registry, 'fkp_pgboss_queue_depth{queue="metrics-queue-probe"}'), {
          timeout: 10_000,
          interval: 1_000,
        })
        .toBe(1);
      release = true;
      await expect
        .poll(() => sample(registry, 'fkp_job_runs_total{job="metrics-queue-probe",status="ok"}'), { timeout: 15_000 })
        .toBe(2);
      await expect
        .poll(() => sample(registry, 'fkp_pgboss_queue_depth{queue="metrics-queue-probe"}'), {
          timeout: 10_000,
          interval: 1_000,
        })
        .toBe(0);
      expect(await sample(registry, 'fkp_job_rows_total{job="metrics-queue-probe",kind="written"}')).toBe(4);
    } finally {
      await replica.stop();
    }
  });
});
