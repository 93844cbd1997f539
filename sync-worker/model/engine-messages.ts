/** The messages the worker and its engine thread exchange (engine-thread.ts, engine-client.ts). */
import type { MatchPrediction, ModelOptions, PlayedMatch, UpcomingMatch } from "../../shared/model";

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

export interface EngineRequest {
  id: number;
  /** Each step sees the finished matches kicked off before its asOf. */
  history: HistoryUpdate;
  /** In time order: each call starts from the fit the previous one left. */
  steps: readonly EngineStep[];
  options?: Partial<ModelOptions>;
}

export interface EngineStepResult {
  asOf: Date;
  predictions: MatchPrediction[];
  /** The call started from the fit the previous call left in the thread. */
  warm: boolean;
  durationMs: number;
}

export type EngineResponse = { id: number; results: EngineStepResult[] } | { id: number; error: { name: string; message: string } };
