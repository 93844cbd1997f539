/**
 * drizzle-orm's `is(value, type)` with patches/drizzle-orm+0.45.4.patch: the entity kinds of a
 * class chain are collected once per class and kept, not walked again on every call. The answers
 * must be the library's own: an instance of a drizzle class or of a subclass is one, a plain
 * object, an array or a date is none, whatever was asked before about the same class.
 */
import { Column, SQL, Table, entityKind, is, sql } from "drizzle-orm";
import { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { fixtures } from "./schema";

describe("drizzle is() with the entity kinds of a class kept", () => {
  it("answers as the class chain says, asked once or many times, in any order", () => {
    for (let round = 0; round < 3; round++) {
      expect(is(fixtures.id, Column)).toBe(true);
      expect(is(fixtures.id, PgColumn)).toBe(true);
      expect(is(fixtures.id, SQL)).toBe(false);
      expect(is(fixtures, Table)).toBe(true);
      expect(is(fixtures, PgTable)).toBe(true);
      expect(is(fixtures, Column)).toBe(false);
      expect(is(sql`1`, SQL)).toBe(true);
      expect(is(sql`1`, Table)).toBe(false);
      expect(is({}, SQL)).toBe(false);
      expect(is([1, 2], Column)).toBe(false);
      expect(is(new Date(), SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
      expect(is("text", SQL)).toBe(false);
    }
  });

  it("knows an object of another realm's copy of a class by its entity kind, as the library does", () => {
    // An object whose class is not drizzle's own SQL but carries its kind (a second copy of the
    // library): `instanceof` fails, the kind says yes.
    class ForeignSql {
      static readonly [entityKind]: string = "SQL";
    }
    class ForeignSqlChild extends ForeignSql {}
    expect(is(new ForeignSql(), SQL)).toBe(true);
    expect(is(new ForeignSqlChild(), SQL)).toBe(true);
    expect(is(new ForeignSqlChild(), Table)).toBe(false);
  });

  it("refuses a type that is no drizzle entity, as the library does", () => {
    class NotAnEntity {}
    expect(() => is({}, NotAnEntity as unknown as typeof SQL)).toThrowError(/doesn't look like a Drizzle entity/);
  });
});
