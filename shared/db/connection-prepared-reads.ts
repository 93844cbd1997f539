/**
 * Reads as named prepared statements on PostgreSQL. drizzle asks postgres.js for an unnamed
 * statement unless a query was given a name (`.prepare(name)`), and postgres.js sends an unnamed
 * statement with parameters in two round trips (Parse and Describe, then Bind and Execute) that
 * the server parses and plans anew every time. A named statement is parsed once per connection,
 * then sent in one round trip, and after a few runs the server may keep its plan.
 *
 * Only reads with parameters are prepared: their texts are few (a page's queries, an IN list per
 * length), while writes (a multi-row insert's text per row count) would fill every connection
 * with statements run once. `?prepare=false` in the database URL (a pooler in transaction mode)
 * still turns preparing off altogether: postgres.js only prepares when its own option allows.
 */
import type { Sql } from "postgres";

type Unsafe = (query: string, parameters?: unknown[], options?: { prepare?: boolean }) => unknown;

// What drizzle's builders write starts so, a union's branches in parentheses ("((select ...) union
// all (select ...))", @shared/db/union-all); a raw statement after a line break stays unprepared.
const READ = /^\(*(?:select|with)\s/;

/** Whether a statement drizzle sends unprepared is a read worth preparing. */
export function isPreparedRead(query: string, parameters: readonly unknown[] | undefined): boolean {
  return (parameters?.length ?? 0) > 0 && READ.test(query);
}

/** `sql` whose `unsafe` (drizzle's way in) prepares the reads isPreparedRead picks. */
export function withPreparedReads(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== "unsafe" || typeof value !== "function") return value;
      const unsafe = value as Unsafe;
      return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
        unsafe.call(
          target,
          query,
          parameters,
          options?.prepare === false && isPreparedRead(query, parameters) ? { ...options, prepare: true } : options,
        );
    },
  });
}
