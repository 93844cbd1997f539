/**
 * Worker-computed read models (read_models): a page's whole view model, stored as JSON under a
 * key so the site reads it back in one statement instead of recomputing it per request.
 *
 * `inputs` records what a stored model was computed from, ending in the SHA-256 of its payload:
 * the same data gives the same payload, so a rerun writes nothing, and a change of the rules that
 * compute it (a new version of the code) rewrites it at the next run.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { JobDb } from "../jobs/types";

/**
 * Stores `payload` under `key` unless the stored one is the same; `source` says what it was
 * computed from, for people ("4216 settled picks"). Returns the rows written: 1 or 0. Call inside
 * the transaction that wrote the model's inputs, so both commit or neither.
 */
export async function storeReadModel(db: JobDb, key: string, payload: unknown, source: string): Promise<number> {
  const json = JSON.stringify(payload);
  const inputs = `${source}; sha256:${createHash("sha256").update(json).digest("hex")}`;
  const written = await db.execute(sql`
    insert into read_models (key, inputs, payload, computed_at)
    values (${key}, ${inputs}, ${json}::jsonb, now())
    on conflict (key) do update set inputs = excluded.inputs, payload = excluded.payload, computed_at = excluded.computed_at
    where read_models.inputs is distinct from excluded.inputs
    returning 1`);
  return written.length;
}
