/**
 * Read models (rows the worker computed and stored in `read_models`) read by key, batched: the
 * keys one request asks for in the same turn of the event loop are read in one statement. A page
 * that shows several read models (the league page: its season outlook and its matchweek
 * schedule) spends one statement on them, while each reader still reads on its own.
 */
import { anyOf, preparedQuery } from "@shared/db/prepared-queries";
import { readModels } from "@shared/db/schema";
import type { AppContext } from "./load-context";

export interface ReadModelRow {
  payload: unknown;
  computedAt: Date;
}

type Waiting = { resolve: (row: ReadModelRow | null) => void; reject: (error: unknown) => void };
type ReadContext = Pick<AppContext, "db">;

/** The keys asked for and not read yet, per request context. */
const batches = new WeakMap<ReadContext, Map<string, Waiting[]>>();

async function readBatch(context: ReadContext, batch: Map<string, Waiting[]>): Promise<void> {
  const keys = [...batch.keys()];
  try {
    // A statement built once, the keys in one array (@shared/db/prepared-queries).
    const rows = await preparedQuery(context.db.db, "read-models", (db) =>
      db
        .select({ key: readModels.key, payload: readModels.payload, computedAt: readModels.computedAt })
        .from(readModels)
        .where(anyOf(readModels.key, "keys", "text")),
    ).execute({ keys });
    const byKey = new Map(
      rows.map((row) => [row.key, { payload: row.payload, computedAt: new Date(row.computedAt as unknown as string) }]),
    );
    for (const [key, waiting] of batch) for (const w of waiting) w.resolve(byKey.get(key) ?? null);
  } catch (error) {
    for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
  }
}

/** The stored row of `key`, or null when the worker has stored none. */
export function readModelRow(context: ReadContext, key: string): Promise<ReadModelRow | null> {
  let batch = batches.get(context);
  if (!batch) {
    const started = new Map<string, Waiting[]>();
    batch = started;
    batches.set(context, started);
    queueMicrotask(() => {
      batches.delete(context);
      void readBatch(context, started);
    });
  }
  const waiting = batch.get(key) ?? [];
  batch.set(key, waiting);
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}
