import { check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { instant, oneOf } from "./columns";

export const SYNC_RUN_STATUSES = ["running", "ok", "failed"] as const;
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
