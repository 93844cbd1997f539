/**
 * Blending forecasts from several sources (the goals model, the shots model, the market) by
 * logarithmic opinion pools whose weights are learned by maximum likelihood on earlier
 * matches. For 1X2 the pooled probability of outcome k is proportional to
 * exp(bias_k + Σ_s w_s · log p_s(k)); for a yes/no market, logit p = bias + Σ_s w_s · logit p_s.
 * The biases let the pool correct a source's level (too few draws, too many overs), so the
 * pool is also a multi-input Platt scaling. A ridge pulls the weights towards the prior, which
 * is what a pool with little history uses.
 */
import { minimizeNewton, type NewtonObjective } from "./newton";

/** 1X2 pool; the home bias is fixed at 0. */
export interface ResultPool {
  weights: number[];
  drawBias: number;
  awayBias: number;
}

export interface BinaryPool {
  weights: number[];
  bias: number;
}

export interface ResultSample {
  /** Per source: [home, draw, away]. */
  sources: ReadonlyArray<readonly [number, number, number]>;
  outcome: 0 | 1 | 2;
  weight: number;
}

export interface BinarySample {
  /** Per source: the probability of yes. */
  sources: readonly number[];
  happened: boolean;
  weight: number;
}

const FLOOR = 1e-6;
/** The 1X2 pool's feature of a source's probability: log p, floored. */
export const safeLog = (p: number) => Math.log(Math.max(p, FLOOR));
/** A yes/no pool's feature of a source's probability: logit p, clamped. */
export const logit = (p: number) => {
  const q = Math.min(1 - FLOOR, Math.max(FLOOR, p));
  return Math.log(q / (1 - q));
};

/**
 * Samples of a 1X2 pool with their features computed: `features[(i · sourceCount + s) · 3 + k]`
 * is log p_s(k) of sample i (safeLog). The blend builds these from features it computed once per
 * tracked match, instead of taking the logarithms again every week.
 */
export interface PackedResultSamples {
  features: Float64Array;
  outcomes: Uint8Array;
  weights: Float64Array;
}

/** Samples of a yes/no pool with their features computed: `features[i · sourceCount + s]` is logit p_s (logit). */
export interface PackedBinarySamples {
  features: Float64Array;
  happened: Uint8Array;
  weights: Float64Array;
}

/** The prior every pool shrinks to: equal weights summing to 1, no bias. */
export function equalResultPool(sourceCount: number): ResultPool {
  return { weights: Array<number>(sourceCount).fill(1 / sourceCount), drawBias: 0, awayBias: 0 };
}

export function equalBinaryPool(sourceCount: number): BinaryPool {
  return { weights: Array<number>(sourceCount).fill(1 / sourceCount), bias: 0 };
}

export function applyResultPool(pool: ResultPool, sources: ResultSample["sources"]): [number, number, number] {
  const scores = [0, pool.drawBias, pool.awayBias];
  sources.forEach((p, s) => {
    for (let k = 0; k < 3; k++) scores[k] += pool.weights[s] * safeLog(p[k]);
  });
  const top = Math.max(...scores);
  const e = scores.map((score) => Math.exp(score - top));
  const total = e[0] + e[1] + e[2];
  return [e[0] / total, e[1] / total, e[2] / total];
}

export function applyBinaryPool(pool: BinaryPool, sources: readonly number[]): number {
  let z = pool.bias;
  sources.forEach((p, s) => (z += pool.weights[s] * logit(p)));
  return 1 / (1 + Math.exp(-z));
}

/**
 * Minimises the objective divided by the samples' total weight, so one tolerance suits any
 * sample size. Newton's method: the pools have 3 to 5 parameters and are strictly convex (a
 * log-likelihood of a logistic model plus a ridge), so from last week's optimum one or two
 * steps reach this week's, each a single pass over the samples.
 */
function minimizeMean(objective: NewtonObjective, start: number[], totalWeight: number): number[] {
  const scale = Math.max(1, totalWeight);
  const result = minimizeNewton(
    (x, gradient, hessian) => {
      const value = objective(x, gradient, hessian);
      for (let k = 0; k < gradient.length; k++) gradient[k] /= scale;
      for (let k = 0; k < hessian.length; k++) hessian[k] /= scale;
      return value / scale;
    },
    start,
    { gradientTolerance: 1e-6, maxIterations: 100 },
  );
  return Array.from(result.x);
}

/** Adds the ridge's part (ridge × ‖x − prior‖²) to the value, the gradient and the Hessian; returns the value. */
function ridgeTerm(
  x: Float64Array,
  priorX: readonly number[],
  ridge: number,
  gradient: Float64Array,
  hessian: Float64Array,
): number {
  const d = x.length;
  let value = 0;
  gradient.fill(0);
  hessian.fill(0);
  for (let k = 0; k < d; k++) {
    value += ridge * (x[k] - priorX[k]) ** 2;
    gradient[k] = 2 * ridge * (x[k] - priorX[k]);
    hessian[k * d + k] = 2 * ridge;
  }
  return value;
}

/** Copies the Hessian's lower triangle, the only one accumulated, to its upper one. */
function symmetrize(hessian: Float64Array, d: number): void {
  for (let a = 0; a < d; a++) for (let b = a + 1; b < d; b++) hessian[a * d + b] = hessian[b * d + a];
}

const totalWeight = (weights: Float64Array) => weights.reduce((sum, w) => sum + w, 0);

function packResult(pool: ResultPool): number[] {
  return [...pool.weights, pool.drawBias, pool.awayBias];
}

export function fitResultPool(
  samples: readonly ResultSample[],
  prior: ResultPool,
  ridge: number,
  start = prior,
): ResultPool {
  const sourceCount = prior.weights.length;
  const n = samples.length;
  const features = new Float64Array(n * sourceCount * 3);
  const outcomes = new Uint8Array(n);
  const weights = new Float64Array(n);
  samples.forEach((sample, i) => {
    outcomes[i] = sample.outcome;
    weights[i] = sample.weight;
    for (let s = 0; s < sourceCount; s++) {
      for (let k = 0; k < 3; k++) features[(i * sourceCount + s) * 3 + k] = safeLog(sample.sources[s][k]);
    }
  });
  return fitPackedResultPool({ features, outcomes, weights }, prior, ridge, start);
}

/**
 * The 1X2 pool's penalised negative log-likelihood on packed samples, with its gradient and
 * Hessian, over x = (weights..., draw bias, away bias).
 */
export function resultPoolObjective(samples: PackedResultSamples, prior: ResultPool, ridge: number): NewtonObjective {
  const sourceCount = prior.weights.length;
  const { features, outcomes, weights } = samples;
  const n = outcomes.length;
  const priorX = packResult(prior);
  const d = sourceCount + 2;
  // Per sample, the features of outcome k are (log p_s(k) for each source, [k = draw], [k = away]);
  // the Hessian of its negative log-likelihood is their covariance under the pooled p.
  const mean = new Float64Array(d);
  return (x, gradient, hessian) => {
    let value = ridgeTerm(x, priorX, ridge, gradient, hessian);
    for (let i = 0; i < n; i++) {
      const base = i * sourceCount * 3;
      let s0 = 0;
      let s1 = x[sourceCount];
      let s2 = x[sourceCount + 1];
      for (let s = 0; s < sourceCount; s++) {
        s0 += x[s] * features[base + 3 * s];
        s1 += x[s] * features[base + 3 * s + 1];
        s2 += x[s] * features[base + 3 * s + 2];
      }
      const top = Math.max(s0, s1, s2);
      const e0 = Math.exp(s0 - top);
      const e1 = Math.exp(s1 - top);
      const e2 = Math.exp(s2 - top);
      const total = e0 + e1 + e2;
      const p0 = e0 / total;
      const p1 = e1 / total;
      const p2 = e2 / total;
      const outcome = outcomes[i];
      const weight = weights[i];
      value -= weight * ((outcome === 0 ? s0 : outcome === 1 ? s1 : s2) - top - Math.log(total));
      for (let s = 0; s < sourceCount; s++) {
        const f = base + 3 * s;
        const expected = p0 * features[f] + p1 * features[f + 1] + p2 * features[f + 2];
        mean[s] = expected;
        gradient[s] -= weight * (features[f + outcome] - expected);
      }
      mean[sourceCount] = p1;
      mean[sourceCount + 1] = p2;
      gradient[sourceCount] -= weight * ((outcome === 1 ? 1 : 0) - p1);
      gradient[sourceCount + 1] -= weight * ((outcome === 2 ? 1 : 0) - p2);
      // Σ_k p_k·x_k·x_kᵀ − mean·meanᵀ, lower triangle.
      for (let a = 0; a < sourceCount; a++) {
        const fa = base + 3 * a;
        for (let b = 0; b <= a; b++) {
          const fb = base + 3 * b;
          const second =
            p0 * features[fa] * features[fb] +
            p1 * features[fa + 1] * features[fb + 1] +
            p2 * features[fa + 2] * features[fb + 2];
          hessian[a * d + b] += weight * (second - mean[a] * mean[b]);
        }
      }
      const drawRow = sourceCount * d;
      const awayRow = (sourceCount + 1) * d;
      for (let b = 0; b < sourceCount; b++) {
        const fb = base + 3 * b;
        hessian[drawRow + b] += weight * (p1 * features[fb + 1] - p1 * mean[b]);
        hessian[awayRow + b] += weight * (p2 * features[fb + 2] - p2 * mean[b]);
      }
      hessian[drawRow + sourceCount] += weight * (p1 - p1 * p1);
      hessian[awayRow + sourceCount] += weight * -p2 * p1;
      hessian[awayRow + sourceCount + 1] += weight * (p2 - p2 * p2);
    }
    symmetrize(hessian, d);
    return value;
  };
}

/** fitResultPool on samples whose features are already computed. */
export function fitPackedResultPool(
  samples: PackedResultSamples,
  prior: ResultPool,
  ridge: number,
  start = prior,
): ResultPool {
  const sourceCount = prior.weights.length;
  const x = minimizeMean(resultPoolObjective(samples, prior, ridge), packResult(start), totalWeight(samples.weights));
  return { weights: x.slice(0, sourceCount), drawBias: x[sourceCount], awayBias: x[sourceCount + 1] };
}

export function fitBinaryPool(
  samples: readonly BinarySample[],
  prior: BinaryPool,
  ridge: number,
  start = prior,
): BinaryPool {
  const sourceCount = prior.weights.length;
  const n = samples.length;
  const features = new Float64Array(n * sourceCount);
  const happened = new Uint8Array(n);
  const weights = new Float64Array(n);
  samples.forEach((sample, i) => {
    happened[i] = sample.happened ? 1 : 0;
    weights[i] = sample.weight;
    for (let s = 0; s < sourceCount; s++) features[i * sourceCount + s] = logit(sample.sources[s]);
  });
  return fitPackedBinaryPool({ features, happened, weights }, prior, ridge, start);
}

/**
 * A yes/no pool's penalised negative log-likelihood on packed samples, with its gradient and
 * Hessian, over x = (weights..., bias).
 */
export function binaryPoolObjective(samples: PackedBinarySamples, prior: BinaryPool, ridge: number): NewtonObjective {
  const sourceCount = prior.weights.length;
  const { features, happened, weights } = samples;
  const n = happened.length;
  const priorX = [...prior.weights, prior.bias];
  const d = sourceCount + 1;
  return (x, gradient, hessian) => {
    let value = ridgeTerm(x, priorX, ridge, gradient, hessian);
    for (let i = 0; i < n; i++) {
      const base = i * sourceCount;
      let z = x[sourceCount];
      for (let s = 0; s < sourceCount; s++) z += x[s] * features[base + s];
      const y = happened[i];
      const weight = weights[i];
      value += weight * (Math.max(z, 0) - y * z + Math.log1p(Math.exp(-Math.abs(z))));
      const probability = 1 / (1 + Math.exp(-z));
      const residual = weight * (probability - y);
      const curvature = weight * probability * (1 - probability);
      for (let s = 0; s < sourceCount; s++) {
        const fs = features[base + s];
        gradient[s] += residual * fs;
        for (let b = 0; b <= s; b++) hessian[s * d + b] += curvature * fs * features[base + b];
      }
      gradient[sourceCount] += residual;
      const biasRow = sourceCount * d;
      for (let b = 0; b < sourceCount; b++) hessian[biasRow + b] += curvature * features[base + b];
      hessian[biasRow + sourceCount] += curvature;
    }
    symmetrize(hessian, d);
    return value;
  };
}

/** fitBinaryPool on samples whose features are already computed. */
export function fitPackedBinaryPool(
  samples: PackedBinarySamples,
  prior: BinaryPool,
  ridge: number,
  start = prior,
): BinaryPool {
  const sourceCount = prior.weights.length;
  const x = minimizeMean(
    binaryPoolObjective(samples, prior, ridge),
    [...start.weights, start.bias],
    totalWeight(samples.weights),
  );
  return { weights: x.slice(0, sourceCount), bias: x[sourceCount] };
}
