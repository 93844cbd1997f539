/**
 * The databases the database tests run on: PGlite in memory always, and real Postgres when
 * TEST_DATABASE_URL names a server. Use with describe.each so the same tests run on each:
 *
 *   describe.each(testDatabases())("on $driver", (testDb) => {
 *     let handle: DbHandle;
 *     beforeAll(async () => { handle = await testDb.open(); });
 *     afterAll(() => testDb.dispose());
 *   });
 *
 * Each test file gets its own database: one PGlite instance per file, and on Postgres a uniquely
 * named database created on the server and dropped at dispose, so test files running in parallel
 * never see each other's rows. A new PGlite cluster takes seconds to initialise, so PGlite starts
 * from a dump of a migrated database cached in .cache/ (keyed by the migrations and the PGlite
 * version; well under a second to load).
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { databaseErrorOf, type DatabaseError } from "./errors";
import { openDb, schema, type Database, type DbHandle, type Driver } from "./index";

export interface TestDatabase {
  readonly driver: Driver;
  /** The file's database, migrated; the first call creates it, later calls return the same handle. */
  open(): Promise<DbHandle>;
  /**
   * Postgres only: creates another empty database (dropped at dispose) and returns its URL, for
   * tests that open connections themselves. They must close what they open.
   */
  createDatabase(): Promise<string>;
  /** Closes the handle and, on Postgres, drops the database. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Start PGlite from an empty cluster instead of the cached migrated dump (for migration tests). */
  fromScratch?: boolean;
}

export function testDatabases(options: TestDatabaseOptions = {}): TestDatabase[] {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const pglite = pgliteTestDatabase(options.fromScratch ?? false);
  return serverUrl ? [pglite, postgresTestDatabase(serverUrl, options)] : [pglite];
}

function pgliteTestDatabase(fromScratch: boolean): TestDatabase {
  let handle: Promise<DbHandle> | undefined;
  return {
    driver: "pglite",
    open: () => (handle ??= fromScratch ? openDb({ inMemory: true }) : openPgliteFromTemplate()),
    createDatabase: () => Promise.reject(new Error("PGlite databases have no URL")),
    async dispose() {
      await closeQuietly(handle);
      handle = undefined;
    },
  };
}

export function postgresTestDatabase(serverUrl: string, options: TestDatabaseOptions = {}): TestDatabase {
  const created: string[] = [];
  let handle: Promise<DbHandle> | undefined;

  const withAdmin = async (statement: string) => {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(statement);
    } finally {
      await admin.end();
    }
  };

  const createDatabase = async (template?: string) => {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await withAdmin(`create database "${name}"${template ? ` template "${template}"` : ""}`);
    created.push(name);
    return databaseUrlOf(serverUrl, name);
  };

  return {
    driver: "postgres",
    createDatabase: () => createDatabase(),
    // A copy of the server's migrated template (made once for these migrations), or, for the
    // migration tests, a new database migrated here.
    open: () =>
      (handle ??= options.fromScratch
        ? createDatabase().then((url) => openDb({ url }))
        : postgresTemplate(serverUrl).then((template) => createDatabase(template).then((url) => openDb({ url })))),
    async dispose() {
      await closeQuietly(handle);
      handle = undefined;
      // FORCE ends connections a failed test may have left open.
      for (const name of created.splice(0)) await withAdmin(`drop database if exists "${name}" with (force)`);
    },
  };
}

function databaseUrlOf(serverUrl: string, name: string): string {
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the server holding a freshly migrated, empty schema, which each test
 * file's database is created from (`create database … template`): a copy is made in the server
 * where migrating anew took a connection and eleven migrations per file. Made once per
 * migrations (the name carries their hash) under an advisory lock, so test files starting
 * together make it once; templates of older migrations are dropped.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${migrationsKey()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(hashtext('test-databases template'))`;
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!existing) {
      const partial = `${name}_partial`;
      await admin.unsafe(`drop database if exists "${partial}" with (force)`);
      await admin.unsafe(`create database "${partial}"`);
      const migrated = await openDb({ url: databaseUrlOf(serverUrl, partial) });
      await migrated.close();
      await admin.unsafe(`alter database "${partial}" rename to "${name}"`);
      const stale = await admin<
        { datname: string }[]
      >`select datname from pg_database where datname like 'test\\_template\\_%' and datname <> ${name}`;
      for (const { datname } of stale) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext('test-databases template'))`.catch(() => undefined);
    await admin.end();
  }
}

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));
const migrationsFolder = fileURLToPath(new URL("./migrations/", import.meta.url));

/** What a migrated database depends on: the PGlite version and the migrations, as a short hash. */
let migrationsKeyValue: string | undefined;

function migrationsKey(): string {
  return (migrationsKeyValue ??= hashMigrations());
}

function hashMigrations(): string {
  const hash = createHash("sha256");
  const pglitePackage = path.join(projectRoot, "node_modules", "@electric-sql", "pglite", "package.json");
  if (existsSync(pglitePackage)) hash.update(JSON.parse(readFileSync(pglitePackage, "utf8")).version);
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

function templatePath(): string {
  return path.join(projectRoot, ".cache", `pglite-template-${migrationsKey()}.tar.gz`);
}

/**
 * A PGlite data directory holding a freshly migrated, empty database, made once and kept in
 * .cache/ (keyed like the dump above). A browser test's site starts on a copy of it: copying
 * takes a fraction of a second where initialising and migrating a new one takes several.
 */
export async function migratedPgliteDataDir(): Promise<string> {
  const dir = path.join(projectRoot, ".cache", `pglite-datadir-${migrationsKey()}`);
  if (existsSync(path.join(dir, "PG_VERSION"))) return dir;
  await mkdir(path.dirname(dir), { recursive: true });
  const partial = `${dir}.${process.pid}.${randomBytes(4).toString("hex")}`;
  const handle = await openDb({ dataDir: partial });
  await handle.close();
  // Made aside then renamed, so a copy never reads a half-made directory; another process that
  // got there first wins.
  await rename(partial, dir).catch(() => rm(partial, { recursive: true, force: true }));
  return dir;
}

async function openPgliteFromTemplate(): Promise<DbHandle> {
  const template = templatePath();
  if (existsSync(template)) {
    const dump = new Blob([await readFile(template)], { type: "application/x-gzip" });
    // A damaged or unreadable template is rebuilt below.
    const handle = await openDb({ inMemory: true, loadDataDir: dump }).catch(() => null);
    if (handle) return handle;
  }
  const handle = await openDb({ inMemory: true });
  if (handle.driver === "pglite") {
    const dump = await handle.client.dumpDataDir("gzip");
    await mkdir(path.dirname(template), { recursive: true });
    // Write then rename, so parallel test files never read a half-written template.
    const partial = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, template);
  }
  return handle;
}

async function closeQuietly(handle: Promise<DbHandle> | undefined): Promise<void> {
  // A handle that failed to open has nothing to close; the test already reported the failure.
  const opened = await handle?.catch(() => undefined);
  await opened?.close();
}

export const SAMPLE_SEASON = "2526";

/** Four Premier League clubs with their API-Football ids. */
export const SAMPLE_TEAMS = {
  arsenal: { id: 42, slug: "arsenal", name: "Arsenal", shortName: "Arsenal", code: "ARS" },
  chelsea: { id: 49, slug: "chelsea", name: "Chelsea", shortName: "Chelsea", code: "CHE" },
  liverpool: { id: 40, slug: "liverpool", name: "Liverpool", shortName: "Liverpool", code: "LIV" },
  everton: { id: 45, slug: "everton", name: "Everton", shortName: "Everton", code: "EVE" },
} as const;

/** The rows a fixture needs to exist: the 2025/26 Premier League season and the sample clubs. */
export async function insertSampleClubs(db: Database): Promise<void> {
  await db
    .insert(schema.seasons)
    .values({
      league: "premier-league",
      season: SAMPLE_SEASON,
      startDate: "2025-08-15",
      endDate: "2026-05-24",
      isCurrent: true,
    })
    .onConflictDoNothing();
  await db
    .insert(schema.teams)
    .values(Object.values(SAMPLE_TEAMS).map((team) => ({ ...team, league: "premier-league" as const })))
    .onConflictDoNothing();
}

/** Awaits a promise that must fail in the database, and returns the database's error. */
export async function rejection(promise: Promise<unknown>): Promise<DatabaseError> {
  try {
    await promise;
  } catch (error) {
    const databaseError = databaseErrorOf(error);
    if (databaseError) return databaseError;
    throw error;
  }
  throw new Error("expected the database to reject the statement, but it succeeded");
}
