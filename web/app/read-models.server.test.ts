import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { countQueries } from "@shared/db/query-count";
import { testDatabases } from "@shared/db/test-databases";
import { readModelRow } from "./read-models.server";

describe.each(testDatabases())("reading read models by key on $driver", (testDb) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await testDb.open();
    await db.execute(
      `insert into read_models (key, inputs, payload) values ('a', 'test', '{"n": 1}'::jsonb), ('b', 'test', '{"n": 2}'::jsonb)`,
    );
  });
  afterAll(() => testDb.dispose());

  it("reads the keys one request asks for together in one statement, and null for a key never stored", async () => {
    const context = { db };
    const { result, queries } = await countQueries(() =>
      Promise.all([
        readModelRow(context, "a"),
        readModelRow(context, "b"),
        readModelRow(context, "missing"),
        readModelRow(context, "a"),
      ]),
    );
    expect(queries).toBe(1);
    expect(result.map((row) => row?.payload ?? null)).toEqual([{ n: 1 }, { n: 2 }, null, { n: 1 }]);
    expect(result[0]!.computedAt).toBeInstanceOf(Date);
    expect(Number.isNaN(result[0]!.computedAt.getTime())).toBe(false);
  });

  it("reads again for keys asked later, and never mixes two requests' batches", async () => {
    const context = { db };
    const { queries } = await countQueries(async () => {
      await readModelRow(context, "a");
      await Promise.all([readModelRow(context, "b"), readModelRow({ db }, "a")]);
    });
    expect(queries).toBe(3);
  });

  it("rejects every reader of a batch whose statement fails, and the next batch reads afresh", async () => {
    const context = { db };
    await db.execute("alter table read_models rename to read_models_away");
    try {
      const results = await Promise.allSettled([readModelRow(context, "a"), readModelRow(context, "b")]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    } finally {
      await db.execute("alter table read_models_away rename to read_models");
    }
    expect((await readModelRow(context, "b"))?.payload).toEqual({ n: 2 });
  });
});
