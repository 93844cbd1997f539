/**
 * drizzle-orm's row mapping with patches/drizzle-orm+0.45.4.patch: what each selected field is
 * (a column, an SQL expression, its decoder, its table for left joins) is worked out once per
 * statement's field list, not again for every field of every row. The rows must be the library's
 * own: nested objects, decoded values, and a left-joined table's object null when it matched no row.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./index";
import { preparedQuery } from "./prepared-queries";
import { leagues } from "./schema";
import { testDatabases } from "./test-databases";

describe.each(testDatabases())("drizzle's rows with the field plans kept, on $driver", (testDb) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  const other = alias(leagues, "other");
  const rowsFor = (match: string) =>
    preparedQuery(handle.db, "test:league-joined", (db) =>
      db
        .select({
          key: leagues.key,
          id: leagues.apiFootballId,
          twice: sql<number>`${leagues.apiFootballId} * 2`.mapWith(Number),
          other: { key: other.key, name: other.name },
        })
        .from(leagues)
        .leftJoin(other, and(eq(other.key, leagues.key), eq(other.key, sql.placeholder("match"))))
        .orderBy(leagues.key),
    ).execute({ match });

  it("nests, decodes and nulls a left join that matched nothing, the same on every run", async () => {
    for (const match of ["serie-a", "nowhere", "serie-a"]) {
      const rows = await rowsFor(match);
      expect(rows.map((row) => row.key)).toEqual(["bundesliga", "la-liga", "ligue1", "premier-league", "serie-a"]);
      for (const row of rows) {
        expect(row.twice).toBe(row.id * 2);
        expect(typeof row.twice).toBe("number");
        if (row.key === match) expect(row.other).toEqual({ key: match, name: "Serie A" });
        else expect(row.other).toBeNull();
      }
    }
  });
});
