import { and, eq, lt, sql } from "drizzle-orm";
import { syncRuns, type SyncRunStatus } from "@shared/db/schema";
import { bumpDataVersions, type DataScope } from "@shared/db/data-versions";
import { ProviderError } from "../providers/types";
import type { JobContext, JobDefinition, JobDb, JobResult } from "./types";

/** The run-log row of one run, as runJob leaves it. */
export interface JobRun {
  id: number;
  job: string;
  status: SyncRunStatus;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  /** The error of a failed run, or the reason of a skipped one. */
  error: string | null;
  durationMs: number;
  /** Jobs to run next (JobResult.next of a successful run). */
  next: readonly string[];
}

/** Rejected records kept in the run log; the full list is in the worker's log. */
const MAX_LOGGED_DETAILS = 50;

function trimDetails(details: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!details) return null;
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      Array.isArray(value) && value.length > MAX_LOGGED_DETAILS
        ? [...(value as unknown[]).slice(0, MAX_LOGGED_DETAILS), `... and ${value.length - MAX_LOGGED_DETAILS} more`]
        : value,
    ]),
  );
}

function describeError(error: unknown): string {
  if (error instanceof ProviderError) return error.message;
  if (error instanceof Error) {
    // Drizzle wraps database errors as "Failed query: <sql>"; the cause says what went wrong.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return error.message.startsWith("Failed query") ? `database error${cause}` : error.message;
  }
  return String(error);
}

/** The fields of a run's log line: the run-log row's id, the job, how it ended and its counts. */
function runFields(
  run: Pick<JobRun, "id" | "job" | "status" | "rowsRead" | "rowsWritten" | "rowsRejected" | "durationMs" | "error">,
) {
  return {
    runId: run.id,
    job: run.job,
    status: run.status,
    rowsRead: run.rowsRead,
    rowsWritten: run.rowsWritten,
    rowsRejected: run.rowsRejected,
    durationMs: run.durationMs,
    error: run.error,
  };
}

/**
 * Runs one job inside the sync-run log: inserts a 'running' row, runs the job (in one
 * transaction when the job says so), then records ok, skipped or failed with its counts. A failed
 * run is logged and returned, never thrown: the caller decides about retries. Each run ends with
 * one log line carrying its fields (runId, the sync_runs row, job, status, rows, durationMs,
 * error; a failure's stack too).
 */
export async function runJob(job: JobDefinition, ctx: JobContext): Promise<JobRun> {
  const started = performance.now();
  const log = ctx.log.child(job.name);
  const provider = job.kind ? ctx.providers.sources[job.kind] : null;
  const [row] = await ctx.db.db
    .insert(syncRuns)
    .values({ job: job.name, provider, status: "running" })
    .returning({ id: syncRuns.id });

  const finish = async (status: SyncRunStatus, result: JobResult, error: string | null): Promise<JobRun> => {
    await ctx.db.db
      .update(syncRuns)
      .set({
        status,
        finishedAt: new Date(),
        rowsRead: result.rowsRead,
        rowsWritten: result.rowsWritten,
        rowsRejected: result.rowsRejected,
        error,
        details: trimDetails(result.details),
      })
      .where(eq(syncRuns.id, row.id));
    return {
      id: row.id,
      job: job.name,
      status,
      rowsRead: result.rowsRead,
      rowsWritten: result.rowsWritten,
      rowsRejected: result.rowsRejected,
      error,
      durationMs: Math.round(performance.now() - started),
      next: status === "failed" ? [] : (result.next ?? []),
    };
  };

  try {
    const jobCtx = { ...ctx, log };
    // The versions move with the data: in the job's transaction, or right after a job that
    // commits in steps.
    const result = job.transactional
      ? await ctx.db.transaction(async (tx) => {
          const result = await job.run({ ...jobCtx, db: tx });
          await bumpDataVersions(tx, changedScopes(result));
          return result;
        })
      : await job.run(jobCtx).then(async (result) => {
          await bumpDataVersions(ctx.db, changedScopes(result));
          return result;
        });
    const status = result.outcome === "skipped" ? "skipped" : "ok";
    const run = await finish(status, result, result.outcome === "skipped" ? (result.reason ?? null) : null);
    const summary = `${run.rowsRead} read, ${run.rowsWritten} written, ${run.rowsRejected} rejected`;
    if (status === "skipped") log.info(`skipped: ${result.reason ?? ""}`, runFields(run));
    else
      log.info(`ok in ${run.durationMs} ms (${summary})${result.reason ? `: ${result.reason}` : ""}`, runFields(run));
    return run;
  } catch (error) {
    const message = ctx.signal.aborted ? `abandoned: ${String(ctx.signal.reason ?? "stopped")}` : describeError(error);
    const durationMs = Math.round(performance.now() - started);
    const failed = {
      id: row.id,
      job: job.name,
      status: "failed" as const,
      rowsRead: 0,
      rowsWritten: 0,
      rowsRejected: 0,
      durationMs,
      error: message,
    };
    // A bug's stack goes into the line; a provider's refusal or an abandoned run says all in its message.
    const unexpected = error instanceof Error && !(error instanceof ProviderError) && !ctx.signal.aborted;
    log.error(`failed: ${message}`, { ...runFields(failed), ...(unexpected ? { err: error } : {}) });
    // A job that commits in steps may have committed some before it failed.
    if (!job.transactional) await bumpDataVersions(ctx.db, ["data"]).catch(() => undefined);
    const empty: JobResult = { outcome: "ok", rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
    return finish("failed", empty, message);
  }
}

/** What a run changed: what it says, else `data` when it wrote anything. */
function changedScopes(result: JobResult): readonly DataScope[] {
  if (result.changed) return result.changed;
  return result.rowsWritten > 0 ? ["data"] : [];
}

/** The longest a run may take; pg-boss gives a job up after this long too. */
export const RUN_EXPIRY_MS = 30 * 60_000;

/**
 * Marks runs left 'running' by a worker that was killed as failed. PGlite has one process, so
 * every such row at start-up is stale; on Postgres other workers may be running, so only rows
 * older than the longest a run may take count.
 */
export async function markInterruptedRuns(db: JobDb): Promise<number> {
  const conditions = [eq(syncRuns.status, "running")];
  if (db.driver === "postgres") conditions.push(lt(syncRuns.startedAt, new Date(Date.now() - RUN_EXPIRY_MS)));
  const rows = await db.db
    .update(syncRuns)
    .set({ status: "failed", finishedAt: sql`now()`, error: "interrupted: the worker stopped before the run finished" })
    .where(and(...conditions))
    .returning({ id: syncRuns.id });
  return rows.length;
}
