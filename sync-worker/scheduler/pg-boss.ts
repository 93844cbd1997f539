/**
 * The separate worker's scheduler on Postgres: one pg-boss queue per job with the 'stately'
 * policy (at most one queued and one active job per queue, across every worker replica, so a
 * job never runs twice at once), cron schedules, and retries with exponential backoff. A job's
 * first cron schedule fires on its own queue; further ones fire on small trigger queues that
 * send to it, since pg-boss keeps one schedule per queue.
 *
 * A worker killed with SIGKILL leaves its jobs 'active' in pg-boss until they expire. So that a
 * crash never freezes a queue (live scores above all), a worker holds a session advisory lock per
 * job while it runs it; Postgres drops the locks the moment the dead worker's connection goes.
 * Every worker looks every few seconds for active jobs whose lock nobody holds, and hands them
 * back to the queue with their data (the rest of the start-up chain included). Expiry stays as a
 * last resort, sized per queue: a couple of minutes for the repeating live jobs.
 */
import { setTimeout as sleep } from "node:timers/promises";
import PgBoss from "pg-boss";
import {
  CONNECT_TIMEOUT_SECONDS,
  connectPostgres,
  KEEPALIVE_SECONDS,
  WORKER_DATABASE_TIMEOUTS,
  type DatabaseTimeouts,
} from "@shared/db";
import { RUN_EXPIRY_MS, runJob, type JobRun } from "../jobs/run-job";
import type { JobDefinition } from "../jobs/types";
import { jobContext, type WorkerServices } from "../worker-services";
import { isOff } from "./in-process";

export const PG_BOSS_SCHEMA = "pgboss";

/** Retries of a failed run: 3, after 30 s, 60 s, 120 s. */
const RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;
/** How long a run may take before pg-boss gives it up (the backfill of 21 seasons takes well under this). */
const EXPIRE_SECONDS = RUN_EXPIRY_MS / 1000;
/** A repeating job holds its pg-boss job for under a minute; expire it soon after. */
const REPEATING_EXPIRE_SECONDS = 120;
/** How often a worker looks for jobs left active by a dead worker. */
export const ORPHAN_SWEEP_MS = 5_000;
/** An active job younger than this may not have taken its lock yet. */
const ORPHAN_GRACE_SECONDS = 10;
/** How long a fetched run waits for its job's lock, held for a moment by a sweeper. */
const RUN_LOCK_WAIT_MS = 5_000;
const RUN_LOCK_RETRY_MS = 250;
/** The first key of the jobs' advisory locks; the second is the hash of the job's name. */
export const RUN_LOCK_CLASS = 45_217;

export function queueExpirySeconds(job: Pick<JobDefinition, "cadence">): number {
  return job.cadence.repeatEveryMs ? REPEATING_EXPIRE_SECONDS : EXPIRE_SECONDS;
}
const POLLING_SECONDS = 2;
/** A repeating job (live) stops repeating this long before its next cron minute. */
const REPEAT_MARGIN_MS = 5_000;
/** The longest between two firings of an every-minute schedule: the minute and a polling interval. */
const CRON_GAP_MS = 60_000 + POLLING_SECONDS * 1000;

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

/**
 * pg-boss's own pool (node-postgres) with the worker's bounds on every query, as the jobs' own
 * database handle has (shared/db, DatabaseTimeouts): the server's statement, lock and
 * idle-in-transaction timeouts, a client-side bound on waiting for an answer (`query_timeout`:
 * past it the query fails and its connection is dropped from the pool), a connect timeout and TCP
 * keepalive. A stalled database fails pg-boss's polling and bookkeeping, which it logs and retries,
 * instead of hanging them.
 */
export function pgBossOptions(
  databaseUrl: string,
  timeouts: DatabaseTimeouts = WORKER_DATABASE_TIMEOUTS,
): PgBoss.ConstructorOptions {
  // node-postgres options pg-boss hands to its pool; its types do not list them.
  const pool = {
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.answerMs,
    connectionTimeoutMillis: CONNECT_TIMEOUT_SECONDS * 1000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_SECONDS * 1000,
  };
  return { connectionString: databaseUrl, schema: PG_BOSS_SCHEMA, max: 4, ...pool };
}

export async function startPgBossWorker(services: WorkerServices, options: PgBossWorkerOptions): Promise<PgBossWorker> {
  const { log } = services;
  const controller = new AbortController();
  const boss = new PgBoss(pgBossOptions(options.databaseUrl));
  boss.on("error", (error) => log.error(`pg-boss: ${error.message}`));
  const byName = new Map(options.jobs.map((job) => [job.name, job]));

  // Replicas starting together would create the same queues at once and deadlock: one at a time.
  // Its own connections (the set-up lock, the jobs' liveness locks, the orphan sweep) are bounded the same way.
  const lock = connectPostgres(options.databaseUrl, { max: 1, timeouts: WORKER_DATABASE_TIMEOUTS });
  try {
    await lock.unsafe(`select pg_advisory_lock(${SETUP_LOCK_KEY})`);
    await boss.start();
    for (const job of options.jobs) {
      const queueOptions = {
        name: job.name,
        policy: "stately",
        ...RETRY,
        expireInSeconds: queueExpirySeconds(job),
      } as const;
      await boss.createQueue(job.name, queueOptions);
      // Queues made by an earlier version keep their options unless told.
      await boss.updateQueue(job.name, queueOptions);
      // A job for a kind of data that is off runs once at start to record that, and is not scheduled.
      if (isOff(job, services)) {
        await boss.unschedule(job.name);
        for (let index = 1; index < job.cadence.cron.length; index++)
          await boss.unschedule(triggerQueue(job.name, index));
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

  /** When this worker's start-up chain began, by the database's clock. */
  let chainSince = new Date(0);
  /**
   * A run of `name` sent since this worker started, queued, under way or done, that carries the
   * same chain on after it (an orphan a sweep sent again): the chain stops there instead of
   * running the job twice. Runs a schedule sent carry no chain.
   */
  const carriesChain = async (name: string, then: readonly string[]): Promise<boolean> => {
    const runs = await sweeper<{ data: StartupChain | null }[]>`
      select data from ${sweeper(PG_BOSS_SCHEMA)}.job
      where name = ${name} and created_on >= ${chainSince}
        and state in ('created', 'retry', 'active', 'completed')`;
    return runs.some((run) => run.data?.then !== undefined && JSON.stringify(run.data.then) === JSON.stringify(then));
  };
  /**
   * The start-up run goes through the queues in order: each job, once done, sends the next. A job
   * already queued (by its schedule) is passed over, so the chain never stops there.
   */
  const sendChain = async (names: readonly string[]) => {
    for (let index = 0; index < names.length; index++) {
      const then = names.slice(index + 1);
      if (await carriesChain(names[index], then)) return;
      if (await boss.send(names[index], { then })) return;
    }
  };

  const runOnce = async (job: JobDefinition): Promise<JobRun | null> => {
    const ctx = jobContext(services, controller.signal);
    if (job.cadence.due && !(await job.cadence.due(ctx))) {
      // Asked again at the next cron minute.
      services.metrics?.recordIdle(job.name, CRON_GAP_MS);
      return null;
    }
    const run = await runJob(job, ctx);
    // A repeating job runs again within its minute, or at the next minute after the margin.
    services.metrics?.recordRun(
      run,
      job.cadence.repeatEveryMs ? job.cadence.repeatEveryMs + REPEAT_MARGIN_MS + POLLING_SECONDS * 1000 : undefined,
    );
    options.onRun?.(run);
    for (const next of run.next) if (byName.has(next)) await boss.send(next, {});
    return run;
  };

  // The liveness locks of the jobs this worker runs, on a connection of their own; the sweeper
  // tests other workers' locks on another (a session can always take its own locks again).
  const runLocks = connectPostgres(options.databaseUrl, { max: 1, timeouts: WORKER_DATABASE_TIMEOUTS });
  const sweeper = connectPostgres(options.databaseUrl, { max: 1, timeouts: WORKER_DATABASE_TIMEOUTS });

  /**
   * Takes a job's liveness lock. A sweeper holds it for a moment while it hands back an orphan,
   * so a run fetched in that moment waits for it instead of being dropped; a lock still held
   * after RUN_LOCK_WAIT_MS belongs to a worker running the job.
   */
  const takeRunLock = async (name: string): Promise<boolean> => {
    const deadline = Date.now() + RUN_LOCK_WAIT_MS;
    for (;;) {
      const [{ locked }] = await runLocks<
        { locked: boolean }[]
      >`select pg_try_advisory_lock(${RUN_LOCK_CLASS}, hashtext(${name})) as locked`;
      if (locked) return true;
      if (Date.now() >= deadline || controller.signal.aborted) return false;
      await sleep(RUN_LOCK_RETRY_MS);
    }
  };

  for (const job of options.jobs) {
    const runLocked = async (queued: PgBoss.Job<StartupChain> | undefined) => {
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
    };
    await boss.work<StartupChain>(job.name, { pollingIntervalSeconds: POLLING_SECONDS }, async ([queued]) => {
      if (!(await takeRunLock(job.name))) {
        // Another worker is running this job (its pg-boss job was handed back by mistake): leave it.
        log.warn(`pg-boss: ${job.name} is already running on another worker`);
        return;
      }
      try {
        await runLocked(queued);
      } finally {
        await runLocks`select pg_advisory_unlock(${RUN_LOCK_CLASS}, hashtext(${job.name}))`.catch(() => undefined);
      }
    });
    for (let index = 1; index < (isOff(job, services) ? 0 : job.cadence.cron.length); index++) {
      await boss.work(triggerQueue(job.name, index), { pollingIntervalSeconds: POLLING_SECONDS }, async () => {
        await boss.send(job.name, {});
      });
    }
  }
  /**
   * Active jobs whose worker is gone: nobody holds their lock. Each is cancelled and sent again
   * with the same data, so it runs at once (no retry backoff) and the start-up chain goes on; the
   * run the dead worker left 'running' in the run log is marked interrupted.
   */
  const sweepOrphans = async (): Promise<void> => {
    const names = options.jobs.map((job) => job.name);
    const active = await sweeper<{ id: string; name: string; data: StartupChain | null; started_on: Date }[]>`
      select id, name, data, started_on from ${sweeper(PG_BOSS_SCHEMA)}.job
      where state = 'active' and name = any(${names}) and started_on < now() - make_interval(secs => ${ORPHAN_GRACE_SECONDS})`;
    for (const orphan of active) {
      const [{ free }] = await sweeper<
        { free: boolean }[]
      >`select pg_try_advisory_lock(${RUN_LOCK_CLASS}, hashtext(${orphan.name})) as free`;
      if (!free) continue;
      try {
        // pg-boss's own cancel, told apart from a no-op: another worker's sweep may have handed it back first.
        const cancelled = await sweeper`
          update ${sweeper(PG_BOSS_SCHEMA)}.job set completed_on = now(), state = 'cancelled'
          where name = ${orphan.name} and id = ${orphan.id} and state = 'active'
          returning id`;
        if (cancelled.length === 0) continue;
        await sweeper`
          update sync_runs set status = 'failed', finished_at = now(),
            error = 'interrupted: the worker stopped before the run finished'
          where job = ${orphan.name} and status = 'running'`;
        // A run of the job already queued or just started (a restarted worker's start-up chain
        // sends one) does the work, and so did one that finished since the orphan started (the
        // orphan was too young to sweep while it ran): sending another would run the job twice.
        const pending = await sweeper<{ data: StartupChain | null }[]>`
          select data from ${sweeper(PG_BOSS_SCHEMA)}.job
          where name = ${orphan.name} and id <> ${orphan.id}
            and (state in ('created', 'retry', 'active') or (state = 'completed' and started_on > ${orphan.started_on}))`;
        const chain = orphan.data?.then ?? [];
        if (pending.length > 0) {
          // Its own chain goes on after it; the orphan's must too, unless it is the same.
          const sameChain = pending.some((job) => JSON.stringify(job.data?.then ?? []) === JSON.stringify(chain));
          if (!sameChain) await sendChain(chain);
          log.warn(`pg-boss: ${orphan.name} was left active by a stopped worker; a run of it is already queued`);
          continue;
        }
        // A queue holding a queued run already refuses the send; the chain must still go on.
        if (!(await boss.send(orphan.name, orphan.data ?? {}))) await sendChain(chain);
        log.warn(`pg-boss: ${orphan.name} was left active by a stopped worker; queued again`);
      } finally {
        await sweeper`select pg_advisory_unlock(${RUN_LOCK_CLASS}, hashtext(${orphan.name}))`;
      }
    }
  };
  // The start-up chain is queued before the first sweep: a sweep that ran first found no run of
  // an orphaned job queued, sent it again, and the chain's own run made two (a backfill killed
  // half-way then ran twice after the restart, seen on a loaded machine).
  [{ now: chainSince }] = await sweeper<{ now: Date }[]>`select now() as now`;
  await sendChain(options.startWith);
  let sweeping: Promise<void> = sweepOrphans().catch((error) =>
    log.error(`pg-boss: orphan sweep: ${(error as Error).message}`),
  );
  const sweepTimer = setInterval(() => {
    sweeping = sweeping
      .then(sweepOrphans)
      .catch((error) => log.error(`pg-boss: orphan sweep: ${(error as Error).message}`));
  }, ORPHAN_SWEEP_MS);
  sweepTimer.unref();

  log.info(`pg-boss: ${options.jobs.length} queues, schedules in UTC, on schema ${PG_BOSS_SCHEMA}`);
  // Jobs waiting per queue, read when the metrics are scraped: one count per queue.
  services.metrics?.readQueueDepths(async () => {
    const sizes = await Promise.all(
      options.jobs.map(async (job) => [job.name, await boss.getQueueSize(job.name)] as const),
    );
    return Object.fromEntries(sizes);
  });

  return {
    boss,
    async stop() {
      services.metrics?.readQueueDepths(null);
      controller.abort("the worker is stopping");
      clearInterval(sweepTimer);
      await sweeping;
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
      await runLocks.end({ timeout: 5 });
      await sweeper.end({ timeout: 5 });
    },
  };
}
