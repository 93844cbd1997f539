/**
 * Read models (rows the worker computed and stored in `read_models`) read by key, batched: the
 * keys one request asks for in the same turn of the event loop are read in one statement. A page
 * that shows several read models (the league page: its season outlook and its matchweek
 * schedule) spends one statement on them, while each reader still reads on its own.
 *
 * A payload travels and is parsed once per version. The process keeps the last payload it read
 * of each key with its version (`computed_at`); the statement names the versions it has, and the
 * database sends a payload only when the row's version is another one. A page's miss used to
 * download, decode and validate 15-60 KB of JSON that had not changed since the previous one
 * (the home page's track record and five schedules, the team page's strength curves); now it
 * reads the versions and keeps what it parsed. The worker writes a row with a new `computed_at`
 * whenever its payload changes (a rerun with the same inputs writes nothing), so the version is
 * the payload's.
 */
import { sql } from "drizzle-orm";
import type { Database } from "@shared/db/connection-types";
import { anyOf, preparedQuery } from "@shared/db/prepared-queries";
import { readModels } from "@shared/db/schema";
import type { AppContext } from "./load-context";

export interface ReadModelRow {
  /** Shared by every reader of this version: read it, never change it. */
  payload: unknown;
  computedAt: Date;
}

/** A payload as one reader reads it (its validation, its view); one function per kind of read model. */
export type ReadModelParser<T> = (payload: unknown) => T;

type Waiting = { resolve: (row: StoredModel | null) => void; reject: (error: unknown) => void };
type ReadContext = Pick<AppContext, "db">;

/** The last version of a key this process read, and what each parser made of it. */
interface StoredModel extends ReadModelRow {
  /** `computed_at` as the database prints it, to the microsecond. */
  version: string;
  parsed: Map<ReadModelParser<unknown>, unknown>;
}

/** Far more than the read models there are (five leagues' outlooks, strengths and schedules, the track record...). */
const KEPT_PER_DATABASE = 512;
const storedByDatabase = new WeakMap<Database, Map<string, StoredModel>>();

function storedModels(db: Database): Map<string, StoredModel> {
  let stored = storedByDatabase.get(db);
  if (stored === undefined) {
    stored = new Map();
    storedByDatabase.set(db, stored);
  }
  return stored;
}

/** Makes a payload (or what a parser made of it) read-only, so a reader that changed what every later reader gets fails at once. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/** The keys asked for and not read yet, per request context. */
const batches = new WeakMap<ReadContext, Map<string, Waiting[]>>();

/** `key@version`: what the statement compares, a key with the version this process has of it. */
const versionOf = (key: string, version: string) => `${key}@${version}`;

async function readBatch(context: ReadContext, batch: Map<string, Waiting[]>): Promise<void> {
  const keys = [...batch.keys()];
  const db = context.db.db;
  const stored = storedModels(db);
  const known = keys.flatMap((key) => {
    const model = stored.get(key);
    return model ? [versionOf(key, model.version)] : [];
  });
  try {
    // A statement built once, the keys and the known versions in two arrays (@shared/db/prepared-queries).
    const rows = await preparedQuery(db, "read-models:versioned", (d) =>
      d
        .select({
          key: readModels.key,
          version: sql<string>`${readModels.computedAt}::text`,
          computedAt: readModels.computedAt,
          payload:
            sql<unknown>`case when ${readModels.key} || '@' || ${readModels.computedAt}::text = any(${sql.placeholder("known")}::text[]) then null else ${readModels.payload} end`.mapWith(
              readModels.payload,
            ),
        })
        .from(readModels)
        .where(anyOf(readModels.key, "keys", "text")),
    ).execute({ keys, known });
    const byKey = new Map<string, StoredModel>();
    for (const row of rows) {
      let model = stored.get(row.key);
      // The same version: the database sent no payload, the one kept is it.
      if (model === undefined || model.version !== row.version) {
        model = {
          version: row.version,
          payload: frozen(row.payload),
          computedAt: new Date(row.computedAt),
          parsed: new Map(),
        };
        if (!stored.has(row.key) && stored.size >= KEPT_PER_DATABASE) stored.clear();
        stored.set(row.key, model);
      }
      byKey.set(row.key, model);
    }
    for (const [key, waiting] of batch) for (const w of waiting) w.resolve(byKey.get(key) ?? null);
  } catch (error) {
    for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
  }
}

function readStored(context: ReadContext, key: string): Promise<StoredModel | null> {
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

/** The stored row of `key`, or null when the worker has stored none. Its payload is shared: read it, never change it. */
export async function readModelRow(context: ReadContext, key: string): Promise<ReadModelRow | null> {
  const model = await readStored(context, key);
  return model && { payload: model.payload, computedAt: model.computedAt };
}

/**
 * The stored row of `key` read by `parse`, parsed once per version of the row and kept (frozen:
 * shared by every later request until the worker stores another version); null when the worker
 * has stored none. `parse` must depend on the payload alone: a function made once per kind of
 * read model, not per call.
 */
export async function readModel<T>(
  context: ReadContext,
  key: string,
  parse: ReadModelParser<T>,
): Promise<{ value: T; computedAt: Date } | null> {
  const model = await readStored(context, key);
  if (model === null) return null;
  if (!model.parsed.has(parse)) model.parsed.set(parse, frozen(parse(model.payload)));
  return { value: model.parsed.get(parse) as T, computedAt: model.computedAt };
}
