/**
 * From the published probabilities of a match to what the product stores and shows: the grid
 * adjusted to those probabilities, expected goals, the three tracked picks in the spec's texts
 * with their calibrated probabilities, the best pick, its confidence and the projected score.
 */
import { roundTo } from "../domain/format";
import {
  bttsPickText,
  DEFAULT_OVER_UNDER,
  overUnderLong,
  resultPickText,
  type BttsCode,
  type ResultCode,
} from "../domain/picks";
import { rakeGrid } from "./grid-raking";
import { expectedGoals, mostLikelyScore, type ScorelineGrid } from "./scoreline-grid";
import type { PickProbabilities } from "./blend";
import type { MarketView } from "./signals";
import type { MarketProbabilities, MatchPrediction, TrackedPick, UpcomingMatch } from "./types";

const RESULT_CODES: readonly ResultCode[] = ["1", "X", "2"];

export function confidenceOf(probability: number): number {
  return roundTo(100 * probability, 1);
}

export interface PredictionParts {
  match: UpcomingMatch;
  modelVersion: string;
  published: MarketProbabilities;
  /** The calibrated probability of each tracked pick made from `published`. */
  pickProbabilities: PickProbabilities;
  modelOnly: MarketProbabilities;
  market: MarketView | null;
  /** The goals model's grid: the shape the published grid keeps. */
  goalsGrid: ScorelineGrid;
}

export function buildPrediction(parts: PredictionParts): MatchPrediction {
  const { match, published, pickProbabilities } = parts;
  const grid = rakeGrid(parts.goalsGrid, {
    result: [published.home, published.draw, published.away],
    over25: published.over25,
    btts: published.btts,
  });

  const resultProbabilities = [published.home, published.draw, published.away];
  const resultIndex = resultProbabilities.indexOf(Math.max(...resultProbabilities));
  const code = RESULT_CODES[resultIndex];
  const resultPrices = match.resultOdds ? [match.resultOdds.home, match.resultOdds.draw, match.resultOdds.away] : null;
  const pick = (
    kind: TrackedPick["kind"],
    text: string,
    probability: number,
    odds: number | null | undefined,
  ): TrackedPick => ({
    kind,
    text,
    probability,
    confidence: confidenceOf(probability),
    odds: typeof odds === "number" && Number.isFinite(odds) && odds > 1 ? odds : null,
  });

  const resultPick = pick(
    "result",
    resultPickText(code, match.homeTeam, match.awayTeam),
    pickProbabilities.result,
    resultPrices?.[resultIndex],
  );
  const side = published.over25 >= 0.5 ? "over" : "under";
  const overUnderPick = pick(
    "over-under",
    side === "over" ? DEFAULT_OVER_UNDER : overUnderLong("U2.5")!,
    pickProbabilities.overUnder,
    side === "over" ? match.overUnderOdds?.over : match.overUnderOdds?.under,
  );
  const bttsCode: BttsCode = published.btts >= 0.5 ? "YES" : "NO";
  const bttsPick = pick("btts", bttsPickText(bttsCode), pickProbabilities.btts, null);

  // On equal probabilities the earlier pick wins: result, then over/under, then BTTS.
  const bestPick = [resultPick, overUnderPick, bttsPick].reduce((best, p) =>
    p.probability > best.probability ? p : best,
  );

  return {
    matchId: match.id,
    league: match.league,
    kickoff: match.kickoff,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    modelVersion: parts.modelVersion,
    probabilities: published,
    modelOnly: parts.modelOnly,
    market: parts.market,
    expectedGoals: expectedGoals(grid),
    projectedScore: mostLikelyScore(grid, code),
    grid: Array.from(grid),
    picks: {
      result: { ...resultPick, code },
      overUnder: { ...overUnderPick, side },
      btts: { ...bttsPick, code: bttsCode },
    },
    bestPick,
    confidence: bestPick.confidence,
  };
}
