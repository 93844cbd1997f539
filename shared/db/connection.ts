/**
 * Opening the database (openDb): PGlite in a data directory or in memory, or Postgres through the
 * bounded client, each with drizzle and the migration runner wired up, migrations applied before
 * the handle is returned.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { withPreparedReads } from "./connection-prepared-reads";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { connectPostgres } from "./connection-postgres";
import { MIGRATION_DATABASE_TIMEOUTS, type DatabaseTimeouts } from "./connection-timeouts";
import type { Connection, DbHandle, MigrationReport, OpenDbOptions } from "./connection-types";
import { databaseErrorOf } from "./errors";
import {
  findMigrationsFolder,
  INSUFFICIENT_PRIVILEGE,
  lastAppliedMigrationMillis,
  migrateAndSeed,
  migrationConfig,
  MIGRATION_LOCK_KEY,
  missingOwnerError,
  pendingMigrations,
  readJournal,
  unreadableJournalError,
  upsertLeagues,
  type JournalEntry,
} from "./migrate-apply";
import { lockPgliteDataDir } from "./pglite-lock";
import { takeTurns } from "./pglite-turns";
import { statementCounter } from "./query-count";
import * as schema from "./schema";

export const DEFAULT_PGLITE_DATA_DIR = ".data/pglite";

/**
 * Opens the database and brings it up to date: Postgres when `url` is given, otherwise PGlite
 * (in `dataDir`, default .data/pglite, or in memory). Migrations are applied before it returns.
 */
export async function openDb(options: OpenDbOptions = {}): Promise<DbHandle> {
  const connection = options.url
    ? openPostgres(options.url, options.migrationUrl, options.timeouts)
    : await openPglite(options);
  try {
    const migrations = await connection.applyMigrations();
    return { ...connection, migrations };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * PGlite's buffer pool. Its WebAssembly memory holds the pool, never gives memory back, and on
 * the embedded default it is the web process's own: with PostgreSQL's 128 MB the pool filled with
 * the whole 62 MB database and PGlite held 203 MB. With 32 MB the pages read less often come from
 * the data files through the operating system's cache instead, which the process does not hold:
 * 142 MB, about 100 MB less resident memory, and the same render times for a cache miss. With
 * 16 MB, after the start-up jobs and a minute of load, the process held about 18 MB less again
 * (335 against 353 MB), and cache misses took as long: with this and the fixed malloc threshold
 * (shared/config/malloc-settings.ts) against neither, pages taking turns, home 6.9 to 7.3 ms
 * either way and a finished match 9.4 to 9.7 ms.
 */
const PGLITE_SHARED_BUFFERS = "16MB";

async function openPglite(options: OpenDbOptions): Promise<Connection> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!options.inMemory) {
    dataDir = path.resolve(options.dataDir ?? DEFAULT_PGLITE_DATA_DIR);
    await mkdir(dataDir, { recursive: true });
    unlock = lockPgliteDataDir(dataDir);
  }
  let client: PGlite;
  try {
    // Relaxed durability: a query does not wait for the filesystem sync PGlite runs after it.
    // The Node filesystem writes through at once (its sync has nothing to flush), so nothing is
    // less durable; every statement, reads included, costs about half as much.
    client = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
      relaxedDurability: true,
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // Requests waiting on the event loop are answered between two statements (shared/db/pglite-turns.ts).
  takeTurns(client);
  const db = drizzlePglite({ client, schema, logger: statementCounter });
  const execute = async <Row>(query: SQL | string) => (await db.execute(toSql(query))).rows as Row[];

  // PGlite is one connection in this process: serialising migration runs is enough.
  let queue: Promise<unknown> = Promise.resolve();
  const applyMigrations = () => {
    const run = queue.then(() => migrateAndSeed(execute, (folder) => migratePglite(db, migrationConfig(folder)), db));
    queue = run.catch(() => undefined);
    return run;
  };

  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  return { db, driver: "pglite", client, execute, applyMigrations, close };
}

function openPostgres(url: string, migrationUrl: string = url, timeouts?: Partial<DatabaseTimeouts>): Connection {
  const client = connectPostgres(url, { timeouts });
  const db = drizzlePostgres({ client: withPreparedReads(client), schema, logger: statementCounter });
  const execute = async <Row>(query: SQL | string) => (await db.execute(toSql(query))) as unknown as Row[];

  const applyMigrations = async (): Promise<MigrationReport> => {
    const folder = findMigrationsFolder();
    const journal = readJournal(folder);
    // Read-only first, as the application's role: with nothing pending nothing is created, so a
    // role that may only read drizzle.__drizzle_migrations (docs/database-roles.md) starts.
    let pending: JournalEntry[] | null;
    try {
      pending = pendingMigrations(journal, await lastAppliedMigrationMillis(execute));
    } catch (error) {
      if (databaseErrorOf(error)?.code !== INSUFFICIENT_PRIVILEGE) throw error;
      if (migrationUrl === url) throw await unreadableJournalError(execute, error);
      // The application's role may not read the journal yet; the owner's connection will.
      pending = null;
    }
    if (pending?.length === 0) {
      await upsertLeagues(db);
      return { applied: [], total: journal.entries.length };
    }

    // Migrations run on a connection of their own, as the schema's owner when that is another
    // role, without the server's statement limits; it holds the advisory lock across the
    // migrator's transaction, so other processes wait here, then find nothing left to apply.
    const migrator = connectPostgres(migrationUrl, { max: 1, timeouts: MIGRATION_DATABASE_TIMEOUTS });
    const migratorDb = drizzlePostgres({ client: migrator, schema });
    const migratorExecute = async <Row>(query: SQL | string) =>
      (await migratorDb.execute(toSql(query))) as unknown as Row[];
    try {
      await migrator.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      return await migrateAndSeed(
        migratorExecute,
        (migrations) => migratePostgres(migratorDb, migrationConfig(migrations)),
        migratorDb,
      );
    } catch (error) {
      if (migrationUrl === url && databaseErrorOf(error)?.code === INSUFFICIENT_PRIVILEGE) {
        throw await missingOwnerError(execute, pending ?? journal.entries, error);
      }
      throw error;
    } finally {
      await migrator.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
      await migrator.end({ timeout: 5 });
    }
  };

  return { db, driver: "postgres", client, execute, applyMigrations, close: () => client.end({ timeout: 5 }) };
}

function toSql(query: SQL | string): SQL {
  return typeof query === "string" ? sql.raw(query) : query;
}
