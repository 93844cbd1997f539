/**
 * Bookmakers' decimal prices → probabilities with the margin removed. Plain normalisation
 * spreads the margin in proportion to the implied probabilities, which leaves the
 * favourite-longshot bias in; Shin's method (Shin 1993, as solved by Jullien & Salanié and
 * Štrumbelj 2014) and the power method (Clarke, Kovalchik & Ingram 2017) take more of the
 * margin from the longshots.
 */

export type DevigMethod = "multiplicative" | "power" | "shin";

/** 1/price for every price, or null when one is not a real price (finite and above 1). */
export function impliedProbabilities(prices: readonly number[]): number[] | null {
  if (prices.length < 2 || prices.some((price) => !Number.isFinite(price) || price <= 1)) return null;
  return prices.map((price) => 1 / price);
}

/** The booksum: the implied probabilities' total (1.05 is a 5% margin). */
export function overround(prices: readonly number[]): number | null {
  const implied = impliedProbabilities(prices);
  return implied && implied.reduce((sum, p) => sum + p, 0);
}

function normalised(values: readonly number[]): number[] {
  const total = values.reduce((sum, v) => sum + v, 0);
  return values.map((v) => v / total);
}

/** Finds the root of a decreasing function on [low, high] by bisection. */
function bisect(f: (x: number) => number, low: number, high: number): number {
  for (let i = 0; i < 100; i++) {
    const middle = (low + high) / 2;
    if (f(middle) > 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** p_i = π_i^k with k chosen so that the p_i sum to 1. */
function powerMethod(implied: readonly number[]): number[] {
  const excess = (k: number) => implied.reduce((sum, p) => sum + p ** k, 0) - 1;
  const k = bisect(excess, 0.01, 100);
  return normalised(implied.map((p) => p ** k));
}

/**
 * Shin's model: a share z of the money comes from insiders; the fair probabilities are
 * p_i = (√(z² + 4(1 − z)·π_i²/Π) − z) / (2(1 − z)), with z chosen so that they sum to 1.
 */
function shinMethod(implied: readonly number[]): number[] {
  const booksum = implied.reduce((sum, p) => sum + p, 0);
  const at = (z: number) =>
    implied.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / booksum) - z) / (2 * (1 - z)));
  const z = bisect((candidate) => at(candidate).reduce((sum, p) => sum + p, 0) - 1, 0, 0.99);
  return normalised(at(z));
}

/**
 * Fair probabilities from one bookmaker's (or the market average's) prices for every outcome
 * of a market. A book without a margin (booksum <= 1, which averages and best prices can show)
 * is only normalised: there is no margin to take out. null for an invalid price.
 */
export function devig(prices: readonly number[], method: DevigMethod): number[] | null {
  const implied = impliedProbabilities(prices);
  if (!implied) return null;
  const booksum = implied.reduce((sum, p) => sum + p, 0);
  if (method === "multiplicative" || booksum <= 1) return normalised(implied);
  return method === "power" ? powerMethod(implied) : shinMethod(implied);
}
