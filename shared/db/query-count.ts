/**
 * Counts the SQL statements run on behalf of one unit of work (a page render), for the
 * Server-Timing header and for tests that hold pages to a handful of statements. The drizzle
 * logger of every database opened with openDb() reports each statement here; statements run
 * outside `countQueries` are not counted.
 */
import { createScopedStorage } from "../async/scoped-storage";

// Off between units of work: cached pages run none (shared/async/scoped-storage.ts).
const counter = createScopedStorage<{ statements: number }>();

/** Runs `work` and counts the statements it ran, including those of anything it awaited. */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { statements: 0 };
  const result = await counter.run(store, work);
  return { result, queries: store.statements };
}

/** Drizzle's logger: counts a statement for the unit of work it belongs to. */
export const statementCounter = {
  logQuery(): void {
    const store = counter.getStore();
    if (store) store.statements++;
  },
};
