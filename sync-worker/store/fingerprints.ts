/**
 * Fingerprints of what a feed last wrote (sync_fingerprints), to skip feeds with nothing new. A
 * fingerprint pairs the hash of the feed with the state of the rows it wrote right after writing
 * them; another writer changing those rows since (the live job, a restarted replay) changes the
 * state, so the feed is written again.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { JobDb } from "../jobs/types";

export function fingerprintOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url");
}

export async function storedFingerprint(db: JobDb, key: string): Promise<string | null> {
  const [row] = await db.execute<{ fingerprint: string }>(
    sql`select fingerprint from sync_fingerprints where key = ${key}`,
  );
  return row?.fingerprint ?? null;
}

/** Records a fingerprint; call inside the transaction that wrote the feed, so both commit or neither. */
export async function rememberFingerprint(db: JobDb, key: string, fingerprint: string): Promise<void> {
  await db.execute(sql`
    insert into sync_fingerprints (key, fingerprint) values (${key}, ${fingerprint})
    on conflict (key) do update set fingerprint = excluded.fingerprint, updated_at = now()`);
}

/** The state of a league season's stored matches and odds: changes whenever any writer changes them. */
export async function seasonDataState(db: JobDb, league: string, season: string): Promise<string> {
  const [row] = await db.execute<{ state: string }>(sql`
    select concat_ws('|', count(*), max(f.updated_at)::text,
      (select concat_ws(':', count(*), max(o.captured_at)::text) from fixture_odds o
       join fixtures g on g.id = o.fixture_id where g.league = ${league} and g.season = ${season})) as state
    from fixtures f where f.league = ${league} and f.season = ${season}`);
  return row.state;
}
