import { bigint, check, customType, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { instant, oneOf } from "./columns";

/** 'skipped': the job had nothing to do by design (no provider for its kind, no live match...). */
export const SYNC_RUN_STATUSES = ["running", "ok", "skipped", "failed"] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

/** One run of a sync-worker job, for the status page and for diagnosing providers. */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: serial("id").primaryKey(),
    job: text("job").notNull(),
    provider: text("provider"),
    startedAt: instant("started_at").notNull().defaultNow(),
    finishedAt: instant("finished_at"),
    status: text("status").$type<SyncRunStatus>().notNull().default("running"),
    rowsRead: integer("rows_read").notNull().default(0),
    rowsWritten: integer("rows_written").notNull().default(0),
    rowsRejected: integer("rows_rejected").notNull().default(0),
    error: text("error"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    check("sync_runs_status_check", oneOf(t.status, SYNC_RUN_STATUSES)),
    // "Latest runs of a job".
    index("sync_runs_job_started_idx").on(t.job, t.startedAt.desc()),
  ],
);

/**
 * What the sync worker last wrote from a feed (a league season from a provider, as of the clock):
 * a hash of the records. A sync whose feed has the same hash has nothing new and skips the
 * database, which keeps a cycle with nothing new to a few reads.
 */
export const syncFingerprints = pgTable("sync_fingerprints", {
  key: text("key").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/**
 * The version of each scope of stored data ('data', 'live', 'content'...). Every job that writes
 * bumps its scopes in the same transaction (and, on PostgreSQL, sends NOTIFY data_versions), so
 * web processes know at once which cached pages are out of date.
 */
export const dataVersions = pgTable("data_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  changedAt: instant("changed_at").notNull().defaultNow(),
});

/**
 * A read model the worker computed from stored data (the track record's page, for instance),
 * kept as JSON and read back in one statement instead of being recomputed per request.
 * `inputs` says what it was computed from (a data version or a hash), so a rerun with the same
 * inputs writes nothing.
 */
export const readModels = pgTable("read_models", {
  key: text("key").primaryKey(),
  inputs: text("inputs").notNull(),
  payload: jsonb("payload").$type<unknown>().notNull(),
  computedAt: instant("computed_at").notNull().defaultNow(),
});

/** Binary data: a Uint8Array on both drivers. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The prediction engine's fitted state, so a restart does not refit: `fittedThrough` says which
 * results it has learnt from, and a run refits only when newer results arrived.
 */
export const engineStates = pgTable("engine_states", {
  key: text("key").primaryKey(),
  fittedThrough: text("fitted_through").notNull(),
  payload: bytea("payload").notNull(),
  savedAt: instant("saved_at").notNull().defaultNow(),
});

/**
 * Editors' draft-preview sessions. The browser holds only the random id (in an HttpOnly cookie);
 * a session ends at `expiresAt` or when the editor leaves preview (`revokedAt`), on every replica
 * and across restarts.
 */
export const previewSessions = pgTable("preview_sessions", {
  id: text("id").primaryKey(),
  createdAt: instant("created_at").notNull().defaultNow(),
  expiresAt: instant("expires_at").notNull(),
  revokedAt: instant("revoked_at"),
});

/**
 * Content webhook deliveries already accepted, by their idempotency key, so that a replayed
 * signed request changes nothing. Rows older than the accepted clock skew can be forgotten.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    key: text("key").primaryKey(),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_deliveries_received_idx").on(t.receivedAt)],
);
