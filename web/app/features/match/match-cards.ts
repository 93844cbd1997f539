/** The spec's texts of match cards and the match hero, shown on every page that lists matches. */
import { formatConfidence } from "@shared/domain/format";
import type { Resolution } from "@shared/domain/resolution";

export const matchBreadcrumb = (home: string, away: string) => `${home} vs ${away} Prediction`;
export const FINAL_SCORE_TEXT = "Final Score";
export const LIVE_BADGE_TEXT = "LIVE";
export const VS_TEXT = "VS";
export const FULL_ANALYSIS_TEXT = "View Full Match Analysis";
/** The badge on a match played away from its round's dates, and what it means for screen readers. */
export const MOVED_MATCH_TEXT = "Moved";
export const MOVED_MATCH_DETAIL = "Rescheduled: played away from this round's dates";

export const confidenceText = (label: string) => `Confidence ${label}`;
/** Spec 4: "completed matches show confidence 100%": the result is certain, not the pick. */
export const finalConfidenceText = (label: string) => `Final · ${label}`;
/** The figure stays on the line of its words (a no-break space) where the text wraps. */
export const preMatchConfidenceText = (confidence: number) =>
  `Pre-match confidence\u00a0${formatConfidence(confidence)}`;

export interface PickConfidenceTexts {
  /** 'Confidence 72%' before and during the match, 'Final · 100%' after it; null for 'Coming Soon'. */
  confidence: string | null;
  /** After the match, the confidence the pick was locked with, shown beside HIT or MISS. */
  preMatch: string | null;
}

/**
 * The confidence a pick shows. A finished match shows the spec's 100% labelled as the final
 * result's, and beside HIT or MISS the confidence the pick was made with before kick-off, so
 * that 100% beside a MISS never reads as the pick's own confidence.
 */
export function pickConfidenceTexts(
  resolution: Pick<Resolution, "source" | "isComingSoon" | "confidenceLabel" | "pickConfidence">,
  pickConfidence: number | null = resolution.pickConfidence,
): PickConfidenceTexts {
  if (resolution.isComingSoon) return { confidence: null, preMatch: null };
  if (resolution.source === "final") {
    return {
      confidence: finalConfidenceText(resolution.confidenceLabel),
      preMatch: pickConfidence === null ? null : preMatchConfidenceText(pickConfidence),
    };
  }
  return {
    confidence: pickConfidence === null ? null : confidenceText(formatConfidence(pickConfidence)),
    preMatch: null,
  };
}
