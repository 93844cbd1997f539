/**
 * The blend: logarithmic opinion pools over the goals model, the shots model and (when the
 * match has prices) the market, one per market and per variant (with and without prices), and
 * the calibration maps of the picks made from them. Both are learned from the track record
 * before the moment they serve: the pools from the sources' forecasts, the calibration from the
 * pools' own earlier out-of-sample forecasts. The pools are themselves logistic (Platt-like)
 * recalibrations of their sources, so the published probabilities are the pools' output; the
 * pick maps then correct what picking adds: the likeliest of several outcomes is chosen for
 * looking likely, so its raw probability runs high.
 */
import { calibrate, fitIsotonic, fitPlatt, IDENTITY_CALIBRATION, type CalibrationMap } from "./calibration";
import {
  applyBinaryPool,
  applyResultPool,
  equalBinaryPool,
  equalResultPool,
  fitBinaryPool,
  fitResultPool,
  type BinaryPool,
  type BinarySample,
  type ResultPool,
  type ResultSample,
} from "./opinion-pool";
import type { ModelOptions } from "./options";
import type { ProbabilityOutcome } from "./reliability";
import type { MatchOutcome, TrackEntry } from "./track";
import type { MarketProbabilities } from "./types";

export interface MarketPools {
  result: ResultPool;
  overUnder: BinaryPool;
  btts: BinaryPool;
}

/** Maps from the blend's probability of each tracked pick to the rate at which such picks won. */
export interface MarketCalibration {
  /** The 1X2 pick: the likeliest of home, draw, away. */
  result: CalibrationMap;
  /** The over/under 2.5 pick: the likelier side. */
  overUnder: CalibrationMap;
  /** The BTTS pick: the likelier side. */
  btts: CalibrationMap;
}

/** The calibrated probability that each tracked pick wins. */
export interface PickProbabilities {
  result: number;
  overUnder: number;
  btts: number;
}

export interface Blend {
  withOdds: MarketPools;
  withoutOdds: MarketPools;
  calibrationWithOdds: MarketCalibration;
  calibrationWithoutOdds: MarketCalibration;
  /** Tracked matches the pools learned from. */
  trainingSize: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A blend forecast is used to fit the calibration once the blend behind it had learned from this many matches. */
const MIN_BLEND_TRAINING_FOR_CALIBRATION = 1500;
/** Fewer calibration points than this leave the calibration at the identity. */
const MIN_CALIBRATION_POINTS = 500;

function initialPools(sourceCount: number): MarketPools {
  return {
    result: equalResultPool(sourceCount),
    overUnder: equalBinaryPool(sourceCount),
    btts: equalBinaryPool(sourceCount),
  };
}

const IDENTITY_MARKETS: MarketCalibration = {
  result: IDENTITY_CALIBRATION,
  overUnder: IDENTITY_CALIBRATION,
  btts: IDENTITY_CALIBRATION,
};

export function initialBlend(): Blend {
  return {
    withOdds: initialPools(3),
    withoutOdds: initialPools(2),
    calibrationWithOdds: IDENTITY_MARKETS,
    calibrationWithoutOdds: IDENTITY_MARKETS,
    trainingSize: 0,
  };
}

type Sources = MarketProbabilities[];
type SettledEntry = TrackEntry & { outcome: MatchOutcome };

const resultOf = (p: MarketProbabilities): [number, number, number] => [p.home, p.draw, p.away];

interface EntrySamples {
  result: ResultSample;
  overUnder: BinarySample;
  btts: BinarySample;
}

function samplesOf(sources: Sources, outcome: MatchOutcome): EntrySamples {
  return {
    result: { sources: sources.map(resultOf), outcome: outcome.result, weight: 1 },
    overUnder: { sources: sources.map((p) => p.over25), happened: outcome.over25, weight: 1 },
    btts: { sources: sources.map((p) => p.btts), happened: outcome.btts, weight: 1 },
  };
}

/**
 * A settled entry never changes, and the blend is relearned every week from mostly the same
 * entries: their samples are built once.
 */
const samplesWithOdds = new WeakMap<TrackEntry, EntrySamples>();
const samplesWithoutOdds = new WeakMap<TrackEntry, EntrySamples>();

function cachedSamples(cache: WeakMap<TrackEntry, EntrySamples>, entry: SettledEntry, sources: Sources): EntrySamples {
  let samples = cache.get(entry);
  if (!samples) {
    samples = samplesOf(sources, entry.outcome);
    cache.set(entry, samples);
  }
  return samples;
}

function fitPools(samples: readonly EntrySamples[], sourceCount: number, ridge: number, start: MarketPools): MarketPools {
  return {
    result: fitResultPool(
      samples.map((s) => s.result),
      equalResultPool(sourceCount),
      ridge,
      start.result,
    ),
    overUnder: fitBinaryPool(
      samples.map((s) => s.overUnder),
      equalBinaryPool(sourceCount),
      ridge,
      start.overUnder,
    ),
    btts: fitBinaryPool(
      samples.map((s) => s.btts),
      equalBinaryPool(sourceCount),
      ridge,
      start.btts,
    ),
  };
}

function fitMap(points: ProbabilityOutcome[], kind: ModelOptions["calibration"]): CalibrationMap {
  if (kind === "none" || points.length < MIN_CALIBRATION_POINTS) return IDENTITY_CALIBRATION;
  return kind === "isotonic" ? fitIsotonic(points) : fitPlatt(points);
}

/** Each pick's blended probability, and whether it won. */
function pickOutcomes(blended: MarketProbabilities, outcome: MatchOutcome): Record<keyof PickProbabilities, ProbabilityOutcome> {
  const result = resultOf(blended);
  const pick = result.indexOf(Math.max(...result));
  return {
    result: { probability: result[pick], happened: pick === outcome.result },
    overUnder: { probability: Math.max(blended.over25, 1 - blended.over25), happened: blended.over25 >= 0.5 === outcome.over25 },
    btts: { probability: Math.max(blended.btts, 1 - blended.btts), happened: blended.btts >= 0.5 === outcome.btts },
  };
}

function fitCalibration(
  entries: ReadonlyArray<{ blended: MarketProbabilities; outcome: MatchOutcome }>,
  kind: ModelOptions["calibration"],
): MarketCalibration {
  const picks = entries.map(({ blended, outcome }) => pickOutcomes(blended, outcome));
  return {
    result: fitMap(picks.map((p) => p.result), kind),
    overUnder: fitMap(picks.map((p) => p.overUnder), kind),
    btts: fitMap(picks.map((p) => p.btts), kind),
  };
}

/** Learns the blend from the settled track entries in the pool window before asOf. */
export function learnBlend(track: readonly TrackEntry[], asOf: number, options: ModelOptions, previous: Blend): Blend {
  const earliest = asOf - options.poolWindowDays * DAY_MS;
  const settled = track.filter(
    (e): e is SettledEntry => e.outcome !== undefined && e.kickoff < asOf && e.kickoff >= earliest,
  );
  const priced = settled.filter((e) => e.market !== null);
  const calibrationStart = asOf - options.calibrationWindowDays * DAY_MS;
  const calibrated = settled.filter(
    (e) => e.kickoff >= calibrationStart && e.blendTrainingSize >= MIN_BLEND_TRAINING_FOR_CALIBRATION,
  );
  return {
    withOdds: fitPools(
      priced.map((e) => cachedSamples(samplesWithOdds, e, [e.goals, e.shots, e.market!])),
      3,
      options.poolRidge,
      previous.withOdds,
    ),
    withoutOdds: fitPools(
      settled.map((e) => cachedSamples(samplesWithoutOdds, e, [e.goals, e.shots])),
      2,
      options.poolRidge,
      previous.withoutOdds,
    ),
    calibrationWithOdds: fitCalibration(
      calibrated.filter((e) => e.blendedWithOdds !== null).map((e) => ({ blended: e.blendedWithOdds!, outcome: e.outcome })),
      options.calibration,
    ),
    calibrationWithoutOdds: fitCalibration(
      calibrated.map((e) => ({ blended: e.blendedWithoutOdds, outcome: e.outcome })),
      options.calibration,
    ),
    trainingSize: settled.length,
  };
}

export function applyPools(pools: MarketPools, sources: Sources): MarketProbabilities {
  const [home, draw, away] = applyResultPool(pools.result, sources.map(resultOf));
  return {
    home,
    draw,
    away,
    over25: applyBinaryPool(pools.overUnder, sources.map((p) => p.over25)),
    btts: applyBinaryPool(pools.btts, sources.map((p) => p.btts)),
  };
}

/**
 * The calibrated probability of each tracked pick (the likeliest 1X2 outcome, the likelier
 * over/under side, the likelier BTTS side). The maps are non-decreasing, so they change how sure
 * a pick is, never which pick it is.
 */
export function calibratePicks(calibration: MarketCalibration, blended: MarketProbabilities): PickProbabilities {
  return {
    result: calibrate(calibration.result, Math.max(blended.home, blended.draw, blended.away)),
    overUnder: calibrate(calibration.overUnder, Math.max(blended.over25, 1 - blended.over25)),
    btts: calibrate(calibration.btts, Math.max(blended.btts, 1 - blended.btts)),
  };
}
