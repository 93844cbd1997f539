/**
 * The random draws of the season outlook's Monte Carlo: the seeded mulberry32 generator (never
 * Math.random, so the same seed gives the same numbers), Poisson draws of a side's goals, Dixon &
 * Coles' tau for low scores, standard normal draws for the rating uncertainty, and a fast exp(−x)
 * for a match's scoring rates.
 */

/** mulberry32: a small, fast, well-mixed 32-bit generator; floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POISSON_CAP = 25;

/** A Poisson draw by inversion (rates of a football match are small: a few steps). */
export function poisson(rate: number, expMinus: number, random: () => number): number {
  const u = random();
  let k = 0;
  let p = expMinus;
  let cumulative = p;
  while (u >= cumulative && k < POISSON_CAP) {
    k += 1;
    p *= rate / k;
    cumulative += p;
  }
  return k;
}

/** Dixon & Coles' tau, clipped at 0 as the grid clips it. */
export function tau(h: number, a: number, lambda: number, mu: number, rho: number): number {
  let t = 1;
  if (h === 0 && a === 0) t = 1 - lambda * mu * rho;
  else if (h === 0 && a === 1) t = 1 + lambda * rho;
  else if (h === 1 && a === 0) t = 1 + mu * rho;
  else if (h === 1 && a === 1) t = 1 - rho;
  return t > 0 ? t : 0;
}

/** Standard normal draws (Box–Muller, both of each pair used). */
export function normals(random: () => number, out: Float64Array): void {
  for (let i = 0; i < out.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    out[i] = r * Math.cos(angle);
    if (i + 1 < out.length) out[i + 1] = r * Math.sin(angle);
  }
}

/**
 * exp(−x) for the rates of a match (0 ≤ x ≤ EXP_TABLE_MAX) from a table at steps of 1/256 and a
 * third-order correction: relative error below 1e-9, a third of Math.exp's time in the loop.
 */
const EXP_STEPS = 256;
const EXP_TABLE_MAX = 16;
const EXP_TABLE = Float64Array.from({ length: EXP_TABLE_MAX * EXP_STEPS + 1 }, (_, i) => Math.exp(-i / EXP_STEPS));

export function expMinus(x: number): number {
  if (x >= EXP_TABLE_MAX) return Math.exp(-x);
  const i = (x * EXP_STEPS) | 0;
  const d = x - i / EXP_STEPS;
  return EXP_TABLE[i] * (1 - d * (1 - d * (0.5 - d / 6)));
}
