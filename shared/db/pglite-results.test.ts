/**
 * PGlite's reading of query results, as patches/@electric-sql+pglite+0.5.16.patch leaves it:
 * text fields are decoded from the message buffer itself (not from a copy of each field), and each
 * column's parser is looked up once per result, not once per field. The answers are PGlite's own.
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
});
