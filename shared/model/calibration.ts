/**
 * Calibration maps: raw forecast probability → the probability it turned out to deserve on
 * earlier matches. Platt scaling fits logit(c) = a + b·logit(p) (two parameters, smooth);
 * isotonic regression (pool-adjacent-violators) fits any non-decreasing map, read between its
 * knots by linear interpolation. Both maps are non-decreasing, so they never reorder picks.
 */
import { minimizeNewton } from "./newton";
import type { ProbabilityOutcome } from "./reliability";

export type CalibrationMap =
  | { kind: "identity" }
  | { kind: "platt"; intercept: number; slope: number }
  | { kind: "isotonic"; knots: number[]; values: number[] };

export const IDENTITY_CALIBRATION: CalibrationMap = { kind: "identity" };

/** Calibrated probabilities stay inside this range: a few hundred matches cannot prove certainty. */
const FLOOR = 0.005;

function clampProbability(p: number): number {
  return Math.min(1 - FLOOR, Math.max(FLOOR, p));
}

function logit(p: number): number {
  const q = clampProbability(p);
  return Math.log(q / (1 - q));
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function calibrate(map: CalibrationMap, probability: number): number {
  switch (map.kind) {
    case "identity":
      return probability;
    case "platt":
      return sigmoid(map.intercept + map.slope * logit(probability));
    case "isotonic": {
      const { knots, values } = map;
      if (probability <= knots[0]) return values[0];
      const last = knots.length - 1;
      if (probability >= knots[last]) return values[last];
      let low = 0;
      let high = last;
      while (high - low > 1) {
        const middle = (low + high) >> 1;
        if (knots[middle] <= probability) low = middle;
        else high = middle;
      }
      const t = (probability - knots[low]) / (knots[high] - knots[low]);
      return values[low] + t * (values[high] - values[low]);
    }
  }
}

/**
 * Platt scaling by maximum likelihood, with a light ridge towards the identity (a = 0, b = 1)
 * so that a small or one-sided sample cannot produce a wild map. The slope is kept positive.
 */
export function fitPlatt(points: readonly ProbabilityOutcome[], ridge = 1): CalibrationMap {
  if (points.length === 0) return IDENTITY_CALIBRATION;
  const z = points.map((point) => logit(point.probability));
  const y = points.map((point) => (point.happened ? 1 : 0));
  // Newton's method (two unknowns, strictly convex): a handful of passes over the points.
  const result = minimizeNewton(
    (x, gradient, hessian) => {
      const [a, b] = x;
      let value = ridge * (a * a + (b - 1) * (b - 1));
      gradient[0] = 2 * ridge * a;
      gradient[1] = 2 * ridge * (b - 1);
      let haa = 2 * ridge;
      let hab = 0;
      let hbb = 2 * ridge;
      for (let i = 0; i < z.length; i++) {
        const s = a + b * z[i];
        // −log-likelihood of a Bernoulli with logit s, written to stay finite for large |s|.
        value += Math.max(s, 0) - y[i] * s + Math.log1p(Math.exp(-Math.abs(s)));
        const p = sigmoid(s);
        const residual = p - y[i];
        gradient[0] += residual;
        gradient[1] += residual * z[i];
        const curvature = p * (1 - p);
        haa += curvature;
        hab += curvature * z[i];
        hbb += curvature * z[i] * z[i];
      }
      hessian[0] = haa;
      hessian[1] = hessian[2] = hab;
      hessian[3] = hbb;
      return value;
    },
    [0, 1],
  );
  const [intercept, slope] = result.x;
  return slope > 0 ? { kind: "platt", intercept, slope } : IDENTITY_CALIBRATION;
}

/** Isotonic regression by pool-adjacent-violators; equal forecasts are pooled first. */
export function fitIsotonic(points: readonly ProbabilityOutcome[]): CalibrationMap {
  const sorted = points
    .filter((point) => Number.isFinite(point.probability))
    .sort((a, b) => a.probability - b.probability);
  if (sorted.length === 0) return IDENTITY_CALIBRATION;
  const blocks: Array<{ probability: number; hits: number; count: number }> = [];
  for (const point of sorted) {
    const hit = point.happened ? 1 : 0;
    const top = blocks[blocks.length - 1];
    if (top && top.probability / top.count === point.probability) {
      top.probability += point.probability;
      top.hits += hit;
      top.count += 1;
    } else {
      blocks.push({ probability: point.probability, hits: hit, count: 1 });
    }
    // Merge backwards while the rates decrease.
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.hits / a.count < b.hits / b.count) break;
      a.probability += b.probability;
      a.hits += b.hits;
      a.count += b.count;
      blocks.pop();
    }
  }
  return {
    kind: "isotonic",
    knots: blocks.map((b) => b.probability / b.count),
    values: blocks.map((b) => clampProbability(b.hits / b.count)),
  };
}
