import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { Socket } from "node:net";
import path from "node:path";
import { Duplex } from "node:stream";
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
import { databaseErrorOf } from "./errors";
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
  const connection = options.url ? openPostgres(options.url, options.migrationUrl, options.timeouts) : await openPglite(options);
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

/**
 * How long a query on Postgres may take, in milliseconds (0: no limit). The server bounds what it
 * runs (statementMs, lockMs, idleInTransactionMs: its statement_timeout, lock_timeout and
 * idle_in_transaction_session_timeout); the client bounds how long it waits for an answer
 * (answerMs), which is what ends a query when the server cannot answer at all: a database
 * blackholed by the network (connections accepted, or open, and never answered). answerMs exceeds
 * statementMs, so a slow query gets the server's own error first.
 */
export interface DatabaseTimeouts {
  /** The longest a statement runs on the server (statement_timeout). */
  statementMs: number;
  /** The longest a statement waits for a lock (lock_timeout). */
  lockMs: number;
  /** A session idle inside a transaction this long is ended by the server. */
  idleInTransactionMs: number;
  /**
   * The longest a query waits for its answer, waiting for a free connection included. Past it the
   * query fails as the database being out of reach (isDatabaseUnavailable: 503 for a page, a
   * failed and retried run for a job), and a connection that has had no answer for that long to
   * what it sent is closed (a new one replaces it).
   */
  answerMs: number;
}

/**
 * Web requests (the default): a page's queries take milliseconds, so one that has no answer within
 * 2 s has met a database out of reach or overloaded, and the page answers 503 within about 3 s
 * (the error page's rendering included, a burst of them at once too) whatever the database does.
 */
export const WEB_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 1_500,
  lockMs: 1_000,
  idleInTransactionMs: 10_000,
  answerMs: 2_000,
};

/** The sync worker: backfills and model runs issue statements that legitimately take seconds. */
export const WORKER_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 30_000,
  lockMs: 30_000,
  idleInTransactionMs: 5 * 60_000,
  answerMs: 35_000,
};

/** Migrations: no server limit (an index build may take minutes), a last-resort client bound. */
export const MIGRATION_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 0,
  lockMs: 0,
  idleInTransactionMs: 0,
  answerMs: 15 * 60_000,
};

/** TCP keepalive on every connection: a dead peer of an idle connection is found within a minute or so. */
export const KEEPALIVE_SECONDS = 10;

/** What a query that got no answer in time fails with; isDatabaseUnavailable counts both codes. */
export class DatabaseTimeoutError extends Error {
  constructor(
    readonly code: "QUERY_TIMEOUT" | "CONNECTION_STALLED",
    message: string,
  ) {
    super(message);
    this.name = "DatabaseTimeoutError";
  }
}

export interface PostgresClientOptions {
  timeouts?: Partial<DatabaseTimeouts>;
  /** Connections in the pool (postgres.js default 10). */
  max?: number;
}

/**
 * A postgres.js client whose every query is bounded (DatabaseTimeouts): the server's timeouts are
 * set on each connection, each socket has TCP keepalive, each query (from `sql\`...\``, `unsafe`,
 * inside `begin` and `savepoint`) fails with a DatabaseTimeoutError when it has no answer within
 * answerMs, whether it waits on a stalled connection, for a connection to open, or for a free
 * one; and a watchdog on each socket notices a connection that got no answer to what it sent
 * within answerMs.
 *
 * Such a connection means the network to the database is stalled: the driver's pool is then
 * replaced by a new one for the queries that follow, and the old one is ended through the driver
 * (its connections terminated, whatever ran on them rejected), then its sockets closed. The
 * driver is never made to see one socket close under it: a connection of postgres.js 3.4 that
 * closes with a write still pending never writes again, and one that closes inside a
 * transaction throws an uncaught TypeError when it writes the ROLLBACK (its socket is null).
 *
 * `listen` runs on a client of its own that is never replaced: its watchdog closes a stalled
 * listening connection, as does a stall on the pool (an idle listening connection has nothing
 * to notice it by), and the driver listens again on a new one.
 */
export function connectPostgres(url: string, options: PostgresClientOptions = {}): Sql {
  const timeouts = { ...WEB_DATABASE_TIMEOUTS, ...options.timeouts };
  const base = {
    // `max` only when given: the driver takes an undefined one for a pool of one.
    ...(options.max === undefined ? {} : { max: options.max }),
    // Notices such as "schema already exists, skipping" are expected and not worth printing.
    onnotice: () => {},
    // A database out of reach fails a query within seconds instead of the driver's 30 s default,
    // and reconnecting waits at most a second between attempts (the driver's default grows to
    // 20 s), so pages recover soon after it is back.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
    keep_alive: KEEPALIVE_SECONDS,
    connection: serverLimits(timeouts),
  };
  if (!(timeouts.answerMs > 0)) return postgres(url, base);
  const answerMs = timeouts.answerMs;

  /** A pool of the driver, with the sockets it opened; `onStall` is told of a stalled one. */
  const pool = (onStall: (instance: Sql, stalled: StallWatchedSocket) => void) => {
    const sockets = new Set<StallWatchedSocket>();
    let instance: Sql | undefined;
    const factory = watchedSocketFactory(answerMs, (stalled) => instance && onStall(instance, stalled));
    // `socket` (a function returning a connection's socket) is an option of the driver its types omit.
    const socket = (target: SocketTarget) => {
      const opened = factory(target);
      sockets.add(opened);
      opened.once("close", () => sockets.delete(opened));
      return opened;
    };
    instance = postgres(url, { ...base, socket } as typeof base);
    return { instance, sockets };
  };

  let ending = false;
  const retiring = new Set<Promise<unknown>>();
  const replace = (instance: Sql) => {
    if (ending || instance !== current.instance) return;
    const retired = current;
    current = pool(replace);
    // drizzle sets its own parsers on the client it is given (dates as strings): the same on the new pool.
    Object.assign(current.instance.options.parsers, retired.instance.options.parsers);
    Object.assign(current.instance.options.serializers, retired.instance.options.serializers);
    // The listening connection went through the same network: it listens again on a new one.
    for (const socket of listener?.sockets ?? []) socket.destroy(socket.stallError());
    // Every connection of the old pool is terminated (what ran on them fails as
    // CONNECTION_DESTROYED, and nothing more is written on them), then its sockets closed.
    const ended: Promise<unknown> = retired.instance
      .end({ timeout: 0 })
      .catch(() => undefined)
      // A moment for what terminating wrote (TLS's close_notify among it) to leave: destroying a
      // socket under TLS with a write pending raises an error nobody listens for any more.
      .then(() => new Promise((resolve) => setTimeout(resolve, RETIRED_SOCKET_GRACE_MS).unref()))
      .finally(() => {
        for (const socket of retired.sockets) socket.destroy();
        retiring.delete(ended);
      });
    retiring.add(ended);
  };
  let current = pool(replace);

  let listener: ReturnType<typeof pool> | undefined;
  const listening = () => (listener ??= pool((_instance, stalled) => stalled.destroy(stalled.stallError()))).instance;

  const client = new Proxy(current.instance, {
    apply: (_target, thisArg, args: unknown[]) => Reflect.apply(current.instance, thisArg, args),
    get(_target, property) {
      if (property === "listen") return (...args: Parameters<Sql["listen"]>) => listening().listen(...args);
      if (property === "end") {
        return async (endOptions?: { timeout?: number }) => {
          ending = true;
          await Promise.all([current.instance.end(endOptions), listener?.instance.end(endOptions), ...retiring]);
        };
      }
      const value: unknown = Reflect.get(current.instance, property, current.instance);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(current.instance) : value;
    },
  });
  return boundedSql(client, answerMs, false);
}

/** How long the sockets of a pool replaced after a stall stay open once its connections are terminated. */
const RETIRED_SOCKET_GRACE_MS = 1_000;

/** The server's timeouts, set when each connection starts. */
function serverLimits(timeouts: DatabaseTimeouts): Record<string, number> {
  // Strings: the driver leaves a 0 out, and "0" must override a role's or database's own setting.
  const limits = {
    statement_timeout: String(timeouts.statementMs),
    lock_timeout: String(timeouts.lockMs),
    idle_in_transaction_session_timeout: String(timeouts.idleInTransactionMs),
  };
  return limits as unknown as Record<string, number>;
}

/** The driver's parsed options the socket factory reads. */
interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/** Sockets to the server (TCP or Unix), each watched for answers that never come. */
function watchedSocketFactory(answerMs: number, onStall: (socket: StallWatchedSocket) => void): (target: SocketTarget) => StallWatchedSocket {
  let next = 0;
  return (target) => {
    const inner = new Socket();
    const index = next++ % Math.max(target.host.length, 1);
    const host = target.host[index] ?? target.host[0];
    const port = target.port[index] ?? target.port[0];
    if (target.path) inner.connect(target.path);
    else inner.connect(port, host);
    return new StallWatchedSocket(inner, answerMs, target.path ? { host: target.path, port: undefined } : { host, port }, onStall);
  };
}

/**
 * A socket that calls `onStall` once when what it last sent has had no byte in answer within
 * `answerMs`. The driver reads and writes it like a socket (TLS included: Node's TLS then reads
 * and writes through it too, so the watchdog sees every byte). A connection that is idle (nothing
 * sent since the last answer) is never taken for stalled.
 */
class StallWatchedSocket extends Duplex {
  readonly host: string;
  readonly port: number | undefined;
  #inner: Socket;
  #answerMs: number;
  #onStall: (socket: StallWatchedSocket) => void;
  #waitingSince = 0;
  #timer: NodeJS.Timeout | undefined;
  #stalled = false;
  #hadError = false;

  constructor(inner: Socket, answerMs: number, target: { host: string; port: number | undefined }, onStall: (socket: StallWatchedSocket) => void) {
    super({ allowHalfOpen: false });
    this.#inner = inner;
    this.#answerMs = answerMs;
    this.#onStall = onStall;
    this.host = target.host;
    this.port = target.port;
    inner.on("connect", () => this.emit("connect"));
    inner.on("data", (chunk: Buffer) => {
      this.#answered();
      if (!this.push(chunk)) inner.pause();
    });
    inner.on("end", () => this.push(null));
    inner.on("error", (error) => this.destroy(error));
    inner.on("close", () => this.destroy());
  }

  get readyState(): Socket["readyState"] {
    return this.#inner.readyState;
  }

  setKeepAlive(enable?: boolean, initialDelay?: number): this {
    this.#inner.setKeepAlive(enable, initialDelay);
    return this;
  }

  setNoDelay(noDelay?: boolean): this {
    this.#inner.setNoDelay(noDelay);
    return this;
  }

  /** The error the queries of a stalled connection fail with. */
  stallError(): DatabaseTimeoutError {
    const where = `${this.host}${this.port ? `:${this.port}` : ""}`;
    return new DatabaseTimeoutError("CONNECTION_STALLED", `the database sent no answer within ${this.#answerMs} ms (${where}); the connection was closed`);
  }

  override _read(): void {
    this.#inner.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.#waitingSince === 0) {
      this.#waitingSince = performance.now();
      this.#arm(this.#answerMs);
    }
    this.#inner.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#inner.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    clearTimeout(this.#timer);
    this.#hadError = error !== null;
    this.#inner.destroy();
    callback(error);
  }

  // The driver reads a socket's 'close' argument (hadError) to back off between reconnects.
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "close" && args.length === 0) return super.emit("close", this.#hadError);
    return super.emit(event, ...args);
  }

  #answered(): void {
    this.#waitingSince = 0;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(ms: number): void {
    clearTimeout(this.#timer);
    // Checked after the event loop's I/O: an answer that arrived while the process was busy
    // (a long synchronous computation) is read first, not mistaken for silence.
    this.#timer = setTimeout(() => setImmediate(() => this.#check()), ms);
    this.#timer.unref();
  }

  #check(): void {
    if (this.#waitingSince === 0 || this.destroyed || this.#stalled) return;
    const waited = performance.now() - this.#waitingSince;
    if (waited < this.#answerMs) return this.#arm(this.#answerMs - waited);
    this.#stalled = true;
    this.#onStall(this);
  }
}

/** A query of postgres.js: a promise that runs when awaited, `state` set once sent on a connection. */
type PendingQuery = PromiseLike<unknown> & { state?: unknown };

function isPendingQuery(value: unknown): value is PendingQuery {
  return value instanceof Promise && typeof (value as { cancel?: unknown }).cancel === "function";
}

/**
 * `query` failing with a QUERY_TIMEOUT DatabaseTimeoutError when it has no answer within `ms` of
 * being awaited. The same query object (its `.values()`, `.raw()`... still work): its `then`,
 * which `await`, `catch` and `finally` go through, is replaced.
 */
function bounded<Q extends PendingQuery>(query: Q, ms: number): Q {
  const then = query.then;
  let outcome: Promise<unknown> | undefined;
  Object.defineProperty(query, "then", {
    configurable: true,
    writable: true,
    value(onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) {
      outcome ??= new Promise((resolve, reject) => {
        let settled = false;
        const timer = setTimeout(
          () =>
            setImmediate(() => {
              if (settled) return;
              settled = true;
              const where = query.state ? "on its connection" : "for a connection";
              reject(new DatabaseTimeoutError("QUERY_TIMEOUT", `the database did not answer within ${ms} ms (the query waited ${where})`));
            }),
          ms,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          settle();
        };
        then.call(
          query,
          (value) => finish(() => resolve(value)),
          (error: unknown) => finish(() => reject(error)),
        );
      });
      return outcome.then(onFulfilled, onRejected);
    },
  });
  return query;
}

type TransactionCallback = (sql: Sql) => unknown;

/**
 * `sql` with every query bounded (bounded()), the transactions it opens too. Starting a
 * transaction (a free connection, then BEGIN) is bounded the same way; its statements each are;
 * its COMMIT or ROLLBACK (the driver's own) end when its connection's watchdog notices a stall.
 */
function boundedSql(sql: Sql, ms: number, inTransaction: boolean): Sql {
  const wrapCallback = (args: unknown[], started?: () => boolean) =>
    args.map((arg) =>
      typeof arg === "function"
        ? (tx: Sql) => {
            // The caller was already told the transaction could not start: run nothing late.
            if (started && !started()) throw new DatabaseTimeoutError("QUERY_TIMEOUT", `the transaction did not start within ${ms} ms`);
            return (arg as TransactionCallback)(boundedSql(tx, ms, true));
          }
        : arg,
    );
  return new Proxy(sql, {
    apply(target, thisArg, args: unknown[]) {
      const result: unknown = Reflect.apply(target, thisArg, args);
      return isPendingQuery(result) ? bounded(result, ms) : result;
    },
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "unsafe" || property === "file") {
        return (...args: unknown[]) => bounded((value as (...a: unknown[]) => PendingQuery).apply(target, args), ms);
      }
      if (property === "savepoint" && inTransaction) {
        return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, wrapCallback(args));
      }
      if (property === "begin") {
        return (...args: unknown[]) => {
          let state: "waiting" | "started" | "timed out" = "waiting";
          const started = () => {
            if (state === "waiting") state = "started";
            return state === "started";
          };
          const transaction = (value as (...a: unknown[]) => Promise<unknown>).apply(target, wrapCallback(args, started));
          return new Promise((resolve, reject) => {
            const timer = setTimeout(
              () =>
                setImmediate(() => {
                  if (state !== "waiting") return;
                  state = "timed out";
                  reject(new DatabaseTimeoutError("QUERY_TIMEOUT", `the transaction did not start within ${ms} ms`));
                }),
              ms,
            );
            transaction.then(
              (result) => {
                clearTimeout(timer);
                resolve(result);
              },
              (error: unknown) => {
                clearTimeout(timer);
                reject(error);
              },
            );
          });
        };
      }
      return value;
    },
  });
}

function openPostgres(url: string, migrationUrl: string = url, timeouts?: Partial<DatabaseTimeouts>): Connection {
  const client = connectPostgres(url, { timeouts });
  const db = drizzlePostgres({ client, schema, logger: statementCounter });
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
    const migratorExecute = async <Row>(query: SQL | string) => (await migratorDb.execute(toSql(query))) as unknown as Row[];
    try {
      await migrator.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
      return await migrateAndSeed(migratorExecute, (migrations) => migratePostgres(migratorDb, migrationConfig(migrations)), migratorDb);
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

const INSUFFICIENT_PRIVILEGE = "42501";

async function currentRole(execute: Connection["execute"]): Promise<string> {
  return execute<{ role: string }>("select current_user as role").then(
    ([row]) => `"${row.role}"`,
    () => "of DATABASE_URL",
  );
}

/** What to do when DATABASE_URL's role may not read which migrations were applied. */
async function unreadableJournalError(execute: Connection["execute"], cause: unknown): Promise<Error> {
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
async function missingOwnerError(execute: Connection["execute"], pending: JournalEntry[], cause: unknown): Promise<Error> {
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

function readJournal(folder: string): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
}

/** The migrator applies every journal entry newer than the last one recorded: the same set. */
function pendingMigrations(journal: { entries: JournalEntry[] }, lastApplied: number | null): JournalEntry[] {
  return journal.entries.filter((entry) => lastApplied === null || entry.when > lastApplied);
}

async function migrateAndSeed(
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
