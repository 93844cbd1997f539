/**
 * The postgres.js client the application uses (connectPostgres): the server's timeouts set on
 * each connection, TCP keepalive, every query bounded, and its pool replaced when a connection's
 * network stalls, with `listen` on a client of its own.
 */
import postgres, { type Sql } from "postgres";
import { boundedSql } from "./connection-bounded-queries";
import { watchedSocketFactory, type SocketTarget, type StallWatchedSocket } from "./connection-socket";
import {
  CONNECT_TIMEOUT_SECONDS,
  KEEPALIVE_SECONDS,
  reconnectDelaySeconds,
  WEB_DATABASE_TIMEOUTS,
  type DatabaseTimeouts,
} from "./connection-timeouts";

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
    apply: (_target, thisArg, args: unknown[]) => Reflect.apply(current.instance, thisArg, args) as unknown,
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

/**
 * Whether an unhandled rejection is a query ended by the client itself: a pool retired after a
 * stall (connectPostgres) is terminated, and its connections reject whatever they still held with
 * CONNECTION_DESTROYED. Whoever asked had its answer already (a QUERY_TIMEOUT after answerMs) and
 * may no longer listen, so nothing handles that rejection.
 */
export function isAbandonedQueryError(reason: unknown): boolean {
  return reason instanceof Error && (reason as Error & { code?: unknown }).code === "CONNECTION_DESTROYED";
}

/**
 * A process with a PostgreSQL client keeps running when a query the client ended itself rejects
 * with nobody listening (isAbandonedQueryError): it says so through `warn`. Any other unhandled
 * rejection still ends the process, as Node ends it by default.
 */
export function surviveAbandonedQueries(warn: (message: string) => void): void {
  process.on("unhandledRejection", (reason) => {
    if (!isAbandonedQueryError(reason)) throw reason;
    warn(`a query of a database connection closed after a stall ended unanswered: ${(reason as Error).message}`);
  });
}
