/** The messages the worker and its engine thread exchange (engine-thread.ts, engine-client.ts). */
import type { MatchPrediction, ModelOptions, PlayedMatch, UpcomingMatch } from "@shared/model";

/** One engine call: the upcoming matches as of an instant. */
export interface EngineStep {
  asOf: Date;
  upcoming: readonly UpcomingMatch[];
}

/**
 * Finished matches by league season ("premier-league|2425"). The thread keeps them between calls,
 * so a call sends only the seasons that changed: `seasons` replaces those it names, and the
 * thread forgets any season not in `keep`.
 */
export interface HistoryUpdate {
  seasons: Record<string, readonly PlayedMatch[]>;
  keep: readonly string[];
}

export interface PredictRequest {
  kind: "predict";
  id: number;
  /** Each step sees the finished matches kicked off before its asOf. */
  history: HistoryUpdate;
  /** In time order: each call starts from the fit the previous one left. */
  steps: readonly EngineStep[];
  options?: Partial<ModelOptions>;
}

/**
 * A stored state for a new thread (engine-state.ts payloads). The seasons are taken at once (only
 * those named in `validSeasons`); the fit is checked against the history of the next predict
 * call, and used only if the results it learnt from are still there, unchanged.
 */
export interface RestoreRequest {
  kind: "restore";
  id: number;
  fit: Uint8Array | null;
  seasons: Uint8Array | null;
  validSeasons: readonly string[];
  options?: Partial<ModelOptions>;
}

/**
 * The thread's state to store: the fit (unless what it learnt from is `unlessFittedThrough`, the
 * stored one's: then only its description comes back) and the named seasons it holds.
 */
export interface SnapshotRequest {
  kind: "snapshot";
  id: number;
  unlessFittedThrough: string | null;
  seasons: readonly string[] | null;
}

export type EngineRequest = PredictRequest | RestoreRequest | SnapshotRequest;

/** What became of a restored fit at the first call after it. */
export interface RestoredFit {
  adopted: boolean;
  /** Why it was not used. */
  reason?: string;
}

export interface EngineStepResult {
  asOf: Date;
  predictions: MatchPrediction[];
  /** The call started from a fit: the previous call's, or one restored from storage. */
  warm: boolean;
  durationMs: number;
  /** On the first call after a restore: whether the stored fit was used. */
  restored?: RestoredFit;
}

export interface RestoreResult {
  /** The league seasons the thread now holds. */
  seasons: string[];
  /** A stored fit is waiting for the next call (which checks it against the history), or why there is none. */
  fit: { pending: true } | { pending: false; reason: string };
}

export interface EngineSnapshot {
  /** What the thread's fit has learnt from (engine-state.ts describeLearnt); null without a fit. */
  fittedThrough: string | null;
  /** The encoded fit; null without a fit, or when it had learnt from what `unlessFittedThrough` said. */
  fit: Uint8Array | null;
  /** The encoded seasons asked for (those the thread holds), or null when none were asked for. */
  seasons: Uint8Array | null;
}

export type EngineResponse =
  | { id: number; results: EngineStepResult[] }
  | { id: number; restored: RestoreResult }
  | { id: number; snapshot: EngineSnapshot }
  | { id: number; error: { name: string; message: string } };
