import { sql, type SQL } from "drizzle-orm";
import { numeric, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/*
 * Column shapes shared by several tables, so a precision is decided once.
 * Numeric columns use mode "number": queries through drizzle return JavaScript numbers on both
 * drivers (raw SQL still returns numeric values as strings).
 */

/**
 * A confidence percentage, 0.0 to 100.0. The spec says "3 digits, 1 decimal", but numeric(3,1)
 * stops at 99.9 and a finished match shows 100%, so the precision is 4.
 */
export const confidence = (name: string) => numeric(name, { precision: 4, scale: 1, mode: "number" });

/**
 * Decimal odds with 2 decimals. The spec's "3 digits" (numeric(3,2)) stops at 9.99, and prices of
 * 10.00 and more are common for outsiders and draws in lopsided matches, so the precision is 5
 * (up to 999.99).
 */
export const odds = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });

/** A hit rate or accuracy percentage, 0.00 to 100.00 (the spec's 5 digits, 2 decimals). */
export const percentage = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });

/** A player or team rating as providers give it (0 to 10); pages round it for display. */
export const rating = (name: string) => numeric(name, { precision: 4, scale: 2, mode: "number" });

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => instant("created_at").notNull().defaultNow();

export const updatedAt = () =>
  instant("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `column IN ('a', 'b')` for check constraints; the values are our own constants, never input. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(literals)})`;
}

export function between(column: AnyPgColumn, low: number, high: number): SQL {
  return sql`${column} between ${sql.raw(String(low))} and ${sql.raw(String(high))}`;
}
