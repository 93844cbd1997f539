/**
 * "Needs review": a match preview whose pick contradicts the numbers the site has. The Studio
 * warns with these rules while an editor writes (a validation warning, never an error: editors
 * may disagree with the model, knowingly), stores the outcome in the document's
 * `requiresReview` flag when it is published, and /api-status lists the flagged fixtures.
 *
 * The rules: the best pick's model probability under 40%; the editor's confidence more than 20
 * points from it; a projected score that is not the 1X2 pick's result; a best pick that names a
 * winner (or a draw) other than the 1X2 pick's.
 *
 * The pick judged is the one the site would show (shared/domain/resolution.ts: editorial fields
 * over the algorithm's, field by field), so a preview that only sets a projected score is judged
 * with the algorithm's 1X2 pick. Which club a best pick names is read as the site settles it
 * (classifyPick), so the names passed should include the registry's aliases.
 */
import { pickProbability, type OutcomeProbabilities } from "../domain/parlay-probability";
import {
  classifyPick,
  parseScore,
  readResultCode,
  resultOfScore,
  type ResultCode,
  type TeamNames,
} from "../domain/picks";
import { lockablePick, readConfidence, type PickContent } from "../domain/resolution";
import { pickNamesOf } from "../domain/teams/registry";
import type { Team } from "../domain/teams/types";

/** The best pick's model probability under this (0 to 1) needs review. */
export const REVIEW_MIN_PROBABILITY = 0.4;
/** An editor's confidence further than this many points from the model's probability needs review. */
export const REVIEW_MAX_CONFIDENCE_GAP = 20;

export type ReviewRule = "low-probability" | "confidence-gap" | "score-contradicts-result" | "pick-contradicts-result";

/** The field of a match preview a reason is about: where the Studio shows its warning. */
export type ReviewField = "bestPick" | "confidence" | "projectedScore" | "result";

export interface ReviewReason {
  rule: ReviewRule;
  field: ReviewField;
  message: string;
}

export interface ReviewInput {
  editorial: PickContent | null;
  /** The algorithm's prediction, as resolvePick reads it. */
  prediction: PickContent | null;
  /** The model's calibrated probabilities (0 to 1); null when the model has none for the match. */
  probabilities: OutcomeProbabilities | null;
  /** The names a pick text may use for each club, display name first (the registry's pickNamesOf). */
  homeTeam: TeamNames;
  awayTeam: TeamNames;
}

/**
 * The names a pick text may use for a club, for ReviewInput: the name the caller shows, then the
 * registry's names and aliases (as the ledger settles picks), so "Palace to Win" names Crystal Palace.
 */
export function clubPickNames(name: string | null, team: Team | null): string[] {
  return [...new Set([...(name ? [name] : []), ...(team ? pickNamesOf(team) : [])])];
}

const RESULT_WORDS: Record<ResultCode, string> = { "1": "a home win", X: "a draw", "2": "an away win" };
const percent = (probability: number) => Math.round(probability * 1000) / 10;
const resultText = (code: ResultCode) => `${code} (${RESULT_WORDS[code]})`;

/**
 * Why a preview needs review; empty when it does not (or when there is no pick to judge). Each
 * reason names the field it is about, and says which values are the algorithm's: a field the
 * editor left empty shows the algorithm's value on the site, and the message says so rather
 * than speak of it as the editor's choice.
 */
export function reviewReasons(input: ReviewInput): ReviewReason[] {
  const pick = lockablePick({ editorial: input.editorial, prediction: input.prediction });
  if (!pick) return [];
  const editorial = input.editorial ?? {};
  const quoted = `“${pick.bestPick}”`;
  const editorsPick = pick.source === "editorial";
  const editorsScore = parseScore(editorial.projectedScore) !== null;
  const editorsResult = readResultCode(editorial.result) !== null;
  const reasons: ReviewReason[] = [];

  const probability = pickProbability(pick.bestPick, input.homeTeam, input.awayTeam, input.probabilities);
  if (probability !== null && probability < REVIEW_MIN_PROBABILITY) {
    const under = `${percent(probability)}%, under ${REVIEW_MIN_PROBABILITY * 100}%`;
    reasons.push({
      rule: "low-probability",
      field: "bestPick",
      message: editorsPick
        ? `The model gives ${quoted} ${under}`
        : `The best pick is left empty, so the site shows the algorithm's ${quoted}, which the model gives ${under}`,
    });
  }

  const editorConfidence = readConfidence(editorial.confidence);
  if (probability !== null && editorConfidence !== null && editorConfidence > 0) {
    const gap = Math.abs(editorConfidence - probability * 100);
    if (gap > REVIEW_MAX_CONFIDENCE_GAP) {
      const forPick = editorsPick ? quoted : `the algorithm's ${quoted}, shown while the best pick is left empty`;
      reasons.push({
        rule: "confidence-gap",
        field: "confidence",
        message: `The confidence of ${editorConfidence}% is ${Math.round(gap)} points from the model's ${percent(probability)}% for ${forPick} (more than ${REVIEW_MAX_CONFIDENCE_GAP} apart)`,
      });
    }
  }

  const result = readResultCode(pick.result);
  /** "the 1X2 pick is 1 (a home win)", or the algorithm's when the editor left it empty. */
  const resultPhrase = (code: ResultCode) =>
    editorsResult
      ? `the 1X2 pick is ${resultText(code)}`
      : `the 1X2 pick is left empty, so the site shows the algorithm's: ${resultText(code)}`;

  const score = parseScore(pick.projectedScore);
  if (score && result && resultOfScore(score) !== result) {
    const scoreResult = RESULT_WORDS[resultOfScore(score)];
    if (editorsScore || !editorsResult) {
      const subject = editorsScore
        ? `The projected score ${pick.projectedScore} is ${scoreResult}`
        : `The projected score is left empty, so the site shows the algorithm's ${pick.projectedScore}, ${scoreResult}`;
      reasons.push({
        rule: "score-contradicts-result",
        field: "projectedScore",
        message: `${subject}, but ${resultPhrase(result)}`,
      });
    } else {
      reasons.push({
        rule: "score-contradicts-result",
        field: "result",
        message: `The 1X2 pick is ${resultText(result)}, but the projected score is left empty, so the site shows the algorithm's: ${pick.projectedScore} (${scoreResult})`,
      });
    }
  }

  // A best pick that names a winner, or a draw, says what the 1X2 pick says, or contradicts it.
  const named = classifyPick(pick.bestPick, input.homeTeam, input.awayTeam);
  if (named.kind === "result" && result && named.result !== result) {
    const subject = editorsPick
      ? `The best pick ${quoted} is ${RESULT_WORDS[named.result]}`
      : `The best pick is left empty, so the site shows the algorithm's ${quoted}, ${RESULT_WORDS[named.result]}`;
    reasons.push({
      rule: "pick-contradicts-result",
      field: "bestPick",
      message: `${subject}, but ${resultPhrase(result)}`,
    });
  }
  return reasons;
}
