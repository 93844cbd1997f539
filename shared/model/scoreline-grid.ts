/**
 * The scoreline grid: the probability of every final score from 0-0 to 10-10, and what it
 * says about each market (1X2, over/under 2.5 goals, both teams to score), the expected goals
 * and the projected score. Goals follow two Poisson laws with Dixon & Coles' (1997) correction
 * of the four low scores, whose dependence independent Poissons get wrong.
 */
import type { ResultCode, Score } from "../domain/picks";

export const MAX_GOALS = 10;
export const GRID_SIDE = MAX_GOALS + 1;

/** Row-major: the probability of home h, away a is at h × GRID_SIDE + a. Sums to 1. */
export type ScorelineGrid = Float64Array;

export interface MarketProbabilities {
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
}

/** Dixon & Coles' tau: the factor on the probability of 0-0, 0-1, 1-0 and 1-1; 1 elsewhere. */
export function dixonColesTau(home: number, away: number, lambda: number, mu: number, rho: number): number {
  if (home === 0 && away === 0) return 1 - lambda * mu * rho;
  if (home === 0 && away === 1) return 1 + lambda * rho;
  if (home === 1 && away === 0) return 1 + mu * rho;
  if (home === 1 && away === 1) return 1 - rho;
  return 1;
}

function poissonProbabilities(rate: number): Float64Array {
  const p = new Float64Array(GRID_SIDE);
  p[0] = Math.exp(-rate);
  for (let k = 1; k < GRID_SIDE; k++) p[k] = (p[k - 1] * rate) / k;
  return p;
}

/**
 * The grid for home and away scoring rates lambda and mu and the low-score dependence rho.
 * Scores above 10 are left out and the rest renormalised (their mass is below 0.1% for any
 * rate a league match has). A rho that makes a tau negative is clipped to a zero cell.
 */
export function scorelineGrid(lambda: number, mu: number, rho: number): ScorelineGrid {
  const home = poissonProbabilities(lambda);
  const away = poissonProbabilities(mu);
  const grid = new Float64Array(GRID_SIDE * GRID_SIDE);
  let total = 0;
  for (let h = 0; h < GRID_SIDE; h++) {
    for (let a = 0; a < GRID_SIDE; a++) {
      const cell = home[h] * away[a] * Math.max(0, dixonColesTau(h, a, lambda, mu, rho));
      grid[h * GRID_SIDE + a] = cell;
      total += cell;
    }
  }
  for (let i = 0; i < grid.length; i++) grid[i] /= total;
  return grid;
}

export function gridMarkets(grid: ScorelineGrid): MarketProbabilities {
  const markets = { home: 0, draw: 0, away: 0, over25: 0, btts: 0 };
  for (let h = 0; h < GRID_SIDE; h++) {
    for (let a = 0; a < GRID_SIDE; a++) {
      const p = grid[h * GRID_SIDE + a];
      if (h > a) markets.home += p;
      else if (h === a) markets.draw += p;
      else markets.away += p;
      if (h + a > 2) markets.over25 += p;
      if (h > 0 && a > 0) markets.btts += p;
    }
  }
  return markets;
}

export function expectedGoals(grid: ScorelineGrid): Score {
  const goals = { home: 0, away: 0 };
  for (let h = 0; h < GRID_SIDE; h++) {
    for (let a = 0; a < GRID_SIDE; a++) {
      const p = grid[h * GRID_SIDE + a];
      goals.home += h * p;
      goals.away += a * p;
    }
  }
  return goals;
}

function resultOf(home: number, away: number): ResultCode {
  if (home > away) return "1";
  return home === away ? "X" : "2";
}

/** The most likely score with the given result (on equal probabilities, the fewer goals). */
export function mostLikelyScore(grid: ScorelineGrid, result: ResultCode): Score {
  let best: Score =
    result === "1" ? { home: 1, away: 0 } : result === "2" ? { home: 0, away: 1 } : { home: 0, away: 0 };
  let bestProbability = -1;
  for (let total = 0; total <= 2 * MAX_GOALS; total++) {
    for (let h = Math.max(0, total - MAX_GOALS); h <= Math.min(total, MAX_GOALS); h++) {
      const a = total - h;
      if (resultOf(h, a) !== result) continue;
      const p = grid[h * GRID_SIDE + a];
      if (p > bestProbability) {
        bestProbability = p;
        best = { home: h, away: a };
      }
    }
  }
  return best;
}
