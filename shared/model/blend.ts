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
  fitPackedBinaryPool,
  fitPackedResultPool,
  logit,
  safeLog,
  type BinaryPool,
  type PackedBinarySamples,
  type PackedResultSamples,
  type ResultPool,
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

/**
 * The pool samples of one variant of sources (with or without the market), packed as the pools'
 * features (opinion-pool.ts): per tracked match, log p of each source's 1X2 probabilities, the
 * logits of its over 2.5 and BTTS probabilities, and the outcome. The blend is relearned every
 * week from the entries of the week before plus the new ones (the walk-forward replay of a cold
 * start does it hundreds of times): when the entries extend those packed last time, only the new
 * ones are packed. Anything else (the window moved on, another track) packs them again.
 */
class PackedSamples {
  private entries: TrackEntry[] = [];
  private result = new Float64Array(0);
  private overUnder = new Float64Array(0);
  private btts = new Float64Array(0);
  private outcomes = new Uint8Array(0);
  private over25 = new Uint8Array(0);
  private bothScored = new Uint8Array(0);
  private weights = new Float64Array(0);

  constructor(
    private readonly sourceCount: number,
    private readonly sourcesOf: (entry: SettledEntry) => Sources,
  ) {}

  private reserve(n: number): void {
    if (n <= this.outcomes.length) return;
    const capacity = Math.max(n, 2 * this.outcomes.length, 1024);
    const grow = <A extends Float64Array | Uint8Array>(old: A, make: (length: number) => A, width: number): A => {
      const next = make(capacity * width);
      next.set(old);
      return next;
    };
    const s = this.sourceCount;
    this.result = grow(this.result, (l) => new Float64Array(l), 3 * s);
    this.overUnder = grow(this.overUnder, (l) => new Float64Array(l), s);
    this.btts = grow(this.btts, (l) => new Float64Array(l), s);
    this.outcomes = grow(this.outcomes, (l) => new Uint8Array(l), 1);
    this.over25 = grow(this.over25, (l) => new Uint8Array(l), 1);
    this.bothScored = grow(this.bothScored, (l) => new Uint8Array(l), 1);
    // Every sample weighs 1.
    this.weights = grow(this.weights, (l) => new Float64Array(l).fill(1), 1);
  }

  /**
   * How many leading entries are already packed, after moving the packed rows to the front when
   * the window moved on (entries starts further into those packed last time, as each week drops
   * the oldest): only the entries after them need packing.
   */
  private packedPrefix(entries: readonly SettledEntry[]): number {
    const known = this.entries;
    if (entries.length === 0 || known.length === 0) return 0;
    const offset = known.indexOf(entries[0]);
    if (offset < 0) return 0;
    const overlap = Math.min(known.length - offset, entries.length);
    for (let i = 0; i < overlap; i++) if (known[offset + i] !== entries[i]) return 0;
    if (offset > 0) {
      const s = this.sourceCount;
      const end = offset + overlap;
      this.result.copyWithin(0, 3 * s * offset, 3 * s * end);
      this.overUnder.copyWithin(0, s * offset, s * end);
      this.btts.copyWithin(0, s * offset, s * end);
      this.outcomes.copyWithin(0, offset, end);
      this.over25.copyWithin(0, offset, end);
      this.bothScored.copyWithin(0, offset, end);
    }
    return overlap;
  }

  pack(entries: readonly SettledEntry[]): {
    result: PackedResultSamples;
    overUnder: PackedBinarySamples;
    btts: PackedBinarySamples;
  } {
    const n = entries.length;
    const s = this.sourceCount;
    const from = this.packedPrefix(entries);
    this.reserve(n);
    for (let i = from; i < n; i++) {
      const entry = entries[i];
      this.sourcesOf(entry).forEach((p, j) => {
        const base = (i * s + j) * 3;
        this.result[base] = safeLog(p.home);
        this.result[base + 1] = safeLog(p.draw);
        this.result[base + 2] = safeLog(p.away);
        this.overUnder[i * s + j] = logit(p.over25);
        this.btts[i * s + j] = logit(p.btts);
      });
      this.outcomes[i] = entry.outcome.result;
      this.over25[i] = entry.outcome.over25 ? 1 : 0;
      this.bothScored[i] = entry.outcome.btts ? 1 : 0;
    }
    this.entries = entries.slice();
    const weights = this.weights.subarray(0, n);
    return {
      result: { features: this.result.subarray(0, 3 * s * n), outcomes: this.outcomes.subarray(0, n), weights },
      overUnder: { features: this.overUnder.subarray(0, s * n), happened: this.over25.subarray(0, n), weights },
      btts: { features: this.btts.subarray(0, s * n), happened: this.bothScored.subarray(0, n), weights },
    };
  }
}

const samplesWithOdds = new PackedSamples(3, (e) => [e.goals, e.shots, e.market!]);
const samplesWithoutOdds = new PackedSamples(2, (e) => [e.goals, e.shots]);

function fitPools(
  samples: PackedSamples,
  entries: readonly SettledEntry[],
  sourceCount: number,
  ridge: number,
  start: MarketPools,
): MarketPools {
  const packed = samples.pack(entries);
  return {
    result: fitPackedResultPool(packed.result, equalResultPool(sourceCount), ridge, start.result),
    overUnder: fitPackedBinaryPool(packed.overUnder, equalBinaryPool(sourceCount), ridge, start.overUnder),
    btts: fitPackedBinaryPool(packed.btts, equalBinaryPool(sourceCount), ridge, start.btts),
  };
}

function fitMap(points: ProbabilityOutcome[], kind: ModelOptions["calibration"]): CalibrationMap {
  if (kind === "none" || points.length < MIN_CALIBRATION_POINTS) return IDENTITY_CALIBRATION;
  return kind === "isotonic" ? fitIsotonic(points) : fitPlatt(points);
}

/** Each pick's blended probability, and whether it won. */
function pickOutcomes(
  blended: MarketProbabilities,
  outcome: MatchOutcome,
): Record<keyof PickProbabilities, ProbabilityOutcome> {
  const result = resultOf(blended);
  const pick = result.indexOf(Math.max(...result));
  return {
    result: { probability: result[pick], happened: pick === outcome.result },
    overUnder: {
      probability: Math.max(blended.over25, 1 - blended.over25),
      happened: blended.over25 >= 0.5 === outcome.over25,
    },
    btts: { probability: Math.max(blended.btts, 1 - blended.btts), happened: blended.btts >= 0.5 === outcome.btts },
  };
}

function fitCalibration(
  entries: ReadonlyArray<{ blended: MarketProbabilities; outcome: MatchOutcome }>,
  kind: ModelOptions["calibration"],
): MarketCalibration {
  const picks = entries.map(({ blended, outcome }) => pickOutcomes(blended, outcome));
  return {
    result: fitMap(
      picks.map((p) => p.result),
      kind,
    ),
    overUnder: fitMap(
      picks.map((p) => p.overUnder),
      kind,
    ),
    btts: fitMap(
      picks.map((p) => p.btts),
      kind,
    ),
  };
}

/**
 * Learns the blend from the settled track entries in the pool window before asOf. Without
 * `calibrate` the pick calibration is not fitted (the previous one is kept): the walk-forward
 * replay of past weeks only needs the pools, which make the tracked forecasts.
 */
export function learnBlend(
  track: readonly TrackEntry[],
  asOf: number,
  options: ModelOptions,
  previous: Blend,
  { calibrate = true }: { calibrate?: boolean } = {},
): Blend {
  const earliest = asOf - options.poolWindowDays * DAY_MS;
  // One pass over the track (ten seasons of entries, read every week of a replay).
  const settled: SettledEntry[] = [];
  const priced: SettledEntry[] = [];
  for (const e of track) {
    if (e.outcome === undefined || e.kickoff >= asOf || e.kickoff < earliest) continue;
    settled.push(e as SettledEntry);
    if (e.market !== null) priced.push(e as SettledEntry);
  }
  const pools = {
    withOdds: fitPools(samplesWithOdds, priced, 3, options.poolRidge, previous.withOdds),
    withoutOdds: fitPools(samplesWithoutOdds, settled, 2, options.poolRidge, previous.withoutOdds),
    trainingSize: settled.length,
  };
  if (!calibrate) {
    return {
      withOdds: pools.withOdds,
      withoutOdds: pools.withoutOdds,
      calibrationWithOdds: previous.calibrationWithOdds,
      calibrationWithoutOdds: previous.calibrationWithoutOdds,
      trainingSize: pools.trainingSize,
    };
  }
  const calibrationStart = asOf - options.calibrationWindowDays * DAY_MS;
  const calibrated = settled.filter(
    (e) => e.kickoff >= calibrationStart && e.blendTrainingSize >= MIN_BLEND_TRAINING_FOR_CALIBRATION,
  );
  return {
    withOdds: pools.withOdds,
    withoutOdds: pools.withoutOdds,
    calibrationWithOdds: fitCalibration(
      calibrated
        .filter((e) => e.blendedWithOdds !== null)
        .map((e) => ({ blended: e.blendedWithOdds!, outcome: e.outcome })),
      options.calibration,
    ),
    calibrationWithoutOdds: fitCalibration(
      calibrated.map((e) => ({ blended: e.blendedWithoutOdds, outcome: e.outcome })),
      options.calibration,
    ),
    trainingSize: pools.trainingSize,
  };
}

export function applyPools(pools: MarketPools, sources: Sources): MarketProbabilities {
  const [home, draw, away] = applyResultPool(pools.result, sources.map(resultOf));
  return {
    home,
    draw,
    away,
    over25: applyBinaryPool(
      pools.overUnder,
      sources.map((p) => p.over25),
    ),
    btts: applyBinaryPool(
      pools.btts,
      sources.map((p) => p.btts),
    ),
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
