/**
 * The separate worker's scheduler on Postgres: one pg-boss queue per job with the 'stately'
 * policy (at most one queued and one active job per queue, across every worker replica, so a
 * job never runs twice at once), cron schedules, and retries with exponential backoff. A job's
 * first cron schedule fires on its own queue; further ones fire on small trigger queues that
 * send to it, since pg-boss keeps one schedule per queue.
 */
import { setTimeout as sleep } from "node:timers/promises";
import PgBoss from "pg-boss";
import postgres from "postgres";
import { RUN_EXPIRY_MS, runJob, type JobRun } from "../jobs/run-job";
import type { JobDefinition } from "../jobs/types";
import { jobContext, type WorkerServices } from "../worker-services";
import { isOff } from "./in-process";

export const PG_BOSS_SCHEMA = "pgboss";

/** Retries of a failed run: 3, after 30 s, 60 s, 120 s. */
const RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;
/** How long a run may take before pg-boss gives it up (the backfill of 21 seasons takes well under this). */
const EXPIRE_SECONDS = RUN_EXPIRY_MS / 1000;
const POLLING_SECONDS = 2;
/** A repeating job (live) stops repeating this long before its next cron minute. */
const REPEAT_MARGIN_MS = 5_000;

export interface PgBossWorker {
  boss: PgBoss;
  stop(): Promise<void>;
}

export interface PgBossWorkerOptions {
  databaseUrl: string;
  jobs: readonly JobDefinition[];
  /** Jobs run once at start, one after the other (the start-up run). */
  startWith: readonly string[];
  onRun?: (run: JobRun) => void;
}

/** Advisory lock key held while a replica sets up pg-boss and the queues. */
const SETUP_LOCK_KEY = 4_521_773_090_119;

/** The data of a start-up run's job: the jobs still to run after it, in order. */
interface StartupChain {
  then?: string[];
}

const triggerQueue = (job: string, index: number) => `${job}-schedule-${index}`;

export async function startPgBossWorker(services: WorkerServices, options: PgBossWorkerOptions): Promise<PgBossWorker> {
  const { log } = services;
  const controller = new AbortController();
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: PG_BOSS_SCHEMA, max: 4 });
  boss.on("error", (error) => log.error(`pg-boss: ${error.message}`));
  const byName = new Map(options.jobs.map((job) => [job.name, job]));

  // Replicas starting together would create the same queues at once and deadlock: one at a time.
  const lock = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await lock.unsafe(`select pg_advisory_lock(${SETUP_LOCK_KEY})`);
    await boss.start();
    for (const job of options.jobs) {
      await boss.createQueue(job.name, { name: job.name, policy: "stately", ...RETRY, expireInSeconds: EXPIRE_SECONDS });
      // A job for a kind of data that is off runs once at start to record that, and is not scheduled.
      if (isOff(job, services)) {
        await boss.unschedule(job.name);
        for (let index = 1; index < job.cadence.cron.length; index++) await boss.unschedule(triggerQueue(job.name, index));
        continue;
      }
      const [first, ...others] = job.cadence.cron;
      if (first) await boss.schedule(job.name, first, {}, { tz: "UTC" });
      for (const [index, cron] of others.entries()) {
        const trigger = triggerQueue(job.name, index + 1);
        await boss.createQueue(trigger, { name: trigger, policy: "stately" });
        await boss.schedule(trigger, cron, {}, { tz: "UTC" });
      }
    }
  } finally {
    await lock.unsafe(`select pg_advisory_unlock(${SETUP_LOCK_KEY})`).catch(() => undefined);
    await lock.end();
  }

  /**
   * The start-up run goes through the queues in order: each job, once done, sends the next. A job
   * already queued (by its schedule) is passed over, so the chain never stops there.
   */
  const sendChain = async (names: readonly string[]) => {
    for (let index = 0; index < names.length; index++) {
      if (await boss.send(names[index], { then: names.slice(index + 1) })) return;
    }
  };

  const runOnce = async (job: JobDefinition): Promise<JobRun | null> => {
    const ctx = jobContext(services, controller.signal);
    if (job.cadence.due && !(await job.cadence.due(ctx))) return null;
    const run = await runJob(job, ctx);
    options.onRun?.(run);
    for (const next of run.next) if (byName.has(next)) await boss.send(next, {});
    return run;
  };

  for (const job of options.jobs) {
    await boss.work<StartupChain>(job.name, { pollingIntervalSeconds: POLLING_SECONDS }, async ([queued]) => {
      const started = Date.now();
      let run: JobRun | null;
      try {
        run = await runOnce(job);
      } finally {
        if (!controller.signal.aborted) await sendChain(queued?.data?.then ?? []);
      }
      const repeat = job.cadence.repeatEveryMs;
      // Cron fires once a minute; a job that wants a shorter cadence repeats within its minute,
      // as long as it has something to do.
      while (repeat && run?.status === "ok" && Date.now() - started + repeat < 60_000 - REPEAT_MARGIN_MS) {
        const slept = await sleep(repeat, true, { signal: controller.signal }).catch(() => false);
        if (!slept) break;
        run = await runOnce(job);
      }
      // Throwing hands the run back to pg-boss, which retries it with backoff.
      if (run?.status === "failed" && !controller.signal.aborted) throw new Error(run.error ?? `${job.name} failed`);
    });
    for (let index = 1; index < (isOff(job, services) ? 0 : job.cadence.cron.length); index++) {
      await boss.work(triggerQueue(job.name, index), { pollingIntervalSeconds: POLLING_SECONDS }, async () => {
        await boss.send(job.name, {});
      });
    }
  }
  await sendChain(options.startWith);
  log.info(`pg-boss: ${options.jobs.length} queues, schedules in UTC, on schema ${PG_BOSS_SCHEMA}`);

  return {
    boss,
    async stop() {
      controller.abort("the worker is stopping");
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
  };
}
