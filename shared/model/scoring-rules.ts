/**
 * Proper scoring rules for probability forecasts (lower is better for all three). The ranked
 * probability score is the usual yardstick for 1X2 because it respects the order home, draw,
 * away: calling a draw when the home side wins is less wrong than calling an away win.
 */

/** Outcome index in [home, draw, away]. */
export type ResultIndex = 0 | 1 | 2;

/** RPS = 1/(r − 1) · Σ_k (cumulative forecast − cumulative outcome)² over the first r − 1 categories. */
export function rankedProbabilityScore(probabilities: readonly number[], outcome: number): number {
  let forecast = 0;
  let observed = 0;
  let total = 0;
  for (let k = 0; k < probabilities.length - 1; k++) {
    forecast += probabilities[k];
    observed += k === outcome ? 1 : 0;
    total += (forecast - observed) ** 2;
  }
  return total / (probabilities.length - 1);
}

/** The multi-category Brier score Σ_k (p_k − o_k)², from 0 (certain and right) to 2. */
export function brierScore(probabilities: readonly number[], outcome: number): number {
  return probabilities.reduce((total, p, k) => total + (p - (k === outcome ? 1 : 0)) ** 2, 0);
}

/** The Brier score of a yes/no forecast: (p − y)², from 0 to 1. */
export function binaryBrierScore(probability: number, happened: boolean): number {
  return (probability - (happened ? 1 : 0)) ** 2;
}

/** Probabilities are floored here so that one impossible-called outcome cannot make the mean infinite. */
const LOG_FLOOR = 1e-15;

/** −ln p(outcome). */
export function logLoss(probabilities: readonly number[], outcome: number): number {
  return -Math.log(Math.max(probabilities[outcome], LOG_FLOOR));
}

/** −ln of the probability given to what happened, for a yes/no forecast. */
export function binaryLogLoss(probability: number, happened: boolean): number {
  return -Math.log(Math.max(happened ? probability : 1 - probability, LOG_FLOOR));
}
