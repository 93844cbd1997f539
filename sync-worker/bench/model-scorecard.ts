/**
 * Scores the walk-forward forecasts against what happened and against the market, on the
 * same matches: those with opening and closing prices for 1X2 and over/under 2.5.
 */
import type { LeagueKey } from "@shared/domain/leagues";
import { devig, type DevigMethod } from "@shared/model/devig";
import {
  expectedCalibrationError,
  reliabilityBins,
  type ProbabilityOutcome,
  type ReliabilityBin,
} from "@shared/model/reliability";
import {
  binaryBrierScore,
  binaryLogLoss,
  brierScore,
  logLoss,
  rankedProbabilityScore,
} from "@shared/model/scoring-rules";
import { outcomeOf, type MatchOutcome } from "@shared/model/track";
import type { HistoricalMatch } from "./football-data-history";
import type { WalkForwardRow } from "./model-walk-forward";

/** Each forecaster's view of one match. */
export interface ScoredMatch {
  match: HistoricalMatch;
  outcome: MatchOutcome;
  published: Forecast;
  modelOnly: Forecast;
  opening: Forecast;
  closing: Forecast;
  baseRate: Forecast;
  /** Our best pick and its calibrated probability. */
  bestPick: { probability: number; hit: boolean };
  /** The pick and probability of each tracked market, as published. */
  picks: { result: ProbabilityOutcome; overUnder: ProbabilityOutcome; btts: ProbabilityOutcome };
}

export interface Forecast {
  result: [number, number, number];
  over25: number;
  /** null when the forecaster has no BTTS view (the market prices none in the data). */
  btts: number | null;
}

export interface ResultScores {
  rps: number;
  brier: number;
  logLoss: number;
  accuracy: number;
}

export interface BinaryScores {
  accuracy: number;
  brier: number;
  logLoss: number;
}

export interface Calibration {
  bins: ReliabilityBin[];
  ece: number;
}

export interface ConfidenceBand {
  from: number;
  to: number;
  count: number;
  meanConfidence: number | null;
  hitRate: number | null;
}

export const FORECASTERS = ["modelOnly", "published", "opening", "closing", "baseRate"] as const;
export type Forecaster = (typeof FORECASTERS)[number];

export interface Scorecard {
  matches: number;
  result: Record<Forecaster, ResultScores>;
  overUnder: Record<Forecaster, BinaryScores>;
  btts: Record<"modelOnly" | "published" | "baseRate", BinaryScores>;
  calibration: {
    /** Home, draw and away probabilities, each as a yes/no forecast. */
    result: Calibration;
    overUnder: Calibration;
    btts: Calibration;
    resultPick: Calibration;
    overUnderPick: Calibration;
    bttsPick: Calibration;
    bestPick: Calibration;
  };
  bestPick: { hitRate: number; bands: ConfidenceBand[] };
  /** The market's favourite on the same matches: the likeliest selection by the opening prices. */
  marketFavourite: { result: number; overUnder: number; best: number };
  /** Hit rates of our picks. */
  ourPicks: { result: number; overUnder: number; btts: number };
}

const argmax = (values: readonly number[]) => values.indexOf(Math.max(...values));

export type BaseRates = Map<string, Forecast>;

/**
 * The base rate of each league season: how often each outcome happened in the league in the
 * seasons before it (up to five), a forecast anyone could make without looking at the teams.
 */
export function baseRates(matches: readonly HistoricalMatch[], seasons: readonly string[]): BaseRates {
  const bySeason = new Map<string, HistoricalMatch[]>();
  for (const m of matches) {
    const key = `${m.league}|${m.season}`;
    const group = bySeason.get(key);
    if (group) group.push(m);
    else bySeason.set(key, [m]);
  }
  const order = [...new Set(matches.map((m) => m.season))];
  const rates: BaseRates = new Map();
  for (const key of bySeason.keys()) {
    const [league, season] = key.split("|");
    if (!seasons.includes(season)) continue;
    const before = order.slice(Math.max(0, order.indexOf(season) - 5), order.indexOf(season));
    const sample = before.flatMap((s) => bySeason.get(`${league}|${s}`) ?? []);
    if (sample.length === 0) throw new Error(`no seasons before ${season} for the ${league} base rate`);
    const outcomes = sample.map(outcomeOf);
    const share = (test: (o: MatchOutcome) => boolean) => outcomes.filter(test).length / outcomes.length;
    rates.set(key, {
      result: [share((o) => o.result === 0), share((o) => o.result === 1), share((o) => o.result === 2)],
      over25: share((o) => o.over25),
      btts: share((o) => o.btts),
    });
  }
  return rates;
}

/** The rows the scorecard can judge: every forecaster has a view. */
export function scoredMatches(
  rows: readonly WalkForwardRow[],
  rates: BaseRates,
  method: DevigMethod,
): { scored: ScoredMatch[]; excluded: number } {
  const scored: ScoredMatch[] = [];
  let excluded = 0;
  for (const { match, prediction } of rows) {
    const prices = (o: { home: number; draw: number; away: number } | null | undefined) =>
      o && devig([o.home, o.draw, o.away], method);
    const totals = (o: { over: number; under: number } | null | undefined) => o && devig([o.over, o.under], method);
    const opening = prices(match.resultOdds);
    const closing = prices(match.closingResultOdds);
    const openingTotals = totals(match.overUnderOdds);
    const closingTotals = totals(match.closingOverUnderOdds);
    const baseRate = rates.get(`${match.league}|${match.season}`);
    if (!opening || !closing || !openingTotals || !closingTotals || !baseRate) {
      excluded += 1;
      continue;
    }
    const outcome = outcomeOf(match);
    const asForecast = (p: { home: number; draw: number; away: number; over25: number; btts: number }): Forecast => ({
      result: [p.home, p.draw, p.away],
      over25: p.over25,
      btts: p.btts,
    });
    const { picks } = prediction;
    const hit = (kind: "result" | "over-under" | "btts") =>
      kind === "result"
        ? ["1", "X", "2"].indexOf(picks.result.code) === outcome.result
        : kind === "over-under"
          ? (picks.overUnder.side === "over") === outcome.over25
          : (picks.btts.code === "YES") === outcome.btts;
    scored.push({
      match,
      outcome,
      published: asForecast(prediction.probabilities),
      modelOnly: asForecast(prediction.modelOnly),
      opening: { result: opening as [number, number, number], over25: openingTotals[0], btts: null },
      closing: { result: closing as [number, number, number], over25: closingTotals[0], btts: null },
      baseRate,
      bestPick: { probability: prediction.bestPick.probability, hit: hit(prediction.bestPick.kind) },
      picks: {
        result: { probability: picks.result.probability, happened: hit("result") },
        overUnder: { probability: picks.overUnder.probability, happened: hit("over-under") },
        btts: { probability: picks.btts.probability, happened: hit("btts") },
      },
    });
  }
  return { scored, excluded };
}

const mean = (values: readonly number[]) => (values.length > 0 ? values.reduce((s, v) => s + v, 0) / values.length : 0);

function resultScores(matches: readonly ScoredMatch[], pick: (m: ScoredMatch) => Forecast): ResultScores {
  return {
    rps: mean(matches.map((m) => rankedProbabilityScore(pick(m).result, m.outcome.result))),
    brier: mean(matches.map((m) => brierScore(pick(m).result, m.outcome.result))),
    logLoss: mean(matches.map((m) => logLoss(pick(m).result, m.outcome.result))),
    accuracy: mean(matches.map((m) => (argmax(pick(m).result) === m.outcome.result ? 1 : 0))),
  };
}

function binaryScores(
  matches: readonly ScoredMatch[],
  probability: (m: ScoredMatch) => number,
  happened: (m: ScoredMatch) => boolean,
): BinaryScores {
  return {
    accuracy: mean(matches.map((m) => (probability(m) >= 0.5 === happened(m) ? 1 : 0))),
    brier: mean(matches.map((m) => binaryBrierScore(probability(m), happened(m)))),
    logLoss: mean(matches.map((m) => binaryLogLoss(probability(m), happened(m)))),
  };
}

function calibration(points: readonly ProbabilityOutcome[]): Calibration {
  const bins = reliabilityBins(points);
  return { bins, ece: expectedCalibrationError(bins) };
}

export const CONFIDENCE_BANDS: ReadonlyArray<[number, number]> = [
  [0, 55],
  [55, 60],
  [60, 65],
  [65, 70],
  [70, 75],
  [75, 80],
  [80, 101],
];

export function scorecard(matches: readonly ScoredMatch[]): Scorecard {
  const forecasters = Object.fromEntries(FORECASTERS.map((f) => [f, (m: ScoredMatch) => m[f]])) as Record<
    Forecaster,
    (m: ScoredMatch) => Forecast
  >;
  const mapForecasters = <T>(score: (pick: (m: ScoredMatch) => Forecast) => T) =>
    Object.fromEntries(FORECASTERS.map((f) => [f, score(forecasters[f])])) as Record<Forecaster, T>;

  const marketBest = (m: ScoredMatch) => {
    const selections = [
      ...m.opening.result.map((p, k) => ({ p, hit: k === m.outcome.result })),
      { p: m.opening.over25, hit: m.outcome.over25 },
      { p: 1 - m.opening.over25, hit: !m.outcome.over25 },
    ];
    return selections.reduce((best, s) => (s.p > best.p ? s : best)).hit;
  };

  return {
    matches: matches.length,
    result: mapForecasters((pick) => resultScores(matches, pick)),
    overUnder: mapForecasters((pick) =>
      binaryScores(
        matches,
        (m) => pick(m).over25,
        (m) => m.outcome.over25,
      ),
    ),
    btts: {
      modelOnly: binaryScores(
        matches,
        (m) => m.modelOnly.btts!,
        (m) => m.outcome.btts,
      ),
      published: binaryScores(
        matches,
        (m) => m.published.btts!,
        (m) => m.outcome.btts,
      ),
      baseRate: binaryScores(
        matches,
        (m) => m.baseRate.btts!,
        (m) => m.outcome.btts,
      ),
    },
    calibration: {
      result: calibration(
        matches.flatMap((m) =>
          m.published.result.map((probability, k) => ({ probability, happened: k === m.outcome.result })),
        ),
      ),
      overUnder: calibration(matches.map((m) => ({ probability: m.published.over25, happened: m.outcome.over25 }))),
      btts: calibration(matches.map((m) => ({ probability: m.published.btts!, happened: m.outcome.btts }))),
      resultPick: calibration(matches.map((m) => m.picks.result)),
      overUnderPick: calibration(matches.map((m) => m.picks.overUnder)),
      bttsPick: calibration(matches.map((m) => m.picks.btts)),
      bestPick: calibration(matches.map((m) => ({ probability: m.bestPick.probability, happened: m.bestPick.hit }))),
    },
    bestPick: {
      hitRate: mean(matches.map((m) => (m.bestPick.hit ? 1 : 0))),
      bands: CONFIDENCE_BANDS.map(([from, to]) => {
        const inBand = matches.filter((m) => 100 * m.bestPick.probability >= from && 100 * m.bestPick.probability < to);
        return {
          from,
          to,
          count: inBand.length,
          meanConfidence: inBand.length > 0 ? 100 * mean(inBand.map((m) => m.bestPick.probability)) : null,
          hitRate: inBand.length > 0 ? mean(inBand.map((m) => (m.bestPick.hit ? 1 : 0))) : null,
        };
      }),
    },
    marketFavourite: {
      result: mean(matches.map((m) => (argmax(m.opening.result) === m.outcome.result ? 1 : 0))),
      overUnder: mean(matches.map((m) => (m.opening.over25 >= 0.5 === m.outcome.over25 ? 1 : 0))),
      best: mean(matches.map((m) => (marketBest(m) ? 1 : 0))),
    },
    ourPicks: {
      result: mean(matches.map((m) => (m.picks.result.happened ? 1 : 0))),
      overUnder: mean(matches.map((m) => (m.picks.overUnder.happened ? 1 : 0))),
      btts: mean(matches.map((m) => (m.picks.btts.happened ? 1 : 0))),
    },
  };
}

export function byLeague(matches: readonly ScoredMatch[]): Map<LeagueKey, ScoredMatch[]> {
  const groups = new Map<LeagueKey, ScoredMatch[]>();
  for (const m of matches) {
    const group = groups.get(m.match.league);
    if (group) group.push(m);
    else groups.set(m.match.league, [m]);
  }
  return groups;
}
