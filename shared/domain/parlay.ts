/**
 * The Parlay Builder's list (spec sections 5, 7 and 8): what a pick in it is, the limit, the
 * storage key, and the list operations every surface shares. The rules for adding a pick and
 * the add button's states are in parlay-rules.ts, the copied text in parlay-copy.ts, and reading
 * the list back from browser storage in stored-parlay.ts. The site header uses this module on
 * every page, so it stays small and free of schema libraries. Every operation returns a new
 * list; storing it and announcing changes is the caller's job.
 */
import type { MatchState } from "./match-state";

export const MAX_PARLAY_PICKS = 10;
/** The session-storage key the list is kept under (spec 7). */
export const PARLAY_STORAGE_KEY = "parlay-picks";

export const PARLAY_ADD_FAILED = "Failed to add pick to parlay";
export const PARLAY_REMOVE_FAILED = "Failed to remove pick from parlay";
export const EMPTY_PARLAY_NOTICE =
  "Your Parlay Builder is empty — start by adding a pick from any match page. You can add up to 10 picks before sharing.";

export interface ParlayPick {
  id: string;
  pick: string;
  league: string;
  /** Percent, 0 to 100. */
  confidence: number;
  /** e.g. "Arsenal vs Chelsea". */
  matchup: string;
  homeTeam: string;
  awayTeam: string;
  matchState: MatchState;
  /** The match page, a site-relative path. */
  href?: string;
  /** The model's probability, 0 to 1, that this pick lands; absent when the model has none. */
  probability?: number;
}

export function removeFromParlay(picks: readonly ParlayPick[], id: string): ParlayPick[] {
  return picks.filter((pick) => pick.id !== id);
}

export function clearParlay(): ParlayPick[] {
  return [];
}

export function isInParlay(picks: readonly ParlayPick[], id: string): boolean {
  return picks.some((pick) => pick.id === id);
}
