/**
 * Applying the project's migrations to an open database: where the migrations folder and its
 * journal are, which migrations are pending, running the migrator then seeding the leagues table,
 * the advisory lock that serialises concurrent starts on Postgres, and the errors that tell an
 * operator what to do when DATABASE_URL's role may not read or apply them.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { ALL_LEAGUES } from "../domain/leagues";
import type { Connection, Database, MigrationReport } from "./connection-types";
import { databaseErrorOf } from "./errors";
import * as schema from "./schema";

/** Key of the Postgres advisory lock held while migrating, so concurrent starts migrate once. */
export const MIGRATION_LOCK_KEY = 4_521_773_090_118;

const MIGRATIONS_TABLE = "__drizzle_migrations";
const MIGRATIONS_SCHEMA = "drizzle";

export const INSUFFICIENT_PRIVILEGE = "42501";

async function currentRole(execute: Connection["execute"]): Promise<string> {
  return execute<{ role: string }>("select current_user as role").then(
    ([row]) => `"${row.role}"`,
    () => "of DATABASE_URL",
  );
}

/** What to do when DATABASE_URL's role may not read which migrations were applied. */
export async function unreadableJournalError(execute: Connection["execute"], cause: unknown): Promise<Error> {
  const role = await currentRole(execute);
  const reason = databaseErrorOf(cause)?.message ?? String(cause);
  return new Error(
    `The role ${role} may not read which migrations the database has (${reason}). As the schema's owner, run the ` +
      `grants of docs/database-roles.md (GRANT USAGE ON SCHEMA ${MIGRATIONS_SCHEMA} and GRANT SELECT ON ` +
      `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE} to this role), or set MIGRATION_DATABASE_URL to the owner's URL.`,
    { cause },
  );
}

/** What to do when DATABASE_URL's role may not apply the pending migrations. */
export async function missingOwnerError(
  execute: Connection["execute"],
  pending: JournalEntry[],
  cause: unknown,
): Promise<Error> {
  const role = await currentRole(execute);
  const count = pending.length === 1 ? "1 database migration is" : `${pending.length} database migrations are`;
  const reason = databaseErrorOf(cause)?.message ?? String(cause);
  return new Error(
    `${count} pending (${pending.map((entry) => entry.tag).join(", ")}) and the role ${role} may not apply them (${reason}). ` +
      "Apply them as the role that owns the schema, then grant the application's role its rights again " +
      "(docs/database-roles.md): MIGRATION_DATABASE_URL=postgres://<owner>@<host>/<database> npm run db:migrate; " +
      "or set MIGRATION_DATABASE_URL for this process, and it applies them at start-up.",
    { cause },
  );
}

export function migrationConfig(migrationsFolder: string) {
  return { migrationsFolder, migrationsTable: MIGRATIONS_TABLE, migrationsSchema: MIGRATIONS_SCHEMA };
}

export interface JournalEntry {
  tag: string;
  when: number;
}

export function readJournal(folder: string): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
}

/** The migrator applies every journal entry newer than the last one recorded: the same set. */
export function pendingMigrations(journal: { entries: JournalEntry[] }, lastApplied: number | null): JournalEntry[] {
  return journal.entries.filter((entry) => lastApplied === null || entry.when > lastApplied);
}

export async function migrateAndSeed(
  execute: Connection["execute"],
  migrate: (migrationsFolder: string) => Promise<void>,
  db: Database,
): Promise<MigrationReport> {
  const folder = findMigrationsFolder();
  const journal = readJournal(folder);
  const pending = pendingMigrations(journal, await lastAppliedMigrationMillis(execute));

  await migrate(folder);
  await upsertLeagues(db);
  return { applied: pending.map((entry) => entry.tag), total: journal.entries.length };
}

export async function lastAppliedMigrationMillis(execute: Connection["execute"]): Promise<number | null> {
  const table = `"${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`;
  const [exists] = await execute<{ found: boolean }>(sql`select to_regclass(${table}) is not null as found`);
  if (!exists.found) return null;
  const [row] = await execute<{ last: string | null }>(`select max(created_at)::text as last from ${table}`);
  return row.last === null ? null : Number(row.last);
}

/**
 * The migrations ship beside this module. When the module is bundled elsewhere (the web server
 * build), import.meta.url points at the bundle, so the project's folder under the working
 * directory is the fallback.
 */
export function findMigrationsFolder(): string {
  const candidates = [
    fileURLToPath(new URL("./migrations", import.meta.url)),
    path.resolve("shared", "db", "migrations"),
  ];
  const found = candidates.find((folder) => existsSync(path.join(folder, "meta", "_journal.json")));
  if (!found) throw new Error(`Database migrations not found; looked in ${candidates.join(" and ")}`);
  return found;
}

/** Keeps the leagues table equal to the domain's list, which every league foreign key needs. */
export async function upsertLeagues(db: Database): Promise<void> {
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
