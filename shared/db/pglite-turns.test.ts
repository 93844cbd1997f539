import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "./index";
import { takeTurns } from "./pglite-turns";

/** Starts `count` statements at once; reports how many had finished when the event loop next ran a callback. */
async function finishedBeforeTheLoopTurned(
  query: (sql: string) => Promise<unknown>,
  count: number,
): Promise<{ finishedAtTurn: number; results: number }> {
  let finished = 0;
  let finishedAtTurn = -1;
  const statements = Array.from({ length: count }, (_, i) => query(`select ${i} as n`).then(() => finished++));
  setImmediate(() => {
    finishedAtTurn = finished;
  });
  await Promise.all(statements);
  // The loop had not turned once by the time the last statement was done.
  if (finishedAtTurn === -1) finishedAtTurn = finished;
  return { finishedAtTurn, results: finished };
}

describe("embedded database statements take turns with the event loop", () => {
  let bare: PGlite;
  let db: DbHandle;
  beforeAll(async () => {
    bare = await PGlite.create();
    db = await openDb({ inMemory: true });
  });
  afterAll(async () => {
    await bare?.close();
    await db?.close();
  });

  it("PGlite alone runs a burst of statements back to back: nothing else runs until the last is done", async () => {
    const run = await finishedBeforeTheLoopTurned((sql) => bare.query(sql), 30);
    expect(run.results).toBe(30);
    expect(run.finishedAtTurn).toBe(30);
  });

  it("the site's database lets the event loop run between statements, and runs them all, in order", async () => {
    const run = await finishedBeforeTheLoopTurned((sql) => db.execute(sql), 30);
    expect(run.results).toBe(30);
    expect(run.finishedAtTurn).toBeLessThan(3);

    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) => db.execute<{ n: number }>(`select ${n} as n`).then(([row]) => order.push(row.n))),
    );
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it("statements inside a transaction take turns too, and the transaction still commits or rolls back whole", async () => {
    const client = db.client as PGlite;
    await client.exec("create table turns_test (n int)");
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      await client.transaction(async (tx) => {
        for (let i = 0; i < 20; i++) await tx.query("insert into turns_test values ($1)", [i]);
      });
      await expect(
        client.transaction(async (tx) => {
          await tx.query("insert into turns_test values (99)");
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(0);
    const { rows } = await client.query<{ count: number }>("select count(*)::int as count from turns_test");
    expect(rows[0].count).toBe(20);
  });

  it("refuses a PGlite without the statement lock it relies on", () => {
    expect(() => takeTurns({} as PGlite)).toThrow(/_runExclusiveQuery/);
  });
});
