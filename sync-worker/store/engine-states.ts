/**
 * The prediction engine's stored state (engine_states): binary payloads keyed by what they are
 * (sync-worker/model/engine-state.ts). Payloads travel as base64 text and are turned into bytea
 * by the database: the embedded PGlite converts a bytea parameter byte by byte in JavaScript
 * (about 3 s for a 4 MB fit, on the thread that serves pages), text in a fraction of that.
 */
import { sql } from "drizzle-orm";
import type { JobDb } from "../jobs/types";

export interface StoredEngineState {
  key: string;
  /** What the payload was made from (a fit: the results it learnt; seasons: each one's data state). */
  fittedThrough: string;
  payload: Uint8Array;
  savedAt: Date;
}

export async function readEngineStates(db: JobDb, keys: readonly string[]): Promise<Map<string, StoredEngineState>> {
  if (keys.length === 0) return new Map();
  const rows = await db.execute<{ key: string; fitted_through: string; payload: string; saved_at: string | Date }>(sql`
    select key, fitted_through, encode(payload, 'base64') as payload, saved_at
    from engine_states where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  return new Map(
    rows.map((row) => [
      row.key,
      {
        key: row.key,
        fittedThrough: row.fitted_through,
        // encode() breaks base64 into lines of 76 characters; Buffer skips the newlines.
        payload: new Uint8Array(Buffer.from(row.payload, "base64")),
        savedAt: new Date(row.saved_at),
      },
    ]),
  );
}

export async function writeEngineState(
  db: JobDb,
  state: { key: string; fittedThrough: string; payload: Uint8Array },
): Promise<void> {
  const base64 = Buffer.from(state.payload.buffer, state.payload.byteOffset, state.payload.byteLength).toString(
    "base64",
  );
  await db.execute(sql`
    insert into engine_states (key, fitted_through, payload, saved_at)
    values (${state.key}, ${state.fittedThrough}, decode(${base64}, 'base64'), now())
    on conflict (key) do update set fitted_through = excluded.fitted_through, payload = excluded.payload, saved_at = excluded.saved_at`);
}

/** Deletes the rows under `prefix` other than `kept` (states of an older format, version or settings). */
export async function deleteEngineStatesExcept(db: JobDb, prefix: string, kept: readonly string[]): Promise<number> {
  const rows = await db.execute(sql`
    delete from engine_states
    where starts_with(key, ${prefix}) and key not in (${sql.join(
      kept.map((key) => sql`${key}`),
      sql`, `,
    )})
    returning 1`);
  return rows.length;
}
