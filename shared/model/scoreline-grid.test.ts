import { describe, expect, it } from "vitest";
import {
  dixonColesTau,
  expectedGoals,
  GRID_SIDE,
  gridMarkets,
  mostLikelyScore,
  scorelineGrid,
  type ScorelineGrid,
} from "./scoreline-grid";

const sum = (grid: ScorelineGrid) => grid.reduce((total, p) => total + p, 0);
const cell = (grid: ScorelineGrid, home: number, away: number) => grid[home * GRID_SIDE + away];

const RATES: Array<[number, number, number]> = [
  [1.5, 1.1, 0],
  [1.5, 1.1, -0.13],
  [0.4, 3.2, 0.05],
  [3.5, 0.2, -0.2],
  [1, 1, 0.1],
];

describe("scorelineGrid", () => {
  it.each(RATES)("λ=%s μ=%s ρ=%s: the grid sums to 1 and has no negative cell", (lambda, mu, rho) => {
    const grid = scorelineGrid(lambda, mu, rho);
    expect(grid.length).toBe(121);
    expect(sum(grid)).toBeCloseTo(1, 12);
    expect(Math.min(...grid)).toBeGreaterThanOrEqual(0);
  });

  it.each(RATES)("λ=%s μ=%s ρ=%s: swapping the sides transposes the grid and mirrors 1X2", (lambda, mu, rho) => {
    const grid = scorelineGrid(lambda, mu, rho);
    const swapped = scorelineGrid(mu, lambda, rho);
    for (let h = 0; h < GRID_SIDE; h++) {
      for (let a = 0; a < GRID_SIDE; a++) expect(cell(swapped, a, h)).toBeCloseTo(cell(grid, h, a), 14);
    }
    const markets = gridMarkets(grid);
    const mirrored = gridMarkets(swapped);
    expect(mirrored.home).toBeCloseTo(markets.away, 12);
    expect(mirrored.away).toBeCloseTo(markets.home, 12);
    expect(mirrored.draw).toBeCloseTo(markets.draw, 12);
    expect(mirrored.over25).toBeCloseTo(markets.over25, 12);
    expect(mirrored.btts).toBeCloseTo(markets.btts, 12);
  });

  it("without the correction, cells are products of Poisson probabilities", () => {
    const grid = scorelineGrid(1.5, 1.1, 0);
    expect(cell(grid, 0, 0)).toBeCloseTo(Math.exp(-2.6), 6);
    expect(cell(grid, 2, 1)).toBeCloseTo((1.5 ** 2 / 2) * Math.exp(-1.5) * 1.1 * Math.exp(-1.1), 6);
  });

  it("the low-score correction moves mass between the four low scores and keeps the expected goals", () => {
    const plain = scorelineGrid(1.4, 1.2, 0);
    const corrected = scorelineGrid(1.4, 1.2, -0.1);
    // A negative rho adds draws 0-0 and 1-1 and takes from 1-0 and 0-1 (Dixon & Coles' finding).
    expect(cell(corrected, 0, 0)).toBeGreaterThan(cell(plain, 0, 0));
    expect(cell(corrected, 1, 1)).toBeGreaterThan(cell(plain, 1, 1));
    expect(cell(corrected, 1, 0)).toBeLessThan(cell(plain, 1, 0));
    expect(cell(corrected, 0, 1)).toBeLessThan(cell(plain, 0, 1));
    expect(cell(corrected, 2, 1)).toBeCloseTo(cell(plain, 2, 1), 12);
    const goals = expectedGoals(corrected);
    expect(goals.home).toBeCloseTo(1.4, 4);
    expect(goals.away).toBeCloseTo(1.2, 4);
  });

  it.each([
    [0, 0, 1 - 1.5 * 1.1 * -0.1],
    [0, 1, 1 + 1.5 * -0.1],
    [1, 0, 1 + 1.1 * -0.1],
    [1, 1, 1.1],
    [2, 0, 1],
    [3, 3, 1],
  ])("tau(%i, %i) at λ=1.5 μ=1.1 ρ=-0.1 is %d", (home, away, expected) => {
    expect(dixonColesTau(home, away, 1.5, 1.1, -0.1)).toBeCloseTo(expected, 12);
  });
});

describe("gridMarkets", () => {
  it.each(RATES)("λ=%s μ=%s ρ=%s: 1X2 sums to 1 and every market is a probability", (lambda, mu, rho) => {
    const markets = gridMarkets(scorelineGrid(lambda, mu, rho));
    expect(markets.home + markets.draw + markets.away).toBeCloseTo(1, 12);
    for (const p of Object.values(markets)) {
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
    }
  });

  it("reads the markets of a grid with all its mass on three scores", () => {
    const grid = new Float64Array(121);
    grid[2 * GRID_SIDE + 1] = 0.5; // 2-1: home, over, both score
    grid[0] = 0.3; // 0-0: draw, under, not both
    grid[0 * GRID_SIDE + 3] = 0.2; // 0-3: away, over, not both
    expect(gridMarkets(grid)).toEqual({ home: 0.5, draw: 0.3, away: 0.2, over25: 0.7, btts: 0.5 });
    const goals = expectedGoals(grid);
    expect(goals.home).toBeCloseTo(1, 12);
    expect(goals.away).toBeCloseTo(0.5 + 0.6, 12);
  });
});

describe("mostLikelyScore", () => {
  it.each([
    // P(1-0) = P(2-0) when λ = 2: the fewer goals win the tie.
    [2, 0.5, 0, "1", { home: 1, away: 0 }],
    [2.6, 0.5, 0, "1", { home: 2, away: 0 }],
    [1.2, 1.0, 0, "X", { home: 1, away: 1 }],
    [0.6, 0.6, 0, "X", { home: 0, away: 0 }],
    [0.9, 2.4, -0.05, "2", { home: 0, away: 2 }],
    [3, 3, 0, "2", { home: 2, away: 3 }],
  ] as const)("λ=%s μ=%s ρ=%s, result %s → %j", (lambda, mu, rho, result, expected) => {
    expect(mostLikelyScore(scorelineGrid(lambda, mu, rho), result)).toEqual(expected);
  });
});
