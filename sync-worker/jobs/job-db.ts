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
