import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { countQueries } from "@shared/db/query-count";
import { testDatabases } from "@shared/db/test-databases";
import { readModel, readModelRow } from "./read-models.server";

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

  it("sends a payload once per version: the same version's payload is not sent again, a new one is", async () => {
    await db.execute(`insert into read_models (key, inputs, payload) values ('v', 'test', '{"n": 1}'::jsonb)`);
    const first = await readModelRow({ db }, "v");
    // A payload changed in place, its version kept: the database does not send it, the one kept stands.
    await db.execute(`update read_models set payload = '{"n": 99}'::jsonb where key = 'v'`);
    const again = await readModelRow({ db }, "v");
    expect(again!.payload).toBe(first!.payload);
    expect(again!.payload).toEqual({ n: 1 });
    // The worker stores another payload: a new computed_at, read at the next request.
    await db.execute(
      `update read_models set payload = '{"n": 2}'::jsonb, computed_at = now() + interval '1 second' where key = 'v'`,
    );
    const changed = await readModelRow({ db }, "v");
    expect(changed!.payload).toEqual({ n: 2 });
    expect(changed!.computedAt.getTime()).toBeGreaterThan(first!.computedAt.getTime());
    // Deleted: null, and stored again later: read again.
    await db.execute(`delete from read_models where key = 'v'`);
    expect(await readModelRow({ db }, "v")).toBeNull();
    await db.execute(`insert into read_models (key, inputs, payload) values ('v', 'test', '{"n": 3}'::jsonb)`);
    expect((await readModelRow({ db }, "v"))!.payload).toEqual({ n: 3 });
  });

  it("parses a version once per parser and shares the parsed value, frozen", async () => {
    await db.execute(`insert into read_models (key, inputs, payload) values ('p', 'test', '{"items": [1, 2]}'::jsonb)`);
    let parses = 0;
    const parse = (payload: unknown) => {
      parses += 1;
      return { total: ((payload as { items: number[] }).items ?? []).reduce((a, b) => a + b, 0), list: [1] };
    };
    const [a, b] = await Promise.all([readModel({ db }, "p", parse), readModel({ db }, "p", parse)]);
    const c = await readModel({ db }, "p", parse);
    expect(parses).toBe(1);
    expect(a!.value).toEqual({ total: 3, list: [1] });
    expect(b!.value).toBe(a!.value);
    expect(c!.value).toBe(a!.value);
    expect(() => a!.value.list.push(2)).toThrow(TypeError);
    expect(() => ((c!.value as { total: number }).total = 0)).toThrow(TypeError);
    expect(await readModel({ db }, "missing", parse)).toBeNull();
    await db.execute(
      `update read_models set payload = '{"items": [5]}'::jsonb, computed_at = now() + interval '1 second' where key = 'p'`,
    );
    expect((await readModel({ db }, "p", parse))!.value.total).toBe(5);
    expect(parses).toBe(2);
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
