/**
 * "Needs review": a match preview whose pick contradicts the numbers the site has. The Studio
 * warns with these rules while an editor writes (a validation warning, never an error: editors
 * may disagree with the model, knowingly), stores the outcome in the document's
 * `requiresReview` flag when it is published, and /api-status lists the flagged fixtures.
 *
 * The pick judged is the one the site would show (shared/domain/resolution.ts: editorial fields
 * over the algorithm's, field by field), so a preview that only sets a projected score is judged
 * with the algorithm's 1X2 pick.
 */
import { pickProbability, type OutcomeProbabilities } from "../domain/parlay-probability";
import { parseScore, readResultCode, resultOfScore, type ResultCode } from "../domain/picks";
import { lockablePick, readConfidence, type PickContent } from "../domain/resolution";

/** The best pick's model probability under this (0 to 1) needs review. */
export const REVIEW_MIN_PROBABILITY = 0.4;
/** An editor's confidence further than this many points from the model's probability needs review. */
export const REVIEW_MAX_CONFIDENCE_GAP = 20;

export type ReviewRule = "low-probability" | "confidence-gap" | "score-contradicts-result";

export interface ReviewReason {
  rule: ReviewRule;
  message: string;
}

export interface ReviewInput {
  editorial: PickContent | null;
  /** The algorithm's prediction, as resolvePick reads it. */
  prediction: PickContent | null;
  /** The model's calibrated probabilities (0 to 1); null when the model has none for the match. */
  probabilities: OutcomeProbabilities | null;
  homeTeam: string;
  awayTeam: string;
}

const RESULT_WORDS: Record<ResultCode, string> = { "1": "a home win", X: "a draw", "2": "an away win" };
const percent = (probability: number) => Math.round(probability * 1000) / 10;

/** Why a preview needs review; empty when it does not (or when there is no pick to judge). */
export function reviewReasons(input: ReviewInput): ReviewReason[] {
  const pick = lockablePick({ editorial: input.editorial, prediction: input.prediction });
  if (!pick) return [];
  const reasons: ReviewReason[] = [];
  const probability = pickProbability(pick.bestPick, input.homeTeam, input.awayTeam, input.probabilities);
  if (probability !== null && probability < REVIEW_MIN_PROBABILITY) {
    reasons.push({
      rule: "low-probability",
      message: `The model gives “${pick.bestPick}” ${percent(probability)}%, under ${REVIEW_MIN_PROBABILITY * 100}%`,
    });
  }
  const editorConfidence = readConfidence(input.editorial?.confidence);
  if (probability !== null && editorConfidence !== null && editorConfidence > 0) {
    const gap = Math.abs(editorConfidence - probability * 100);
    if (gap > REVIEW_MAX_CONFIDENCE_GAP) {
      reasons.push({
        rule: "confidence-gap",
        message: `The confidence of ${editorConfidence}% is ${Math.round(gap)} points from the model's calibrated ${percent(probability)}% (more than ${REVIEW_MAX_CONFIDENCE_GAP})`,
      });
    }
  }
  const score = parseScore(pick.projectedScore);
  const result = readResultCode(pick.result);
  if (score && result && resultOfScore(score) !== result) {
    reasons.push({
      rule: "score-contradicts-result",
      message: `The projected score ${pick.projectedScore} is ${RESULT_WORDS[resultOfScore(score)]}, but the 1X2 pick is ${result} (${RESULT_WORDS[result]})`,
    });
  }
  return reasons;
}
