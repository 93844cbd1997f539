/**
 * PostgreSQL only: pg-boss's own pool has the worker's bounds (pgBossOptions), so a blackholed
 * database (a TCP proxy accepting, or holding open, connections it never answers) fails its
 * queries, which it logs and retries, instead of hanging the worker; and it works again once the
 * database is back.
 */
import PgBoss from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { postgresTestDatabase } from "@shared/db/test-databases";
import { CONNECT_TIMEOUT_SECONDS, WORKER_DATABASE_TIMEOUTS } from "@shared/db";
import { switchableProxy, type SwitchableProxy } from "../../tests/support/switchable-proxy";
import { pgBossOptions } from "./pg-boss";

/** Short bounds so the test is quick; the worker's own are WORKER_DATABASE_TIMEOUTS. */
const QUICK = { statementMs: 500, lockMs: 500, idleInTransactionMs: 5_000, answerMs: 1_000 };

async function timed(work: () => Promise<unknown>): Promise<{ ok: boolean; ms: number; error?: unknown }> {
  const started = performance.now();
  try {
    await work();
    return { ok: true, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, ms: performance.now() - started, error };
  }
}

describeOnPostgres("pg-boss while PostgreSQL is blackholed", (serverUrl) => {
  const testDb = postgresTestDatabase(serverUrl);
  let url: string;
  let proxy: SwitchableProxy;
  const bosses: PgBoss[] = [];

  const startBoss = async (options: PgBoss.ConstructorOptions) => {
    const boss = new PgBoss({ ...options, schedule: false, supervise: false });
    boss.on("error", () => undefined);
    bosses.push(boss);
    await boss.start();
    return boss;
  };

  beforeAll(async () => {
    url = await testDb.createDatabase();
    proxy = await switchableProxy(serverUrl);
  });
  afterAll(async () => {
    proxy?.set("pass");
    for (const boss of bosses) await boss.stop({ graceful: false, wait: true, timeout: 2_000 }).catch(() => undefined);
    await proxy?.close();
    await testDb.dispose();
  });

  it("runs pg-boss's queries with the worker's server-side timeouts", async () => {
    const boss = await startBoss(pgBossOptions(url));
    const { rows } = await boss
      .getDb()
      .executeSql(
        "select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock, current_setting('idle_in_transaction_session_timeout') as idle",
        [],
      );
    expect(rows[0]).toEqual({
      statement: `${WORKER_DATABASE_TIMEOUTS.statementMs / 1000}s`,
      lock: `${WORKER_DATABASE_TIMEOUTS.lockMs / 1000}s`,
      idle: `${WORKER_DATABASE_TIMEOUTS.idleInTransactionMs / 60_000}min`,
    });
  });

  it("fails its queries within the bound while blackholed, and works again once the database is back", async () => {
    const boss = await startBoss(pgBossOptions(proxy.via(url), QUICK));
    await boss.createQueue("stall-test");
    expect(await boss.send("stall-test", { n: 1 })).toEqual(expect.any(String));

    proxy.set("blackhole");
    const attempts = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => timed(() => boss.send("stall-test", { n }))));
    // A query waits at most the connect timeout for a connection (a new one is never answered
    // either), then its own bound for the answer.
    for (const attempt of attempts) {
      expect(attempt.ok).toBe(false);
      expect(attempt.ms).toBeLessThan(CONNECT_TIMEOUT_SECONDS * 1000 + QUICK.answerMs + 500);
    }

    proxy.set("pass", { strand: true });
    const started = performance.now();
    let sent: string | null = null;
    while (!sent && performance.now() - started < 10_000) {
      sent = (await timed(() => boss.send("stall-test", { n: 7 }))).ok ? "sent" : null;
      if (!sent) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sent).toBe("sent");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
