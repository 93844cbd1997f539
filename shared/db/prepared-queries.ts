/**
 * Reads whose SQL is built once. drizzle builds a statement's SQL from its query builder every
 * time it runs it, and that costs more of a page render than anything else drizzle does (a match
 * page's twelve reads: 1.5 ms of the event loop). A read written with placeholders
 * (`sql.placeholder(name)`) is built and prepared once per database and name, then run with the
 * values of each call (`.execute({ name: value })`), with the same rows as the builder gives.
 *
 * The name says what the statement is and anything that changes its text (the length of an IN
 * list); a name stands for one text for the life of the process.
 *
 * A placeholder's value goes to the driver as it is given: drizzle maps a value through its
 * column only when the value is in the builder, so a moment goes as its ISO string.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "./connection-types";

/** How many statements one database keeps; past it they are all built again as asked. */
const KEPT_PER_DATABASE = 500;

const statementsByDatabase = new WeakMap<Database, Map<string, unknown>>();

/** The statement `name` of `db`, made by `make` the first time it is asked for. */
export function preparedQuery<Prepared>(
  db: Database,
  name: string,
  make: (db: Database) => { prepare(name: string): Prepared },
): Prepared {
  let statements = statementsByDatabase.get(db);
  if (statements === undefined) {
    statements = new Map();
    statementsByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as Prepared | undefined;
  if (statement === undefined) {
    if (statements.size >= KEPT_PER_DATABASE) statements.clear();
    statement = make(db).prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/** Placeholders `${prefix}0`, `${prefix}1`… for a list of `count` values, and the values by name. */
export function listPlaceholders<T>(
  prefix: string,
  values: readonly T[],
): { names: string[]; values: Record<string, T> } {
  const names = values.map((_, i) => `${prefix}${i}`);
  return { names, values: Object.fromEntries(names.map((name, i) => [name, values[i]])) };
}

/**
 * `column = any($name)`: a list as one array placeholder, so that a statement has one text (and one
 * plan) whatever the list's length; run it with the list as the placeholder's value. An IN list
 * of placeholders is a statement per length, and the server plans it again at every run for its
 * values (its selectivity, value by value): the pick ledger read for 48 fixtures took 0.95 ms on
 * PostgreSQL and 1.2 to 1.5 ms on PGlite that way, 0.65 and 1.0 ms as `= any($1)`.
 */
export function anyOf(column: AnyColumn, placeholder: string, type: "integer" | "text"): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(type)}[])`;
}
