/**
 * The public check of every scoreline (the match page's table): the log score of the actual
 * final score under our published grid, against a baseline that knows the market: independent
 * Poisson goals for each side, their two rates fitted to the market's de-vigged home win, away
 * win and over 2.5 goals probabilities. Everything here is pure; the walk-forward that produces
 * the forecasts is in sync-worker/bench/odds-check-scoreline.ts.
 *
 * Log score of a scoreline forecast: −ln p(the actual score); lower is better. Scores beyond the
 * grid (11 goals a side) are given the probability of the grid's last row or column.
 */
import { devig } from "./devig";
import { GRID_SIDE, gridMarkets, scorelineGrid, type ScorelineGrid } from "./scoreline-grid";

/** The smallest probability a forecast is charged for: a zero cell costs ln(10¹²) ≈ 27.6, not infinity. */
const FLOOR = 1e-12;

/** −ln p of the score (home, away) under a grid of `side` a side, row-major. */
export function scorelineLogScore(grid: ArrayLike<number>, home: number, away: number, side = GRID_SIDE): number {
  const h = Math.min(Math.max(0, Math.floor(home)), side - 1);
  const a = Math.min(Math.max(0, Math.floor(away)), side - 1);
  return -Math.log(Math.max(FLOOR, grid[h * side + a]));
}

export interface MarketTargets {
  home: number;
  away: number;
  over25: number;
}

/** The market's fair home win, away win and over 2.5 probabilities (Shin's method), or null without both prices. */
export function marketTargets(
  resultPrices: readonly number[] | null | undefined,
  overUnderPrices: readonly number[] | null | undefined,
): MarketTargets | null {
  if (!resultPrices || resultPrices.length !== 3 || !overUnderPrices || overUnderPrices.length !== 2) return null;
  const result = devig(resultPrices, "shin");
  const goals = devig(overUnderPrices, "shin");
  if (!result || !goals) return null;
  return { home: result[0], away: result[2], over25: goals[0] };
}

function misfit(lambda: number, mu: number, target: MarketTargets): number[] {
  const m = gridMarkets(scorelineGrid(lambda, mu, 0));
  return [m.home - target.home, m.away - target.away, m.over25 - target.over25];
}

/**
 * The two Poisson rates whose independent goals come closest (least squares) to the market's
 * home win, away win and over 2.5 probabilities: Gauss-Newton on the log rates, from 1.4 and 1.1.
 */
export function fitPoissonToMarket(target: MarketTargets): { lambda: number; mu: number } {
  let x = [Math.log(1.4), Math.log(1.1)];
  const step = 1e-5;
  for (let iteration = 0; iteration < 30; iteration++) {
    const r = misfit(Math.exp(x[0]), Math.exp(x[1]), target);
    const columns = [0, 1].map((k) => {
      const moved = [...x];
      moved[k] += step;
      const rk = misfit(Math.exp(moved[0]), Math.exp(moved[1]), target);
      return rk.map((value, i) => (value - r[i]) / step);
    });
    // Normal equations of the 3×2 Jacobian J: (JᵀJ) δ = −Jᵀr.
    const a = columns[0].reduce((s, v) => s + v * v, 0);
    const b = columns[0].reduce((s, v, i) => s + v * columns[1][i], 0);
    const d = columns[1].reduce((s, v) => s + v * v, 0);
    const g0 = columns[0].reduce((s, v, i) => s + v * r[i], 0);
    const g1 = columns[1].reduce((s, v, i) => s + v * r[i], 0);
    const det = a * d - b * b;
    if (!(Math.abs(det) > 1e-18)) break;
    const delta = [(-d * g0 + b * g1) / det, (b * g0 - a * g1) / det];
    // Small steps only: the rates stay in the range a league match has.
    x = x.map((value, k) =>
      Math.min(Math.log(6), Math.max(Math.log(0.05), value + Math.max(-1, Math.min(1, delta[k])))),
    );
    if (Math.abs(delta[0]) + Math.abs(delta[1]) < 1e-9) break;
  }
  return { lambda: Math.exp(x[0]), mu: Math.exp(x[1]) };
}

/** The baseline's grid for a match: independent Poisson goals fitted to the market. */
export function marketPoissonGrid(target: MarketTargets): ScorelineGrid {
  const { lambda, mu } = fitPoissonToMarket(target);
  return scorelineGrid(lambda, mu, 0);
}

export interface ScorelineCheckFigures {
  seasons: string[];
  /** Matches scored: those with a forecast and the market's 1X2 and over/under prices. */
  matches: number;
  logScore: { ours: number; baseline: number };
  /** 1 − ours / baseline. */
  improvement: number;
  /** The share of matches whose actual score our grid gave more probability than the baseline. */
  oursHigher: number;
  elapsedMs: number;
}
