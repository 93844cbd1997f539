/**
 * What every job run needs, built once per process: the database, the one clock, the providers
 * as configured, the editorial content, the log, the sync settings and the metrics the
 * schedulers record runs in.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Clock } from "@shared/config/clock";
import type { Env } from "@shared/config/env";
import type { Content } from "@shared/content/content";
import { openContent } from "@shared/content/open-content";
import type { DbHandle } from "@shared/db";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { jobDbOf } from "./jobs/job-db";
import type { JobContext, ProgressReporter, SyncSettings } from "./jobs/types";
import type { Logger } from "./log";
import type { WorkerMetrics } from "./metrics";
import { createProviderSet } from "./providers/provider-set";
import type { ProviderSet } from "./providers/types";

export interface WorkerServices {
  db: DbHandle;
  clock: Clock;
  providers: ProviderSet;
  content: Content;
  log: Logger;
  settings: SyncSettings;
  /** Where the schedulers record runs (sync-worker/metrics.ts); unset, nowhere. */
  metrics?: WorkerMetrics;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function syncSettingsFrom(env: Env, overrides: Partial<SyncSettings> = {}): SyncSettings {
  return {
    backfillSeasons: env.BACKFILL_SEASONS,
    fullBackfill: false,
    leagues: LEAGUE_KEYS,
    footballDataDir: env.FOOTBALL_DATA_DIR ? path.resolve(env.FOOTBALL_DATA_DIR) : null,
    ...overrides,
  };
}

export function createWorkerServices(options: {
  env: Env;
  db: DbHandle;
  clock: Clock;
  log: Logger;
  settings?: Partial<SyncSettings>;
  metrics?: WorkerMetrics;
}): WorkerServices {
  const { env, db, clock, log } = options;
  return {
    db,
    clock,
    log,
    metrics: options.metrics,
    providers: createProviderSet({ env, clock, log }),
    // Uncached: a pick is locked from the document as published at that moment.
    content: openContent(env, ROOT, { cache: { maxAgeMs: 0 }, warn: (message) => log.warn(message) }),
    settings: syncSettingsFrom(env, options.settings),
  };
}

export function jobContext(services: WorkerServices, signal: AbortSignal, progress?: ProgressReporter): JobContext {
  return {
    db: jobDbOf(services.db),
    clock: services.clock,
    providers: services.providers,
    content: services.content,
    log: services.log,
    signal,
    settings: services.settings,
    progress,
  };
}
