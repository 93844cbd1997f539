/**
 * Data versions: a counter per scope of stored data, bumped by every write in the writer's own
 * transaction, so web processes know which cached pages are out of date.
 *
 * - `data`: anything the worker stores (results, fixtures, predictions, the ledger, tables...).
 * - `live`: the score, minute and events of matches in play, which change every live tick.
 *   A live tick that starts or ends a match bumps `data` too, so a page showing no match in
 *   play depends on `data` alone and is not re-rendered 4 times a minute.
 * - `content`: editorial documents (a webhook purge, a content update).
 *
 * A bump also sends `NOTIFY data_versions` (delivered when the transaction commits); every web
 * process LISTENs, on PostgreSQL and on PGlite alike, and polls the table once a second as well
 * in case a notification was missed (a dropped listening connection).
 */
import { sql } from "drizzle-orm";
import type { DbHandle } from "./index";

export const DATA_SCOPES = ["data", "live", "content"] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export type VersionVector = Readonly<Record<DataScope, number>>;

export const DATA_VERSIONS_CHANNEL = "data_versions";
/** How often a process re-reads the versions in case a notification went missing. */
export const DATA_VERSIONS_POLL_MS = 1_000;

interface Executor {
  execute<Row = Record<string, unknown>>(query: ReturnType<typeof sql> | string): Promise<Row[]>;
}

function isScope(value: unknown): value is DataScope {
  return typeof value === "string" && (DATA_SCOPES as readonly string[]).includes(value);
}

/**
 * Bumps the scopes' versions and notifies listeners. Call it inside the writer's transaction:
 * the new versions and the notification become visible when the data does, never before.
 */
export async function bumpDataVersions(db: Executor, scopes: readonly DataScope[]): Promise<void> {
  const unique = [...new Set(scopes)].filter(isScope).sort();
  if (unique.length === 0) return;
  const values = sql.join(
    unique.map((scope) => sql`(${scope}, 1, now())`),
    sql`, `,
  );
  await db.execute(sql`
    insert into data_versions (scope, version, changed_at) values ${values}
    on conflict (scope) do update set version = data_versions.version + 1, changed_at = now()`);
  await db.execute(sql`select pg_notify(${DATA_VERSIONS_CHANNEL}, ${unique.join(",")})`);
}

/** The stored versions; a scope never bumped is 0. */
export async function readDataVersions(db: Executor): Promise<VersionVector> {
  return (await readVersionState(db)).versions;
}

/** When each scope's version last moved; null for a scope never bumped. */
export type ChangeTimes = Readonly<Record<DataScope, Date | null>>;

interface VersionState {
  versions: VersionVector;
  changedAt: ChangeTimes;
}

async function readVersionState(db: Executor): Promise<VersionState> {
  const rows = await db.execute<{ scope: string; version: string | number; changed_at: string | Date }>(
    sql`select scope, version, changed_at from data_versions`,
  );
  const versions: Record<DataScope, number> = { data: 0, live: 0, content: 0 };
  const changedAt: Record<DataScope, Date | null> = { data: null, live: null, content: null };
  for (const row of rows) {
    if (!isScope(row.scope)) continue;
    versions[row.scope] = Number(row.version);
    changedAt[row.scope] = new Date(row.changed_at);
  }
  return { versions, changedAt };
}

export interface DataVersions {
  /** The versions this process knows of now (a cheap read: no I/O). */
  current(): VersionVector;
  /** When each version last moved, as of the last read (the metrics' "seconds since it changed"). */
  changedAt(): ChangeTimes;
  /** Calls `listener` with the scopes whose version changed, after the change is known. */
  onChange(listener: (changed: readonly DataScope[]) => void): () => void;
  /** Bumps scopes from this process (the content webhook), then refreshes at once. */
  bump(scopes: readonly DataScope[]): Promise<void>;
  /** Reads the table now (tests; the poll does this every second). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  pollMs?: number;
  warn?: (message: string) => void;
}

/**
 * Keeps this process's view of the versions up to date: reads them once, then listens for
 * notifications and polls as a fallback. A failed read keeps the last versions and is retried
 * at the next poll; it never throws into the caller.
 */
export async function watchDataVersions(handle: DbHandle, options: WatchOptions = {}): Promise<DataVersions> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const initial = await readVersionState(handle);
  let versions: VersionVector = initial.versions;
  let changedAt: ChangeTimes = initial.changedAt;
  const listeners = new Set<(changed: readonly DataScope[]) => void>();
  let closed = false;
  let reading: Promise<void> | null = null;
  let failing = false;

  const apply = (next: VersionState) => {
    changedAt = next.changedAt;
    const changed = DATA_SCOPES.filter((scope) => next.versions[scope] !== versions[scope]);
    if (changed.length === 0) return;
    versions = next.versions;
    for (const listener of listeners) listener(changed);
  };

  let again = false;
  const read = async (): Promise<void> => {
    do {
      again = false;
      try {
        const next = await readVersionState(handle);
        failing = false;
        if (!closed) apply(next);
      } catch (error) {
        if (!failing && !closed) warn(`data versions could not be read: ${(error as Error).message}`);
        failing = true;
        return;
      }
    } while (again && !closed);
  };
  const refresh = (): Promise<void> => {
    // One read at a time: a burst of notifications costs one query, and a notification that
    // arrives during a read (which may have started before the commit) causes one more.
    if (reading) {
      again = true;
      return reading;
    }
    reading = read().finally(() => {
      reading = null;
    });
    return reading;
  };

  let unlisten: () => Promise<void> = async () => {};
  try {
    if (handle.driver === "pglite") {
      unlisten = await handle.client.listen(DATA_VERSIONS_CHANNEL, () => void refresh());
    } else {
      const subscription = await handle.client.listen(DATA_VERSIONS_CHANNEL, () => void refresh());
      unlisten = () => subscription.unlisten();
    }
  } catch (error) {
    warn(`data versions: listening failed, polling only: ${(error as Error).message}`);
  }
  const timer = setInterval(() => void refresh(), options.pollMs ?? DATA_VERSIONS_POLL_MS);
  timer.unref();

  return {
    current: () => versions,
    changedAt: () => changedAt,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async bump(scopes) {
      await bumpDataVersions(handle, scopes);
      await refresh();
    },
    refresh,
    async close() {
      closed = true;
      clearInterval(timer);
      await unlisten().catch(() => undefined);
      await reading;
    },
  };
}
