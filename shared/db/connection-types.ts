/**
 * The types of an open database: the drizzle Database and its Schema, the options openDb takes,
 * what applying the migrations reports, and the handle it returns on either driver (PGlite or
 * Postgres), plus Connection, a handle before its migrations have run, which the drivers' openers
 * and the migration runner share.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import type { DatabaseTimeouts } from "./connection-timeouts";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** The drizzle database, the same query API on both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDbOptions {
  /** A Postgres connection string (the caller passes DATABASE_URL). Without it, PGlite is used. */
  url?: string;
  /**
   * Postgres: the connection string migrations run with (the caller passes MIGRATION_DATABASE_URL),
   * when the role of `url` does not own the schema (README.md, "Database roles"). Default: `url`.
   */
  migrationUrl?: string;
  /**
   * Postgres: how long a query may take (DatabaseTimeouts); fields left out keep
   * WEB_DATABASE_TIMEOUTS. For the worker, WORKER_DATABASE_TIMEOUTS: its statements may
   * legitimately take longer than a page's. Migrations always run with MIGRATION_DATABASE_TIMEOUTS.
   */
  timeouts?: Partial<DatabaseTimeouts>;
  /** PGlite data directory, relative to the working directory; created if missing. */
  dataDir?: string;
  /** PGlite in memory, nothing written to disk. */
  inMemory?: boolean;
  /**
   * PGlite: start from a dump made with `client.dumpDataDir()` instead of an empty cluster (a
   * new cluster takes seconds to initialise; loading a dump well under one). In memory or into
   * a new data directory only.
   */
  loadDataDir?: Blob;
}

export interface MigrationReport {
  /** Tags of the migrations this call applied, oldest first; empty when already up to date. */
  applied: string[];
  /** Number of migrations the project has. */
  total: number;
}

interface DbHandleBase {
  db: Database;
  /** What applying the migrations did when the database was opened. */
  migrations: MigrationReport;
  /** Runs migrations again (a no-op when up to date); safe to call concurrently. */
  applyMigrations(): Promise<MigrationReport>;
  /** Raw SQL returning plain rows on both drivers (numeric and bigint values come back as strings). */
  execute<Row = Record<string, unknown>>(query: SQL | string): Promise<Row[]>;
  close(): Promise<void>;
}

/** An open database. `client` is the driver's own client, for what drizzle does not cover. */
export type DbHandle =
  (DbHandleBase & { driver: "pglite"; client: PGlite }) | (DbHandleBase & { driver: "postgres"; client: Sql });

export type Driver = DbHandle["driver"];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A handle before its migrations have run. */
export type Connection = DistributiveOmit<DbHandle, "migrations">;
