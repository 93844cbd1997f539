/**
 * Bounding every query of a postgres.js client: a query (or a transaction's start) that has no
 * answer within answerMs fails with a QUERY_TIMEOUT DatabaseTimeoutError, whether it waits on a
 * stalled connection or for a free one. boundedSql wraps a client so that all its queries, those
 * of the transactions it opens included, are bounded this way.
 */
import type { Sql } from "postgres";
import { DatabaseTimeoutError } from "./connection-timeouts";

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
              reject(
                new DatabaseTimeoutError(
                  "QUERY_TIMEOUT",
                  `the database did not answer within ${ms} ms (the query waited ${where})`,
                ),
              );
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
export function boundedSql(sql: Sql, ms: number, inTransaction: boolean): Sql {
  const wrapCallback = (args: unknown[], started?: () => boolean) =>
    args.map((arg) =>
      typeof arg === "function"
        ? (tx: Sql) => {
            // The caller was already told the transaction could not start: run nothing late.
            if (started && !started())
              throw new DatabaseTimeoutError("QUERY_TIMEOUT", `the transaction did not start within ${ms} ms`);
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
          const transaction = (value as (...a: unknown[]) => Promise<unknown>).apply(
            target,
            wrapCallback(args, started),
          );
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
