/**
 * The contract of a sync job.
 *
 * - A job is a plain object: a name, a cadence (when the schedulers run it) and `run(ctx)`.
 * - `run` reads providers and the database through `ctx`, writes with idempotent upserts keyed by
 *   provider ids or the natural key, and returns what it did. Running it twice in a row writes
 *   nothing the second time (rowsWritten 0). It throws on failure; it never half-writes:
 *   a `transactional` job runs inside one transaction (ctx.db is that transaction), and a job
 *   that commits in steps (the backfill, one transaction per league season) keeps every step
 *   complete on its own.
 * - A job with nothing to do by design (no provider configured for its kind, no live match, no
 *   prediction engine) returns outcome 'skipped' with a reason: the run log says so.
 * - `ctx.signal` fires on shutdown (SIGTERM): a job checks it between steps and throws, so the
 *   current transaction rolls back and the database stays consistent.
 * - `runJob` (run-job.ts) wraps every run in the sync-run log: a `sync_runs` row marked running,
 *   then ok, skipped or failed with rows read, written, rejected and the error.
 */
import type { SQL } from "drizzle-orm";
import type { Clock } from "@shared/config/clock";
import type { Content } from "@shared/content/content";
import type { DataKind } from "@shared/config/data-sources";
import type { Database, Driver } from "@shared/db";
import type { DataScope } from "@shared/db/data-versions";
import type { LeagueKey } from "@shared/domain/leagues";
import type { Logger } from "../log";
import type { ProviderSet } from "../providers/types";

/** The database as a job sees it: the drizzle API and raw SQL, possibly inside a transaction. */
export interface JobDb {
  readonly driver: Driver;
  /** Drizzle on the connection, or on the transaction the job runs in. */
  readonly db: Database;
  /** Raw SQL returning plain rows on both drivers (numeric values come back as strings). */
  execute<Row = Record<string, unknown>>(query: SQL | string): Promise<Row[]>;
  /** Runs `fn` in a transaction (a savepoint when already inside one); throwing rolls it back. */
  transaction<T>(fn: (tx: JobDb) => Promise<T>): Promise<T>;
}

/** Settings of a sync run (from the environment or the command line). */
export interface SyncSettings {
  /** Seasons the backfill keeps, counting back from the current one (BACKFILL_SEASONS). */
  backfillSeasons: number;
  /** Re-import seasons the backfill finished before (the command line's --full). */
  fullBackfill: boolean;
  leagues: readonly LeagueKey[];
  /** A local copy of the football-data.co.uk files (FOOTBALL_DATA_DIR): the odds check's history. */
  footballDataDir?: string | null;
}

/** Progress of a long job: `done` of `total` steps, the step just finished. */
export type ProgressReporter = (done: number, total: number, label: string) => void;

export interface JobContext {
  db: JobDb;
  clock: Clock;
  providers: ProviderSet;
  /** Editorial content, published documents only (pick locking reads the match previews). */
  content: Content;
  log: Logger;
  signal: AbortSignal;
  settings: SyncSettings;
  progress?: ProgressReporter;
}

export interface JobResult {
  outcome: "ok" | "skipped";
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  /** Why the job was skipped, or a one-line summary. */
  reason?: string;
  /** Anything worth keeping in the run log: rejected rows (the first ones), per-league counts... */
  details?: Record<string, unknown>;
  /** Jobs the schedulers run right after this one because of what it found (standings after new results). */
  next?: readonly string[];
  /**
   * The scopes of data the run changed (shared/db/data-versions.ts), bumped with its writes.
   * Unset: `data` when it wrote rows. The live job says `live`, plus `data` when a match
   * started or ended.
   */
  changed?: readonly DataScope[];
}

export interface Cadence {
  /** For people: "every 15 s while a match is live". */
  description: string;
  /** Cron expressions (UTC) of the pg-boss schedules in the separate worker; empty: never scheduled. */
  cron: readonly string[];
  /** Interval of the in-process timer in the embedded worker (wall time, ms); 0: never on a timer. */
  everyMs: number;
  /**
   * Within one scheduled run, run again this often while `due` holds (pg-boss cron has a
   * resolution of one minute; live data wants 15 s).
   */
  repeatEveryMs?: number;
  /** Checked before each timed run; false skips it without a run-log row (cheap, read-only). */
  due?(ctx: Pick<JobContext, "db" | "clock">): Promise<boolean>;
}

export interface JobDefinition {
  name: string;
  description: string;
  cadence: Cadence;
  /** The kind of data the job syncs: the run log names the provider configured for it. */
  kind?: DataKind;
  /** True: runJob runs `run` in one transaction. False: the job commits in complete steps itself. */
  transactional: boolean;
  /**
   * The job works in a thread of its own on files, not on the database (a statement or two to
   * read and store its result): the in-process scheduler runs it beside the queue, one such job
   * at a time, rather than after every job queued before it. On a fresh install the odds check's
   * minutes of CPU then overlap the backfill and the first fit on the second core.
   */
  besideQueue?: boolean;
  run(ctx: JobContext): Promise<JobResult>;
}

/** A result with nothing done, to add counts to. */
export function emptyResult(): JobResult {
  return { outcome: "ok", rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
}

export function skipped(reason: string): JobResult {
  return { ...emptyResult(), outcome: "skipped", reason };
}

/** Thrown by a job that stopped because ctx.signal fired. */
export class JobAbortedError extends Error {
  constructor(reason: string) {
    super(`abandoned: ${reason}`);
    this.name = "JobAbortedError";
  }
}

/** Throws JobAbortedError when the signal has fired; call between steps. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new JobAbortedError(String(signal.reason ?? "stopped"));
}
