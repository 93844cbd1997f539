/**
 * The algorithm's stored prediction as the resolution order reads it (PickContent): one mapping,
 * used by the pages (web/app/features/match/match-card.server.ts) and by the lock at kick-off
 * (sync-worker/jobs/lock-picks.ts), so both resolve the same input. Pure, no I/O.
 */
import type { ConfidenceValue, PickContent } from "./resolution";

/** The pick columns of a stored prediction (the predictions table, or its raw SQL row). */
export interface PredictionPicks {
  bestPick: string;
  confidence: ConfidenceValue;
  resultPick: string;
  overUnderPick: string;
  bttsPick: string;
  bttsConfidence: ConfidenceValue;
  projectedHomeScore: number;
  projectedAwayScore: number;
}

export function predictionPickContent(row: PredictionPicks | null | undefined): PickContent | null {
  if (!row) return null;
  return {
    bestPick: row.bestPick,
    confidence: row.confidence,
    result: row.resultPick,
    overUnder: row.overUnderPick,
    btts: row.bttsPick,
    bttsConfidence: row.bttsConfidence,
    projectedScore: `${row.projectedHomeScore}-${row.projectedAwayScore}`,
  };
}
