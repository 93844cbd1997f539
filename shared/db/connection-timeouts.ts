/**
 * How long talking to Postgres may take: the connect timeout and reconnect back-off, the
 * per-query bounds (DatabaseTimeouts) with their presets for web requests, the worker and
 * migrations, TCP keepalive, and DatabaseTimeoutError, what a query that got no answer in time
 * fails with.
 */

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
