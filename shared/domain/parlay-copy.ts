/**
 * Sharing a parlay (spec sections 7 and 9): the average confidence, the clipboard text with its
 * disclaimer, and the copy toasts. Used by the Parlay Builder dialog, which loads on first use.
 */
import { formatConfidence, roundTo } from "./format";
import type { ParlayPick } from "./parlay";
import { MINIMUM_WAGER_AGE } from "./site";

export const PARLAY_COPIED = "Parlay copied! Paste it into a text, email, or social post to share.";
export const PARLAY_COPY_FAILED = "Failed to copy parlay to clipboard.";
export const PARLAY_DISCLAIMER =
  `For entertainment purposes only: these are predictions, not guarantees, and not betting advice. ` +
  `${MINIMUM_WAGER_AGE}+ to wager. If you bet, bet responsibly.`;

/** The mean of the picks' confidences, rounded to one decimal (spec 9); 0 for no picks. */
export function averageConfidence(picks: readonly ParlayPick[]): number {
  if (picks.length === 0) return 0;
  return roundTo(picks.reduce((sum, pick) => sum + pick.confidence, 0) / picks.length, 1);
}

/**
 * The clipboard text (spec 7 and 9): numbered lines 'pick — matchup (Confidence: n%)', the
 * average confidence with one decimal, then the disclaimer and the site name. Empty for an
 * empty parlay, whose Copy button is disabled.
 */
export function parlayCopyText(picks: readonly ParlayPick[], siteName: string): string {
  if (picks.length === 0) return "";
  const lines = picks.map(
    (pick, index) => `${index + 1}. ${pick.pick} — ${pick.matchup} (Confidence: ${formatConfidence(pick.confidence)})`,
  );
  return [
    ...lines,
    `Average Confidence: ${averageConfidence(picks).toFixed(1)}%`,
    "",
    PARLAY_DISCLAIMER,
    siteName,
  ].join("\n");
}
