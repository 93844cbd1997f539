/**
 * PostgreSQL only: every query has a bounded time, whether the database refuses, stalls or is
 * slow. The database is reached through a TCP proxy that can blackhole it (connections accepted,
 * or open, and never answered), the case no server-side timeout can end; the client's bound
 * (DatabaseTimeouts.answerMs) fails the query as the database being out of reach, and closes the
 * connections that stalled so the pool recovers when the database is back.
 */
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { switchableProxy, type SwitchableProxy } from "../../tests/support/switchable-proxy";
import { isDatabaseUnavailable } from "./errors";
import { openDb, WEB_DATABASE_TIMEOUTS, WORKER_DATABASE_TIMEOUTS, type DbHandle } from "./index";
import { describeOnPostgres } from "./on-postgres";
import { postgresTestDatabase } from "./test-databases";

/** "About 3 s" of the issue: the client's bound (2.5 s) and the time to notice it. */
const UNAVAILABLE_WITHIN_MS = 3_000;
const RECOVERED_WITHIN_MS = 3_000;

interface Outcome {
  ok: boolean;
  ms: number;
  error?: unknown;
}

async function timed(work: () => Promise<unknown>): Promise<Outcome> {
  const started = performance.now();
  try {
    await work();
    return { ok: true, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, ms: performance.now() - started, error };
  }
}

/** Polls `work` until it succeeds; the time from now to its first success. */
async function recoveryMs(work: () => Promise<unknown>, limitMs = 20_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await timed(work)).ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no query succeeded within ${limitMs} ms of the database coming back`);
}

/** Waits until `condition` holds, for up to `limitMs`. */
async function eventually(condition: () => boolean, limitMs = 3_000): Promise<boolean> {
  const started = performance.now();
  while (!condition() && performance.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms: number) => Math.round(ms);

describeOnPostgres("queries while PostgreSQL is blackholed, refused or slow", (serverUrl) => {
  const testDb = postgresTestDatabase(serverUrl);
  let directUrl: string;
  let proxy: SwitchableProxy;
  let handle: DbHandle;

  /** The kinds of queries a page and a job make: drizzle's query API, raw SQL, a transaction. */
  const workload = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      if (i % 3 === 0) return () => handle.db.query.leagues.findMany();
      if (i % 3 === 1) return () => handle.execute(`select ${i} as n`);
      return () => handle.db.transaction(async (tx) => tx.query.leagues.findFirst());
    });

  beforeAll(async () => {
    directUrl = await testDb.createDatabase();
    await (await openDb({ url: directUrl })).close();
    proxy = await switchableProxy(serverUrl);
    handle = await openDb({ url: proxy.via(directUrl) });
  });
  afterEach(async () => {
    proxy.set("pass");
    await recoveryMs(() => handle.execute("select 1"));
  });
  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
    await testDb.dispose();
  });

  it("fails every query as unavailable within 3 s while blackholed, and recovers within seconds once the network is back", async () => {
    // Several pooled connections open, then the network goes silent under them.
    await Promise.all(workload(12).map((work) => work()));
    proxy.set("blackhole");

    const outcomes = await Promise.all(workload(30).map((work) => timed(work)));
    const times = outcomes.map((outcome) => outcome.ms);
    console.log(
      `blackholed: ${outcomes.length} queries failed in median ${round(median(times))} ms, max ${round(Math.max(...times))} ms`,
    );
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      expect(isDatabaseUnavailable(outcome.error), String(outcome.error)).toBe(true);
      expect(outcome.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    }
    // Still out of reach a while later: later queries fail as fast.
    const later = await timed(() => handle.db.query.leagues.findMany());
    expect([later.ok, isDatabaseUnavailable(later.error)]).toEqual([false, true]);
    expect(later.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);

    proxy.set("pass");
    const recovered = await recoveryMs(() => handle.db.query.leagues.findMany());
    console.log(`blackholed, then back with its connections: first success ${round(recovered)} ms after`);
    expect(recovered).toBeLessThan(RECOVERED_WITHIN_MS);
    const after = await Promise.all(workload(12).map((work) => timed(work)));
    expect(after.every((outcome) => outcome.ok)).toBe(true);
  });

  it("closes the connections that stalled, so it recovers even when the network never answers them again", async () => {
    await Promise.all(workload(12).map((work) => work()));
    proxy.set("blackhole");
    const outcomes = await Promise.all(workload(20).map((work) => timed(work)));
    expect(outcomes.every((outcome) => !outcome.ok && isDatabaseUnavailable(outcome.error))).toBe(true);
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(UNAVAILABLE_WITHIN_MS);

    // The connections caught in the blackhole never answer again: only new ones reach the server.
    proxy.set("pass", { strand: true });
    const recovered = await recoveryMs(() => handle.db.query.leagues.findMany());
    console.log(`blackholed, then back with its old connections lost: first success ${round(recovered)} ms after`);
    expect(recovered).toBeLessThan(RECOVERED_WITHIN_MS);
    const after = await Promise.all(workload(12).map((work) => timed(work)));
    expect(after.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(Math.max(...after.map((outcome) => outcome.ms))).toBeLessThan(1_000);
    // The client closes every connection the blackhole caught (a second after replacing them); none is left waiting.
    expect(await eventually(() => proxy.stranded() === 0)).toBe(true);
    // The new connections read values as drizzle asked the first ones to (timestamps as strings).
    const [{ now }] = await handle.execute<{ now: unknown }>("select now() as now");
    expect(typeof now).toBe("string");
  });

  it("keeps listening for notifications after a blackhole that lost its connections", async () => {
    if (handle.driver !== "postgres") throw new Error("needs PostgreSQL");
    const heard: string[] = [];
    const subscription = await handle.client.listen("stall_test", (payload) => heard.push(payload));
    try {
      await Promise.all(workload(6).map((work) => work()));
      proxy.set("blackhole");
      await Promise.all(workload(6).map((work) => timed(work)));
      proxy.set("pass", { strand: true });
      await recoveryMs(() => handle.execute("select 1"));

      const notifier = postgres(directUrl, { max: 1, onnotice: () => {} });
      const started = performance.now();
      try {
        while (!heard.includes("back") && performance.now() - started < 10_000) {
          await notifier`select pg_notify('stall_test', 'back')`;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await notifier.end();
      }
      console.log(`listening again ${round(performance.now() - started)} ms after the database came back`);
      expect(heard).toContain("back");
      expect(await eventually(() => proxy.stranded() === 0)).toBe(true);
    } finally {
      await subscription.unlisten();
    }
  });

  it("fails within 3 s when the database refuses connections, and recovers within seconds", async () => {
    proxy.set("refuse");
    const outcomes = await Promise.all(workload(12).map((work) => timed(work)));
    expect(outcomes.every((outcome) => !outcome.ok && isDatabaseUnavailable(outcome.error))).toBe(true);
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(UNAVAILABLE_WITHIN_MS);
    proxy.set("pass");
    expect(await recoveryMs(() => handle.execute("select 1"))).toBeLessThan(RECOVERED_WITHIN_MS);
  });

  it("ends a slow statement at the server's statement_timeout, and a lock wait at its lock_timeout, as unavailable", async () => {
    const slow = await timed(() => handle.execute("select pg_sleep(10)"));
    expect(slow.ok).toBe(false);
    expect((slow.error as { cause?: { code?: string } }).cause?.code).toBe("57014");
    expect(isDatabaseUnavailable(slow.error)).toBe(true);
    expect(slow.ms).toBeGreaterThanOrEqual(WEB_DATABASE_TIMEOUTS.statementMs - 100);
    expect(slow.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);

    const holder = postgres(directUrl, { max: 1, onnotice: () => {} });
    try {
      await holder.begin(async (tx) => {
        await tx`lock table leagues in access exclusive mode`;
        const waiting = await timed(() => handle.db.query.leagues.findMany());
        expect(waiting.ok).toBe(false);
        expect((waiting.error as { cause?: { code?: string } }).cause?.code).toBe("55P03");
        expect(isDatabaseUnavailable(waiting.error)).toBe(true);
        expect(waiting.ms).toBeLessThan(UNAVAILABLE_WITHIN_MS);
      });
    } finally {
      await holder.end();
    }
  });

  it("lets the worker's statements run longer than a page's", async () => {
    const worker = await openDb({ url: proxy.via(directUrl), timeouts: WORKER_DATABASE_TIMEOUTS });
    try {
      const [settings] = await worker.execute<{ statement: string; lock: string }>(
        "select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock",
      );
      expect(settings).toEqual({ statement: "30s", lock: "30s" });
      const slow = await timed(() => worker.execute("select pg_sleep(3)"));
      expect(slow).toMatchObject({ ok: true });
    } finally {
      await worker.close();
    }
  });
});
