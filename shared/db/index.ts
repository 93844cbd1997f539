import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres, { type Sql } from "postgres";
import { ALL_LEAGUES } from "../domain/leagues";
import { lockPgliteDataDir } from "./pglite-lock";
import { statementCounter } from "./query-count";
import * as schema from "./schema";

export { schema };
export { databaseErrorOf, type DatabaseError } from "./errors";

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
  | (DbHandleBase & { driver: "pglite"; client: PGlite })
  | (DbHandleBase & { driver: "postgres"; client: Sql });

export type Driver = DbHandle["driver"];

export const DEFAULT_PGLITE_DATA_DIR = ".data/pglite";

/** Key of the Postgres advisory lock held while migrating, so concurrent starts migrate once. */
const MIGRATION_LOCK_KEY = 4_521_773_090_118;

const MIGRATIONS_TABLE = "__drizzle_migrations";
const MIGRATIONS_SCHEMA = "drizzle";

/**
 * Opens the database and brings it up to date: Postgres when `url` is given, otherwise PGlite
 * (in `dataDir`, default .data/pglite, or in memory). Migrations are applied before it returns.
 */
export async function openDb(options: OpenDbOptions = {}): Promise<DbHandle> {
  const connection = options.url ? openPostgres(options.url, options.migrationUrl) : await openPglite(options);
  try {
    const migrations = await connection.applyMigrations();
    return { ...connection, migrations };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A handle before its migrations have run. */
type Connection = DistributiveOmit<DbHandle, "migrations">;

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
    client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, relaxedDurability: true });
  } catch (error) {
    unlock();
    throw error;
  }
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

/** How long opening a connection to Postgres may take. */
export const CONNECT_TIMEOUT_SECONDS = 3;

/** Seconds before reconnecting after `attempts` failed connections: 0.1, 0.2, 0.4... up to 1. */
export function reconnectDelaySeconds(attempts: number): number {
  return Math.min(0.05 * 2 ** attempts, 1);
}

function openPostgres(url: string, migrationUrl: string = url): Connection {
  // Notices such as "schema already exists, skipping" are expected and not worth printing.
  // A database out of reach fails a query within seconds instead of the driver's 30 s default,
  // so pages answer 503 quickly during an outage; and reconnecting waits at most a second
  // between attempts (the driver's default grows to 20 s), so pages recover soon after it is back.
  const client = postgres(url, { onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_SECONDS, backoff: reconnectDelaySeconds });
  const db = drizzlePostgres({ client, schema, logger: statementCounter });
  const execute = async <Row>(query: SQL | string) => (await db.execute(toSql(query))) as unknown as Row[];

  const applyMigrations = async () => {
    // The lock lives on its own connection so it is held across the migrator's queries and
    // transaction on the pool; other processes wait here, then find nothing left to apply.
    const lockConnection = postgres(migrationUrl, { max: 1, onnotice: () => {} });
    // Migrations run as the schema's owner when that is another role than the application's.
    const owner = migrationUrl === url ? null : postgres(migrationUrl, { max: 1, onnotice: () => {} });
    const ownerDb = owner ? drizzlePostgres({ client: owner, schema }) : db;
    const ownerExecute = async <Row>(query: SQL | string) => (await ownerDb.execute(toSql(query))) as unknown as Row[];
    try {
      await lockConnection.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      return await migrateAndSeed(ownerExecute, (folder) => migratePostgres(ownerDb, migrationConfig(folder)), ownerDb);
    } finally {
      await lockConnection.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
      await lockConnection.end();
      await owner?.end();
    }
  };

  return { db, driver: "postgres", client, execute, applyMigrations, close: () => client.end({ timeout: 5 }) };
}

function toSql(query: SQL | string): SQL {
  return typeof query === "string" ? sql.raw(query) : query;
}

function migrationConfig(migrationsFolder: string) {
  return { migrationsFolder, migrationsTable: MIGRATIONS_TABLE, migrationsSchema: MIGRATIONS_SCHEMA };
}

interface JournalEntry {
  tag: string;
  when: number;
}

async function migrateAndSeed(
  execute: Connection["execute"],
  migrate: (migrationsFolder: string) => Promise<void>,
  db: Database,
): Promise<MigrationReport> {
  const folder = findMigrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  // The migrator applies every journal entry newer than the last one recorded; report the same set.
  const lastApplied = await lastAppliedMigrationMillis(execute);
  const pending = journal.entries.filter((entry) => lastApplied === null || entry.when > lastApplied);

  await migrate(folder);
  await upsertLeagues(db);
  return { applied: pending.map((entry) => entry.tag), total: journal.entries.length };
}

async function lastAppliedMigrationMillis(execute: Connection["execute"]): Promise<number | null> {
  const table = `"${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`;
  const [exists] = await execute<{ found: boolean }>(
    sql`select to_regclass(${table}) is not null as found`,
  );
  if (!exists.found) return null;
  const [row] = await execute<{ last: string | null }>(`select max(created_at)::text as last from ${table}`);
  return row.last === null ? null : Number(row.last);
}

/**
 * The migrations ship beside this module. When the module is bundled elsewhere (the web server
 * build), import.meta.url points at the bundle, so the project's folder under the working
 * directory is the fallback.
 */
function findMigrationsFolder(): string {
  const candidates = [
    fileURLToPath(new URL("./migrations", import.meta.url)),
    path.resolve("shared", "db", "migrations"),
  ];
  const found = candidates.find((folder) => existsSync(path.join(folder, "meta", "_journal.json")));
  if (!found) throw new Error(`Database migrations not found; looked in ${candidates.join(" and ")}`);
  return found;
}

/** Keeps the leagues table equal to the domain's list, which every league foreign key needs. */
async function upsertLeagues(db: Database): Promise<void> {
  const { leagues } = schema;
  await db
    .insert(leagues)
    .values(
      ALL_LEAGUES.map((league) => ({
        key: league.key,
        name: league.name,
        apiFootballId: league.apiFootballId,
        footballDataCode: league.footballDataCode,
      })),
    )
    .onConflictDoUpdate({
      target: leagues.key,
      set: {
        name: sql`excluded.name`,
        apiFootballId: sql`excluded.api_football_id`,
        footballDataCode: sql`excluded.football_data_code`,
      },
      setWhere: sql`(${leagues.name}, ${leagues.apiFootballId}, ${leagues.footballDataCode})
        is distinct from (excluded.name, excluded.api_football_id, excluded.football_data_code)`,
    });
}
