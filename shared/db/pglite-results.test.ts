/**
 * PGlite's queries as patches/@electric-sql+pglite+0.5.16.patch leaves them: text fields are
 * decoded from the message buffer itself (not from a copy of each field), each column's parser is
 * looked up once per result, not once per field, and a read with parameters is parsed once, as a
 * named statement. The answers are PGlite's own.
 */
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

describe("PGlite's query results (patches/@electric-sql+pglite+0.5.16.patch)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });

  const query = `
    select n, 'Équipe ' || n as name, case when n % 3 = 0 then null else n * 1.5 end as rating,
           json_build_object('n', n, 'tag', 'ü') as payload, n % 2 = 0 as even,
           timestamptz '2026-11-21 15:00:00+00' + n * interval '1 day' as kickoff
    from generate_series(1, 200) as n`;

  it("answers every type as before, as objects and as arrays, nulls and parsers of the caller included", async () => {
    const objects = await db.query<Record<string, unknown>>(query);
    expect(objects.rows).toHaveLength(200);
    expect(objects.rows[2]).toEqual({
      n: 3,
      name: "Équipe 3",
      rating: null,
      payload: { n: 3, tag: "ü" },
      even: false,
      kickoff: new Date("2026-11-24T15:00:00Z"),
    });
    expect(objects.rows[3].rating).toBe("6.0");
    const arrays = await db.query<unknown[]>(query, [], {
      rowMode: "array",
      // A caller's parser for a type (timestamptz, 1184) wins over PGlite's own.
      parsers: { 1184: (value: string) => `at ${value}` },
    });
    expect(arrays.fields.map((field) => field.name)).toEqual(["n", "name", "rating", "payload", "even", "kickoff"]);
    expect(arrays.rows[199]).toEqual([
      200,
      "Équipe 200",
      "300.0",
      { n: 200, tag: "ü" },
      true,
      "at 2027-06-09 15:00:00+00",
    ]);
    // Two statements, two results, each with its own columns.
    const [first, second] = await db.exec("select 1 as a, 'x' as b; select true as c");
    expect(first.rows).toEqual([{ a: 1, b: "x" }]);
    expect(second.rows).toEqual([{ c: true }]);
  });

  it("decodes text fields without copying each one out of the message", async () => {
    const slice = vi.spyOn(ArrayBuffer.prototype, "slice");
    try {
      const { rows } = await db.query<unknown[]>(query, [], { rowMode: "array" });
      expect(rows).toHaveLength(200);
      // 1,200 fields: a copy each was 1,200 slices and more.
      expect(slice.mock.calls.length).toBeLessThan(200);
    } finally {
      slice.mockRestore();
    }
  });

  it("keeps a read with parameters as a named statement, and answers as before when the table changes shape", async () => {
    const statements = async () =>
      (await db.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
        (row) => row.statement,
      );
    await db.exec("create table clubs (id int primary key, name text)");
    // A write is not kept; a read is, once, however many times it runs.
    for (const [id, name] of [
      [1, "Arsenal"],
      [2, "Sunderland"],
    ] as const)
      await db.query("insert into clubs values ($1, $2)", [id, name]);
    const byId = "select * from clubs where id = $1";
    for (let run = 0; run < 5; run++) expect((await db.query(byId, [1])).rows).toEqual([{ id: 1, name: "Arsenal" }]);
    expect((await db.query(byId, [2])).rows).toEqual([{ id: 2, name: "Sunderland" }]);
    expect((await statements()).filter((text) => text === byId)).toHaveLength(1);
    expect((await statements()).some((text) => text.startsWith("insert"))).toBe(false);
    // A union of limited selects in parentheses, as @shared/db/union-all writes it, is a read too.
    const union =
      "((select name from clubs where id = $1 limit 1) union all (select name from clubs where id = $2 limit 1))";
    for (let run = 0; run < 3; run++)
      expect((await db.query(union, [2, 1])).rows).toEqual([{ name: "Sunderland" }, { name: "Arsenal" }]);
    expect((await statements()).filter((text) => text === union)).toHaveLength(1);
    // A read whose value the statement refuses fails each time, on the statement it keeps.
    const before = (await statements()).length;
    for (const bad of ["x", "y", "z"])
      await expect(db.query(byId, [bad])).rejects.toThrow(/invalid input syntax for type integer/);
    expect((await statements()).length).toBe(before);
    // The statement's rows change shape: the read is prepared again, not failed.
    await db.exec("alter table clubs add column code text");
    expect((await db.query(byId, [2])).rows).toEqual([{ id: 2, name: "Sunderland", code: null }]);
    // A read that fails to parse is not kept, and the next one runs.
    await expect(db.query("select nope from clubs where id = $1", [1])).rejects.toThrow(/nope/);
    await expect(db.query("select nope from clubs where id = $1", [1])).rejects.toThrow(/nope/);
    expect((await db.query("select name from clubs where id = $1", [1])).rows).toEqual([{ name: "Arsenal" }]);
  });

  it("keeps at most 200 statements, letting the least recently used go", async () => {
    const count = async () =>
      Number((await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0].n);
    const often = "select $1::int * 2 as doubled";
    for (let i = 0; i < 260; i++) {
      expect((await db.query<{ n: number }>(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
      // A read asked for all along stays among the kept ones.
      if (i % 50 === 0) expect((await db.query(often, [i])).rows).toEqual([{ doubled: 2 * i }]);
    }
    expect(await count()).toBeLessThanOrEqual(200);
    const kept = (await db.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (row) => row.statement,
    );
    expect(kept).toContain(often);
    expect(kept).toContain("select $1::int + 259 as n");
    expect(kept).not.toContain("select $1::int + 0 as n");
  });
});
