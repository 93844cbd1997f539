import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock } from "@shared/config/clock";
import { parseEnv } from "@shared/config/env";
import { openDb, type DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { startEmbeddedWorker } from "../embedded";
import { emptyResult, throwIfAborted, type JobDefinition } from "../jobs/types";
import { memoryLogger } from "../log";
import { FIXTURES_SEASONS_DIR, unreachableBaseUrl } from "../test-support/csv-origin";
import { testWorker } from "../test-support/worker";
import { startInProcessScheduler } from "./in-process";
import PgBoss from "pg-boss";
import { connectPostgres } from "@shared/db/connection-postgres";
import { PG_BOSS_SCHEMA, pgBossOptions, RUN_LOCK_CLASS, startPgBossWorker } from "./pg-boss";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that takes a while and counts how many of its runs overlap. */
function probeJob(name: string, options: { takesMs: number; next?: string[] }) {
  const probe = { runs: 0, active: 0, maxActive: 0 };
  const job: JobDefinition = {
    name,
    description: "a test job that records overlapping runs",
    cadence: { description: "on demand", cron: [], everyMs: 0 },
    transactional: false,
    async run(ctx) {
      probe.runs += 1;
      probe.active += 1;
      probe.maxActive = Math.max(probe.maxActive, probe.active);
      try {
        for (let waited = 0; waited < options.takesMs; waited += 20) {
          throwIfAborted(ctx.signal);
          await sleep(20);
        }
        return { ...emptyResult(), rowsWritten: 1, next: options.next };
      } finally {
        probe.active -= 1;
      }
    },
  };
  return { job, probe };
}

const runsOf = (db: DbHandle, job: string) =>
  db.execute<{ status: string; error: string | null }>(
    `select status, error from sync_runs where job = '${job}' order by id`,
  );

describe.each(testDatabases())("the in-process scheduler on $driver", (testDb) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("runs queued jobs one at a time, queues a job at most once, and runs what a job asks for next", async () => {
    const slow = probeJob("probe-slow", { takesMs: 150, next: ["probe-next"] });
    const next = probeJob("probe-next", { takesMs: 10 });
    const scheduler = startInProcessScheduler(testWorker(db), {
      jobs: [slow.job, next.job],
      startWith: ["probe-slow"],
      timers: false,
    });
    scheduler.enqueue("probe-slow");
    scheduler.enqueue("probe-slow");
    await scheduler.idle();
    await scheduler.stop();
    expect(slow.probe).toEqual({ runs: 2, active: 0, maxActive: 1 });
    expect(next.probe.runs).toBe(1);
    expect(await runsOf(db, "probe-slow")).toEqual([
      { status: "ok", error: null },
      { status: "ok", error: null },
    ]);
  });

  it("running a chosen job leaves follow-ups outside its set alone, without an error", async () => {
    const chosen = probeJob("probe-chosen", { takesMs: 10, next: ["probe-elsewhere"] });
    const worker = testWorker(db);
    const scheduler = startInProcessScheduler(worker, {
      jobs: [chosen.job],
      startWith: ["probe-chosen"],
      timers: false,
    });
    await scheduler.idle();
    await scheduler.stop();
    expect(chosen.probe.runs).toBe(1);
    expect(worker.log.lines.filter((l) => l.line.includes("no job named"))).toEqual([]);
  });

  it("runs a job marked besideQueue beside the queue, one such job at a time, and is idle once both lanes are", async () => {
    const periods = new Map<string, { start: number; end: number }>();
    const timed = (name: string, takesMs: number, besideQueue: boolean): JobDefinition => ({
      ...probeJob(name, { takesMs }).job,
      besideQueue,
      async run(ctx) {
        const start = performance.now();
        await probeJob(name, { takesMs }).job.run(ctx);
        periods.set(name, { start, end: performance.now() });
        return emptyResult();
      },
    });
    const jobs = [
      timed("probe-files", 300, true),
      timed("probe-files-too", 60, true),
      timed("probe-first", 100, false),
      timed("probe-second", 100, false),
    ];
    const scheduler = startInProcessScheduler(testWorker(db), {
      jobs,
      startWith: ["probe-files", "probe-first", "probe-files-too", "probe-second"],
      timers: false,
    });
    await scheduler.idle();
    await scheduler.stop();
    const period = (name: string) => periods.get(name)!;
    expect([...periods.keys()].sort()).toEqual(["probe-files", "probe-files-too", "probe-first", "probe-second"]);
    // The queue's jobs ran during the long job beside it, one after the other.
    expect(period("probe-first").start).toBeLessThan(period("probe-files").end);
    expect(period("probe-second").start).toBeGreaterThanOrEqual(period("probe-first").end);
    expect(period("probe-second").end).toBeLessThan(period("probe-files").end);
    // The lane beside the queue runs its jobs one at a time too.
    expect(period("probe-files-too").start).toBeGreaterThanOrEqual(period("probe-files").end);
    expect(await runsOf(db, "probe-files-too")).toEqual([{ status: "ok", error: null }]);
  });

  it("abandons the running job when stopped, and records it", async () => {
    const endless = probeJob("probe-endless", { takesMs: 60_000 });
    const scheduler = startInProcessScheduler(testWorker(db), {
      jobs: [endless.job],
      startWith: ["probe-endless"],
      timers: false,
    });
    await sleep(100);
    const started = Date.now();
    await scheduler.stop("SIGTERM");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await runsOf(db, "probe-endless")).toEqual([{ status: "failed", error: "abandoned: SIGTERM" }]);
  });
});

describe("the embedded worker", () => {
  /** A new empty database (PGlite, from the migrated template). */
  const emptyDatabase = () => {
    const [pglite] = testDatabases();
    return { open: () => pglite.open(), dispose: () => pglite.dispose() };
  };

  it("fills an empty database with the season as of the replay clock, in the background", async () => {
    const database = emptyDatabase();
    const db = await database.open();
    const env = parseEnv({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, BACKFILL_SEASONS: "2" });
    const log = memoryLogger();
    const worker = startEmbeddedWorker({ env, db, clock: createClock(env.CLOCK, () => 0), log });
    await worker.idle();
    await worker.stop();
    const [counts] = await db.execute<{ fixtures: string; odds: string; tables: string; stats: string }>(`
      select (select count(*) from fixtures) as fixtures, (select count(*) from fixture_odds) as odds,
             (select count(*) from standings_snapshots) as tables, (select count(*) from team_season_stats) as stats`);
    await database.dispose();
    expect(Number(counts.fixtures)).toBe(20);
    expect(Number(counts.tables)).toBe(5);
    expect(Number(counts.odds)).toBeGreaterThan(50);
    expect(Number(counts.stats)).toBeGreaterThan(40);
    expect(log.lines.map((l) => l.line)).toContain(
      `[sync] worker in this process: football-data.co.uk files from ${FIXTURES_SEASONS_DIR}; 2 seasons of history`,
    );
  });

  it("says what to configure when the source cannot be reached, and keeps going", async () => {
    const database = emptyDatabase();
    const db = await database.open();
    const env = parseEnv({ FOOTBALL_DATA_BASE_URL: await unreachableBaseUrl(), BACKFILL_SEASONS: "1" });
    const log = memoryLogger();
    const worker = startEmbeddedWorker({ env, db, clock: createClock(env.CLOCK, () => 0), log });
    await worker.idle();
    await worker.stop();
    const failed = await db.execute<{ job: string }>("select job from sync_runs where status = 'failed' order by id");
    const ok = await db.execute<{ job: string }>("select job from sync_runs where status = 'ok' order by id");
    await database.dispose();
    expect(failed.map((r) => r.job)).toEqual(["backfill", "fixtures-and-odds", "results"]);
    expect(ok.map((r) => r.job)).toContain("reference-data");
    expect(log.lines.find((l) => l.line.startsWith("[sync:backfill] failed:"))?.line).toMatch(
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/mmz4281\/2526\/E0\.csv \(ECONNREFUSED\) \(set FOOTBALL_DATA_DIR to a directory of football-data\.co\.uk season files, or FOOTBALL_DATA_BASE_URL to a reachable origin\)/,
    );
  });
});

describe.each(testDatabases().filter((d) => d.driver === "postgres"))("the pg-boss scheduler on $driver", (testDb) => {
  let db: DbHandle;
  let url: string;
  beforeAll(async () => {
    url = await testDb.createDatabase();
    db = await openDb({ url });
  });
  afterAll(async () => {
    await db.close();
    await testDb.dispose();
  });

  it("runs a job on one worker replica at a time, however often it is sent", async () => {
    const { job, probe } = probeJob("probe-pgboss", { takesMs: 300 });
    const replicas = await Promise.all(
      [1, 2].map(() => startPgBossWorker(testWorker(db), { databaseUrl: url, jobs: [job], startWith: [] })),
    );
    try {
      await replicas[0].boss.send(job.name, {});
      for (let waited = 0; waited < 15_000 && probe.active === 0; waited += 20) await sleep(20);
      for (let i = 0; i < 4; i++) await replicas[i % 2].boss.send(job.name, {});
      for (let waited = 0; waited < 15_000 && (probe.runs < 2 || probe.active > 0); waited += 100) await sleep(100);
      await sleep(500);
      // 'stately': one running and at most one queued, so the sends while it runs make one more run, never at once.
      expect(probe).toMatchObject({ runs: 2, maxActive: 1 });
      expect(await runsOf(db, job.name)).toEqual([
        { status: "ok", error: null },
        { status: "ok", error: null },
      ]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
  });

  it("runs a job fetched while a sweeper holds its lock for a moment, instead of dropping it", async () => {
    const { job, probe } = probeJob("probe-held-lock", { takesMs: 50 });
    // The lock another worker's sweeper takes while it looks at an orphan of this job.
    const sweeper = connectPostgres(url, { max: 1 });
    await sweeper`select pg_advisory_lock(${RUN_LOCK_CLASS}, hashtext(${job.name}))`;
    const worker = await startPgBossWorker(testWorker(db), { databaseUrl: url, jobs: [job], startWith: [job.name] });
    try {
      // pg-boss polls every 2 s: the run is fetched while the lock is held.
      await sleep(2_500);
      expect(probe.runs).toBe(0);
      await sweeper`select pg_advisory_unlock(${RUN_LOCK_CLASS}, hashtext(${job.name}))`;
      for (let waited = 0; waited < 10_000 && probe.runs === 0; waited += 50) await sleep(50);
      expect(probe.runs).toBe(1);
    } finally {
      await worker.stop();
      await sweeper.end();
    }
  });

  it("hands back a job a dead worker left active once, not again when a run of it is already queued", async () => {
    const { job, probe } = probeJob("probe-orphan", { takesMs: 50 });
    // A worker that fetched the job and died: active in pg-boss, with no lock held.
    const dead = new PgBoss(pgBossOptions(url));
    await dead.start();
    await dead.createQueue(job.name, { name: job.name, policy: "stately" });
    await dead.send(job.name, {});
    const [orphan] = await dead.fetch(job.name);
    await db.execute(
      `update ${PG_BOSS_SCHEMA}.job set started_on = now() - interval '1 minute' where id = '${orphan.id}'`,
    );
    // A run queued beside it, as a restarted worker's start-up chain queues one.
    await dead.send(job.name, {});
    await dead.stop({ graceful: false, wait: true });
    const services = testWorker(db);
    const worker = await startPgBossWorker(services, { databaseUrl: url, jobs: [job], startWith: [] });
    try {
      for (let waited = 0; waited < 15_000 && probe.runs === 0; waited += 50) await sleep(50);
      // Long enough for a second run to be fetched and done, had the orphan been sent again.
      await sleep(5_000);
      expect(probe.runs).toBe(1);
      expect(services.log.lines.map((entry) => entry.line).join("\n")).toContain(
        "pg-boss: probe-orphan was left active by a stopped worker; a run of it is already queued",
      );
      const states = await db.execute<{ state: string }>(
        `select state from ${PG_BOSS_SCHEMA}.job where name = '${job.name}' order by created_on`,
      );
      expect(states.map((row) => row.state)).toEqual(["cancelled", "completed"]);
    } finally {
      await worker.stop();
    }
  });

  it("runs a job a dead worker left active once, when the restarted worker's start-up chain reaches it after the orphan was sent again", async () => {
    const first = probeJob("probe-chain-first", { takesMs: 7_000 });
    const { job, probe } = probeJob("probe-chain-orphan", { takesMs: 50 });
    // A worker that fetched the job a minute ago, on its way through the same start-up chain, and died.
    const dead = new PgBoss(pgBossOptions(url));
    await dead.start();
    await dead.createQueue(job.name, { name: job.name, policy: "stately" });
    await dead.send(job.name, { then: [] });
    const [orphan] = await dead.fetch(job.name);
    await db.execute(
      `update ${PG_BOSS_SCHEMA}.job set started_on = now() - interval '1 minute' where id = '${orphan.id}'`,
    );
    await dead.stop({ graceful: false, wait: true });
    const services = testWorker(db);
    // The restarted worker's chain runs another job first: a sweep sends the orphan again meanwhile.
    const worker = await startPgBossWorker(services, {
      databaseUrl: url,
      jobs: [first.job, job],
      startWith: [first.job.name, job.name],
    });
    try {
      const chainDone = () => first.probe.runs === 1 && first.probe.active === 0 && probe.runs > 0;
      for (let waited = 0; waited < 30_000 && !chainDone(); waited += 100) await sleep(100);
      expect(first.probe.runs).toBe(1);
      // Long enough for the chain's run to be fetched (pg-boss polls every 2 s) and done, had the
      // orphan been sent again too.
      await sleep(3_500);
      expect(probe.runs).toBe(1);
      expect(services.log.lines.map((entry) => entry.line).join("\n")).toContain(
        "pg-boss: probe-chain-orphan was left active by a stopped worker; queued again",
      );
    } finally {
      await worker.stop();
    }
  });

  it("does not hand back a job a dead worker left active when a run of it has finished since the orphan started", async () => {
    const { job, probe } = probeJob("probe-orphan-done", { takesMs: 50 });
    const dead = new PgBoss(pgBossOptions(url));
    await dead.start();
    await dead.createQueue(job.name, { name: job.name, policy: "stately" });
    // A restarted worker's start-up chain ran the job half a minute ago and finished it, while the
    // orphan was still too young to sweep: the orphan's work is done.
    await dead.send(job.name, {});
    const [later] = await dead.fetch(job.name);
    await dead.complete(job.name, later.id);
    await db.execute(
      `update ${PG_BOSS_SCHEMA}.job set started_on = now() - interval '30 seconds' where id = '${later.id}'`,
    );
    // The orphan: fetched a minute ago by a worker that died.
    await dead.send(job.name, {});
    const [orphan] = await dead.fetch(job.name);
    await db.execute(
      `update ${PG_BOSS_SCHEMA}.job set started_on = now() - interval '1 minute' where id = '${orphan.id}'`,
    );
    await dead.stop({ graceful: false, wait: true });
    const services = testWorker(db);
    const worker = await startPgBossWorker(services, { databaseUrl: url, jobs: [job], startWith: [] });
    try {
      const cancelled = async () =>
        (await db.execute<{ state: string }>(`select state from ${PG_BOSS_SCHEMA}.job where id = '${orphan.id}'`))[0]
          .state === "cancelled";
      for (let waited = 0; waited < 15_000 && !(await cancelled()); waited += 100) await sleep(100);
      expect(await cancelled()).toBe(true);
      // Long enough for a run to be fetched and done, had the orphan been sent again.
      await sleep(3_000);
      expect(probe.runs).toBe(0);
      const states = await db.execute<{ state: string }>(
        `select state from ${PG_BOSS_SCHEMA}.job where name = '${job.name}' order by created_on`,
      );
      expect(states.map((row) => row.state)).toEqual(["completed", "cancelled"]);
    } finally {
      await worker.stop();
    }
  });
});
