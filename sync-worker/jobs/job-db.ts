import { sql, type SQL } from "drizzle-orm";
import type { Database, DbHandle, Driver } from "@shared/db";
import type { JobDb } from "./types";

/** Rows of a raw query on either driver: PGlite answers { rows }, postgres.js an array. */
async function rowsOf<Row>(db: Database, query: SQL | string): Promise<Row[]> {
  const result: unknown = await db.execute(typeof query === "string" ? sql.raw(query) : query);
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

function jobDbOn(driver: Driver, db: Database): JobDb {
  return {
    driver,
    db,
    execute: (query) => rowsOf(db, query),
    transaction: (fn) => db.transaction((tx) => fn(jobDbOn(driver, tx as unknown as Database))),
  };
}

/** The job view of an open database. */
export function jobDbOf(handle: Pick<DbHandle, "driver" | "db">): JobDb {
  return jobDbOn(handle.driver, handle.db);
}

/** The share of a table's rows (as its statistics counted them) a job writes before they are refreshed. */
export const ANALYZE_AFTER_SHARE = 0.1;
/** …plus this many rows, so that a small table is not analyzed on every write. */
export const ANALYZE_AFTER_ROWS = 50;

/**
 * Refreshes the planner's statistics of `table` after a job wrote `rowsWritten` of its rows, when
 * the table was never analyzed or the rows are more than ANALYZE_AFTER_ROWS plus a tenth of what
 * its statistics counted (autovacuum's own threshold). Resolves true when it analyzed.
 *
 * PGlite runs no autovacuum, and on PostgreSQL autovacuum gets there a minute or more later: until
 * then the planner takes a filled table for an empty one. The pick ledger read by fixture ids
 * (every page with a pick) was scanned whole, 4,260 rows for 84 (0.57 ms a page, growing with
 * every season locked), instead of through its index (0.09 ms).
 */
export async function analyzeAfterWrites(db: JobDb, table: string, rowsWritten: number): Promise<boolean> {
  if (rowsWritten <= 0) return false;
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
  const [stats] = await db.execute<{ counted: number | string | null }>(
    sql`select reltuples as counted from pg_class where oid = to_regclass(${table})`,
  );
  if (!stats) return false;
  const counted = Number(stats.counted);
  // -1: never analyzed nor vacuumed (0 on PostgreSQL before 14).
  if (counted > 0 && rowsWritten <= ANALYZE_AFTER_ROWS + ANALYZE_AFTER_SHARE * counted) return false;
  await db.execute(sql.raw(`analyze ${table}`));
  return true;
}
