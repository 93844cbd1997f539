/**
 * The public check of the season outlook, the live win probability and every scoreline: the scoring rules, the
 * naive baselines they are compared with, and the figures the worker stores (read_models,
 * `odds-check`) for /algo-results. The walk-forward that produces the forecasts is in
 * sync-worker/bench/odds-check.ts; everything here is pure.
 *
 * Definitions used throughout:
 * - Brier score of yes/no forecasts: the mean of (p − y)² over every forecast, y = 1 if it happened.
 * - Ranked probability score (RPS) of a 1X2 forecast: scoring-rules.ts (ordered home, draw, away).
 * - Expected calibration error (ECE) of 1X2 forecasts: every match gives three (probability,
 *   happened) pairs, one per outcome (home win, draw, away win); the 3·N pairs are put in 10
 *   equal-width bins of the probability ([0, 0.1), [0.1, 0.2) … [0.9, 1], reliability.ts), and
 *   ECE = Σ_bins (pairs in bin / 3·N) · |mean probability in bin − share that happened|.
 * - Improvement over a baseline: 1 − ours / baseline (0.31: our score is 31% lower, i.e. better).
 */
import { mulberry32 } from "./season-outlook-draws";
import { expectedCalibrationError, reliabilityBins, type ProbabilityOutcome, type ReliabilityBin } from "./reliability";
import type { ClosingLineCheckFigures } from "./closing-line-check";
import type { ScorelineCheckFigures } from "./scoreline-check";
import { rankedProbabilityScore } from "./scoring-rules";

export const ODDS_CHECK_MODEL_KEY = "odds-check";
/** Bump when the check's rules or the payload's shape change: the job then reruns it. */
export const ODDS_CHECK_VERSION = 4;

/** The season outlook must beat the baseline's Brier score by at least this share. */
export const OUTLOOK_BRIER_TARGET = 0.2;
/** The half-time forecast's expected calibration error must be at most this. */
export const LIVE_ECE_TARGET = 0.02;

export type OutlookProbabilityKey = "title" | "championsLeague" | "relegation";
export const OUTLOOK_PROBABILITY_KEYS: readonly OutlookProbabilityKey[] = ["title", "championsLeague", "relegation"];
export const OUTLOOK_PROBABILITY_LABELS: Record<OutlookProbabilityKey, string> = {
  title: "Title",
  championsLeague: "Champions League places",
  relegation: "Relegation",
};

/** Mean of (p − y)² over the forecasts; 0 when there are none. */
export function meanBrier(points: readonly ProbabilityOutcome[]): number {
  if (points.length === 0) return 0;
  return (
    points.reduce((sum, { probability, happened }) => sum + (probability - (happened ? 1 : 0)) ** 2, 0) / points.length
  );
}

/** 1 − ours / baseline; 0 when the baseline is perfect. */
export function improvement(ours: number, baseline: number): number {
  return baseline > 0 ? 1 - ours / baseline : 0;
}

/** Outcome index of a score: 0 home win, 1 draw, 2 away win. */
export function resultIndex(home: number, away: number): 0 | 1 | 2 {
  return home > away ? 0 : home === away ? 1 : 2;
}

/** The naive live rule: whoever leads at half-time wins (a draw when level), with certainty. */
export function halfTimeLeaderForecast(home: number, away: number): [number, number, number] {
  const forecast: [number, number, number] = [0, 0, 0];
  forecast[resultIndex(home, away)] = 1;
  return forecast;
}

/** The 3·N (probability, happened) pairs of 1X2 forecasts, one per outcome (see the module's comment). */
export function resultPairs(
  forecasts: ReadonlyArray<{ probabilities: readonly number[]; outcome: number }>,
): ProbabilityOutcome[] {
  return forecasts.flatMap(({ probabilities, outcome }) =>
    probabilities.map((probability, k) => ({ probability, happened: k === outcome })),
  );
}

/** ECE of 1X2 forecasts over the three outcomes, 10 equal-width bins (see the module's comment). */
export function resultCalibrationError(
  forecasts: ReadonlyArray<{ probabilities: readonly number[]; outcome: number }>,
): {
  ece: number;
  bins: ReliabilityBin[];
} {
  const bins = reliabilityBins(resultPairs(forecasts));
  return { ece: expectedCalibrationError(bins), bins };
}

/** Mean RPS of 1X2 forecasts. */
export function meanRps(forecasts: ReadonlyArray<{ probabilities: readonly number[]; outcome: number }>): number {
  if (forecasts.length === 0) return 0;
  return forecasts.reduce((sum, f) => sum + rankedProbabilityScore(f.probabilities, f.outcome), 0) / forecasts.length;
}

export interface BaselineTeam {
  teamId: number;
  points: number;
  played: number;
  remaining: number;
}

/** Position bands of a table, 1-based and inclusive. */
export interface OutlookBands {
  championsLeague: [number, number];
  relegation: [number, number];
}

export type OutlookProbabilities = Record<OutlookProbabilityKey, number>;

/**
 * The naive baseline of the season outlook: each team ends on its points so far plus its points
 * per game so far times its games left, with a normal spread whose variance is the games left
 * times the variance of points per game in the league so far (pooled over every result). Final
 * tables are drawn `simulations` times (seeded) and ranked on those points; the chances of the
 * title and of each band are counted as the outlook counts them.
 */
export function pointsPerGameBaseline(
  teams: readonly BaselineTeam[],
  pointsPerGameVariance: number,
  bands: OutlookBands,
  simulations: number,
  seed: number,
): Map<number, OutlookProbabilities> {
  const n = teams.length;
  const random = mulberry32(seed);
  const means = teams.map((t) => t.points + (t.played > 0 ? t.points / t.played : 0) * t.remaining);
  const spreads = teams.map((t) => Math.sqrt(Math.max(0, pointsPerGameVariance) * t.remaining));
  const counts = teams.map(() => ({ title: 0, championsLeague: 0, relegation: 0 }));
  const drawn = new Float64Array(n);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let s = 0; s < simulations; s++) {
    for (let i = 0; i < n; i++) {
      const r = Math.sqrt(-2 * Math.log(1 - random()));
      drawn[i] = means[i] + spreads[i] * r * Math.cos(2 * Math.PI * random());
    }
    order.sort((a, b) => drawn[b] - drawn[a] || a - b);
    order.forEach((team, p) => {
      const position = p + 1;
      if (position === 1) counts[team].title += 1;
      if (position >= bands.championsLeague[0] && position <= bands.championsLeague[1])
        counts[team].championsLeague += 1;
      if (position >= bands.relegation[0] && position <= bands.relegation[1]) counts[team].relegation += 1;
    });
  }
  return new Map(
    teams.map((t, i) => [
      t.teamId,
      {
        title: counts[i].title / simulations,
        championsLeague: counts[i].championsLeague / simulations,
        relegation: counts[i].relegation / simulations,
      },
    ]),
  );
}

/** The variance of points per game over every team-match of the results (3, 1 or 0 each). */
export function pointsPerGameVariance(results: ReadonlyArray<{ homeGoals: number; awayGoals: number }>): number {
  if (results.length === 0) return 0;
  let sum = 0;
  let squares = 0;
  for (const r of results) {
    const [home, away] = r.homeGoals > r.awayGoals ? [3, 0] : r.homeGoals < r.awayGoals ? [0, 3] : [1, 1];
    sum += home + away;
    squares += home * home + away * away;
  }
  const count = 2 * results.length;
  const mean = sum / count;
  return squares / count - mean * mean;
}

// ---------------------------------------------------------------------------------------------
// The stored figures.

export interface OutlookMetric {
  key: OutlookProbabilityKey;
  label: string;
  /** Mean Brier score of our probabilities over every team at every checkpoint. */
  ours: number;
  baseline: number;
  /** 1 − ours / baseline. */
  improvement: number;
  target: number;
  met: boolean;
  /** Our probabilities in 10 equal-width bins. */
  reliability: ReliabilityBin[];
}

export interface OutlookCheckFigures {
  /** Season codes ('1617' … '2425') checked, in order. */
  seasons: string[];
  /** Matchweeks after which the outlook was computed. */
  checkpoints: number[];
  /** League seasons checked, checkpoints computed (league seasons × checkpoints), team forecasts scored. */
  leagueSeasons: number;
  forecasts: number;
  teamForecasts: number;
  /** Simulated seasons per checkpoint, for ours and for the baseline. */
  simulations: number;
  metrics: OutlookMetric[];
  /** Wall time of the outlook part of the run. */
  elapsedMs: number;
}

export interface LiveCheckFigures {
  seasons: string[];
  /** Matches scored: those with a half-time score and a pre-match forecast. */
  matches: number;
  rps: { ours: number; preMatch: number; leaderRule: number };
  ece: number;
  eceTarget: number;
  met: boolean;
  reliability: ReliabilityBin[];
  elapsedMs: number;
}

export interface OddsCheckPayload {
  version: number;
  /** ISO instant the check ran. */
  ranAt: string;
  outlook: OutlookCheckFigures | null;
  live: LiveCheckFigures | null;
  /** Every scoreline against independent Poisson goals fitted to the market (scoreline-check.ts). */
  scoreline: ScorelineCheckFigures | null;
  /** The walk-forward picks against the market's closing prices (closing-line-check.ts). */
  closingLine: ClosingLineCheckFigures | null;
}

function isFigure(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** The stored payload, or null when it is missing or of another version or shape. */
export function parseOddsCheckPayload(value: unknown): OddsCheckPayload | null {
  if (!value || typeof value !== "object") return null;
  const p = value as Partial<OddsCheckPayload>;
  if (p.version !== ODDS_CHECK_VERSION || typeof p.ranAt !== "string") return null;
  const outlookOk =
    p.outlook === null ||
    (typeof p.outlook === "object" &&
      Array.isArray(p.outlook?.metrics) &&
      p.outlook.metrics.every((m) => isFigure(m.ours) && isFigure(m.baseline) && isFigure(m.improvement)));
  const liveOk =
    p.live === null ||
    (typeof p.live === "object" &&
      isFigure(p.live?.rps?.ours) &&
      isFigure(p.live?.rps?.preMatch) &&
      isFigure(p.live?.ece));
  const scorelineOk =
    p.scoreline === null ||
    (typeof p.scoreline === "object" &&
      isFigure(p.scoreline?.logScore?.ours) &&
      isFigure(p.scoreline?.logScore?.baseline) &&
      isFigure(p.scoreline?.improvement));
  const closingOk =
    p.closingLine === null ||
    (typeof p.closingLine === "object" &&
      Array.isArray(p.closingLine?.byKind) &&
      p.closingLine.byKind.every((k) => isFigure(k.beatCloseRate) && isFigure(k.meanClv)) &&
      Array.isArray(p.closingLine.byLeague));
  return outlookOk && liveOk && scorelineOk && closingOk ? (p as OddsCheckPayload) : null;
}
