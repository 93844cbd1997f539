/**
 * The resolution order: which pick, score and confidence a match shows, and whether its picks
 * hit. One pure function for every page, API endpoint, the parlay builder and the settlement
 * job (ARCHITECTURE.md, "The resolution order"):
 *
 * 1. Final score when the match is over: the score is final, confidence shows 100%, and hit or
 *    miss is judged on the pick locked before kick-off (the ledger row), never on content
 *    edited since.
 * 2. The editorial document for the match. Published or draft is the caller's choice: it
 *    passes the draft in preview and the published document otherwise.
 * 3. The algorithm's prediction stored by the worker.
 * 4. 'Coming Soon', also when the confidence that applies is 0.
 *
 * Editorial fields override the algorithm field by field: a blank, dash or 'Coming Soon'
 * editorial field, or a missing editorial confidence, falls through to the algorithm's. An
 * editorial confidence of 0 does not fall through: it is the confidence that applies, so the
 * match shows 'Coming Soon' (spec 4: "confidence 0 shows 'Coming Soon'"), which is how an editor
 * holds a pick back. A confidence belongs to the pick it was given for: an editorial best pick
 * without its own confidence does not borrow the algorithm's confidence for a different pick,
 * and takes DEFAULT_CONFIDENCE instead.
 */
import { formatConfidence } from "./format";
import {
  bttsPickText,
  COMING_SOON,
  formatScore,
  meaningfulPickText,
  overUnderLong,
  overUnderShort,
  parseScore,
  readBttsCode,
  readResultCode,
  resultPickText,
  scoreOrDefault,
  settlePick,
  type BttsCode,
  type MatchState,
  type PickOutcome,
  type ResultCode,
  type Score,
  type TeamNames,
} from "./picks";

export type PickSource = "editorial" | "algorithm";
export type ResolutionSource = "final" | PickSource | "coming-soon";

/**
 * Spec 9: "Default confidence 85 if missing on a match record". It applies to a pick that
 * exists without any confidence of its own (an editor wrote a best pick and left the
 * confidence empty, or a prediction row lacks one), never to a match without a pick and never
 * to an explicit 0, which means 'Coming Soon'.
 */
export const DEFAULT_CONFIDENCE = 85;
export const FINAL_CONFIDENCE = 100;

/** Confidences arrive as numbers or numeric text (spec 3, Match record). */
export type ConfidenceValue = number | string | null | undefined;

/** The pick fields an editorial document or an algorithm prediction may carry. */
export interface PickContent {
  bestPick?: string | null;
  projectedScore?: string | null;
  confidence?: ConfidenceValue;
  result?: string | null;
  overUnder?: string | null;
  btts?: string | null;
  bttsConfidence?: ConfidenceValue;
}

/** What the ledger freezes at kick-off: the shown best pick and the three tracked picks. */
export interface LockedPick {
  bestPick: string;
  result: ResultCode | null;
  /** Short form, e.g. 'O2.5'. */
  overUnder: string | null;
  btts: BttsCode | null;
  confidence: number;
  bttsConfidence: number | null;
  projectedScore: string | null;
  /** Where the best pick came from. */
  source: PickSource;
}

export interface ResolutionInput {
  match: {
    state: MatchState;
    homeTeam: TeamNames;
    awayTeam: TeamNames;
    finalScore?: Score | null;
    liveScore?: Score | null;
  };
  editorial?: PickContent | null;
  prediction?: PickContent | null;
  /** The ledger row, once the match has kicked off. */
  locked?: LockedPick | null;
}

export interface ResolvedPick {
  text: string;
  outcome: PickOutcome;
}

export interface ResolvedCodedPick<Code extends string> extends ResolvedPick {
  code: Code | null;
}

export interface Resolution {
  source: ResolutionSource;
  /** Where the shown best pick came from; null when there is none. */
  pickSource: PickSource | null;
  /** The shown pick is the ledger row frozen at kick-off. */
  isLocked: boolean;
  isComingSoon: boolean;
  /** The best pick text, or 'Coming Soon'. */
  bestPick: string;
  /** The final score when the match is over, otherwise the projected score ("2-1"). */
  score: string | null;
  projectedScore: string | null;
  /** Only while live; 0-0 until the first live score arrives. */
  liveScore: Score | null;
  confidence: number;
  /** "100%", "72%" or 'Coming Soon'. */
  confidenceLabel: string;
  /**
   * The confidence the shown pick was made with (the locked one once kicked off); null without
   * a pick. Unlike `confidence`, it stays the pre-match figure after the final whistle.
   */
  pickConfidence: number | null;
  bttsConfidence: number | null;
  picks: {
    best: ResolvedPick;
    result: ResolvedCodedPick<ResultCode>;
    overUnder: ResolvedCodedPick<string>;
    btts: ResolvedCodedPick<BttsCode>;
  };
}

/** A confidence from 0 to 100, or null when missing, unreadable or out of range. */
export function readConfidence(value: ConfidenceValue): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return null;
  return number >= 0 && number <= 100 ? number : null;
}

function positiveConfidence(value: ConfidenceValue): number | null {
  const confidence = readConfidence(value);
  return confidence !== null && confidence > 0 ? confidence : null;
}

function normalizedScore(text: string | null | undefined): string | null {
  const score = parseScore(text);
  return score && formatScore(score);
}

function samePickText(a: string, b: string | null): boolean {
  return b !== null && a.toLowerCase() === b.toLowerCase();
}

/**
 * The effective pick before kick-off (editorial over algorithm), as the worker freezes it
 * into the ledger; null when the match would show 'Coming Soon', so there is nothing to lock.
 */
export function lockablePick(input: Pick<ResolutionInput, "editorial" | "prediction">): LockedPick | null {
  const editorial = input.editorial ?? {};
  const prediction = input.prediction ?? {};

  const editorialBest = meaningfulPickText(editorial.bestPick);
  const algorithmBest = meaningfulPickText(prediction.bestPick);
  const bestPick = editorialBest ?? algorithmBest;
  if (bestPick === null) return null;
  const source: PickSource = editorialBest !== null ? "editorial" : "algorithm";

  const algorithmConfidence = readConfidence(prediction.confidence) ?? DEFAULT_CONFIDENCE;
  const confidence =
    readConfidence(editorial.confidence) ??
    (samePickText(bestPick, algorithmBest) ? algorithmConfidence : DEFAULT_CONFIDENCE);
  if (confidence === 0) return null;

  return {
    bestPick,
    result: readResultCode(editorial.result) ?? readResultCode(prediction.result),
    overUnder: overUnderShort(editorial.overUnder) ?? overUnderShort(prediction.overUnder),
    btts: readBttsCode(editorial.btts) ?? readBttsCode(prediction.btts),
    confidence,
    bttsConfidence: positiveConfidence(editorial.bttsConfidence) ?? positiveConfidence(prediction.bttsConfidence),
    projectedScore: normalizedScore(editorial.projectedScore) ?? normalizedScore(prediction.projectedScore),
    source,
  };
}

/**
 * Resolves what a match shows. A ledger row, when there is one, is the shown pick in every
 * state, so a pick edited after kick-off changes nothing. A finished match without a ledger
 * row (played before the ledger existed, or never locked) falls back to settling the
 * effective pick; the track record reads the ledger only, so that fallback never counts.
 * A finished match shows 100% even without a pick (spec 9: completed matches show 100%).
 */
export function resolvePick(input: ResolutionInput): Resolution {
  const { match } = input;
  const shown = input.locked ?? lockablePick(input);
  const isFinal = match.state === "post-match";
  const finalScore = match.finalScore ?? null;
  const outcomeOf = (text: string): PickOutcome => (isFinal ? settlePick(text, finalScore, match) : "pending");

  const trackedPick = <Code extends string>(
    code: Code | null,
    toText: (code: Code) => string | null,
  ): ResolvedCodedPick<Code> => {
    const text = code && toText(code);
    return code && text
      ? { code, text, outcome: outcomeOf(code) }
      : { code: null, text: COMING_SOON, outcome: "pending" };
  };
  const confidence = isFinal ? FINAL_CONFIDENCE : (shown?.confidence ?? 0);

  return {
    source: isFinal ? "final" : (shown?.source ?? "coming-soon"),
    pickSource: shown?.source ?? null,
    isLocked: Boolean(input.locked),
    isComingSoon: shown === null,
    bestPick: shown?.bestPick ?? COMING_SOON,
    score: isFinal ? finalScore && formatScore(finalScore) : (shown?.projectedScore ?? null),
    projectedScore: shown?.projectedScore ?? null,
    liveScore: match.state === "live" ? scoreOrDefault(match.liveScore) : null,
    confidence,
    confidenceLabel: isFinal || shown ? formatConfidence(confidence) : COMING_SOON,
    pickConfidence: shown?.confidence ?? null,
    bttsConfidence: shown?.bttsConfidence ?? null,
    picks: {
      best: { text: shown?.bestPick ?? COMING_SOON, outcome: shown ? outcomeOf(shown.bestPick) : "pending" },
      result: trackedPick(readResultCode(shown?.result), (code) =>
        resultPickText(code, match.homeTeam, match.awayTeam),
      ),
      overUnder: trackedPick(overUnderShort(shown?.overUnder), overUnderLong),
      btts: trackedPick(readBttsCode(shown?.btts), bttsPickText),
    },
  };
}
