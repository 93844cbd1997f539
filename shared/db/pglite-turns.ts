/**
 * PGlite runs each statement on the thread that asked for it: the web process's one event loop
 * when the database is embedded. Its statements wait for one another on a lock whose next holder
 * starts in a microtask, so a burst of them (a dozen pages rendered again after a live tick, each
 * with several statements, and the worker's writes) ran back to back without letting the event
 * loop read a single request in between: cached pages, answered in a tenth of a millisecond,
 * waited behind hundreds of milliseconds of statements (p99 0.7 s at 3,400 requests a second).
 *
 * `takeTurns` makes every statement of a PGlite instance (queries, `exec`, and the statements
 * inside a transaction) first give the event loop a turn (setImmediate, after the I/O already
 * waiting), once it holds the lock: requests that arrived meanwhile are answered between two
 * statements, and a statement still runs whole, in the order asked.
 */
import type { PGlite } from "@electric-sql/pglite";

/** The lock every statement of a PGlite instance runs under (not in its public types). */
interface ExclusiveQueries {
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
}

const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Makes each statement of `client` wait for a turn of the event loop before it runs. */
export function takeTurns(client: PGlite): PGlite {
  const exclusive = client as unknown as ExclusiveQueries;
  if (typeof exclusive._runExclusiveQuery !== "function")
    throw new Error("this PGlite has no statement lock to take turns on (_runExclusiveQuery)");
  const runExclusive = exclusive._runExclusiveQuery.bind(client);
  exclusive._runExclusiveQuery = <T>(run: () => Promise<T>) =>
    runExclusive(async () => {
      await eventLoopTurn();
      return run();
    });
  return client;
}
