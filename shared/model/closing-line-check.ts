/**
 * The public closing-line check (part of the odds check, odds-check.ts): the engine's walk-forward
 * picks of every match of the walk-forward seasons, each taken at the opening price it was made
 * against, held against the market's closing price of the same selection as the ledger holds
 * every locked pick (shared/ledger/closing-line.ts): the share that beat the close and the mean
 * closing-line value, by kind of pick and, for the best pick, by league. Pure figures; the worker's
 * odds-check job computes them (sync-worker/bench/odds-check-close.ts).
 */
import type { LeagueKey } from "../domain/leagues";
import type { ClosingLineRecord } from "./track-record";

/** The kinds of pick with quoted closing prices in the history (no both-teams-to-score prices there). */
export const CLOSING_CHECK_KINDS = ["best", "result", "over-under"] as const;
export type ClosingCheckKind = (typeof CLOSING_CHECK_KINDS)[number];

export interface ClosingLineCheckFigures {
  seasons: string[];
  /** Matches with a walk-forward forecast, an opening price and a closing price. */
  matches: number;
  byKind: Array<ClosingLineRecord & { kind: ClosingCheckKind }>;
  /** The best pick's record in each league, in the site's league order. */
  byLeague: Array<ClosingLineRecord & { league: LeagueKey }>;
  elapsedMs: number;
}
