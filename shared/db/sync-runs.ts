/**
 * The run log's latest run of each job (sync_runs): what `npm run sync:status` prints and
 * /api-status shows, read by one query in one place.
 */
import { sql } from "drizzle-orm";
import type { DbHandle } from "./index";

export interface JobRunStatus {
  job: string;
  provider: string | null;
  status: string;
  /** ISO 8601 UTC. */
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  /** The error of a failed run, or why a run was skipped. */
  error: string | null;
}

interface RunRow {
  job: string;
  provider: string | null;
  status: string;
  started_at: string | Date;
  finished_at: string | Date | null;
  rows_read: number | string;
  rows_written: number | string;
  rows_rejected: number | string;
  error: string | null;
}

/** The latest run of every job that has run, by job name. */
export async function latestRunPerJob(db: DbHandle): Promise<JobRunStatus[]> {
  const rows = await db.execute<RunRow>(sql`
    select distinct on (job) job, provider, status, started_at, finished_at, rows_read, rows_written, rows_rejected, error
    from sync_runs order by job, started_at desc, id desc`);
  return rows.map((row) => {
    const startedAt = new Date(row.started_at);
    const finishedAt = row.finished_at === null ? null : new Date(row.finished_at);
    return {
      job: row.job,
      provider: row.provider,
      status: row.status,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt?.toISOString() ?? null,
      durationMs: finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
      rowsRead: Number(row.rows_read),
      rowsWritten: Number(row.rows_written),
      rowsRejected: Number(row.rows_rejected),
      error: row.error,
    };
  });
}

/**
 * When each of these jobs last finished without failing (ok or skipped), from the run log: one
 * index lookup per job ("latest runs of a job"), however long the log is.
 */
export async function lastSuccessPerJob(db: DbHandle, jobs: readonly string[]): Promise<Map<string, Date>> {
  if (jobs.length === 0) return new Map();
  const names = sql.join(
    jobs.map((job) => sql`(${job})`),
    sql`, `,
  );
  const rows = await db.execute<{ job: string; finished_at: string | Date }>(sql`
    select j.job, last.finished_at
    from (values ${names}) as j(job)
    cross join lateral (
      select finished_at from sync_runs
      where sync_runs.job = j.job and status in ('ok', 'skipped') and finished_at is not null
      order by started_at desc limit 1
    ) last`);
  return new Map(rows.map((row) => [row.job, new Date(row.finished_at)]));
}
