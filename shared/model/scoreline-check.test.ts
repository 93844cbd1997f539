import { describe, expect, it } from "vitest";
import { fitPoissonToMarket, marketPoissonGrid, marketTargets, scorelineLogScore } from "./scoreline-check";
import { GRID_SIDE, gridMarkets, scorelineGrid } from "./scoreline-grid";

describe("scorelineLogScore", () => {
  const grid = new Array<number>(GRID_SIDE * GRID_SIDE).fill(0);
  grid[1 * GRID_SIDE + 0] = 0.5;
  grid[10 * GRID_SIDE + 10] = 0.25;
  it.each([
    { case: "a score inside the grid", home: 1, away: 0, expected: Math.log(2) },
    { case: "a score beyond the grid, in its last cell", home: 12, away: 11, expected: Math.log(4) },
    { case: "a score the grid gives nothing, at the floor", home: 0, away: 0, expected: Math.log(1e12) },
  ])("charges −ln p for $case", ({ home, away, expected }) => {
    expect(scorelineLogScore(grid, home, away)).toBeCloseTo(expected, 10);
  });
});

describe("marketTargets", () => {
  it("takes the market's margin out of both markets", () => {
    const target = marketTargets([2.0, 3.4, 3.8], [1.9, 1.95])!;
    expect(target.home + target.away).toBeLessThan(1);
    expect(target.home).toBeGreaterThan(0.45);
    expect(target.home).toBeLessThan(1 / 2.0);
    expect(target.over25).toBeGreaterThan(0.5);
    expect(target.over25).toBeLessThan(1 / 1.9);
  });

  it.each([
    { case: "no 1X2 prices", result: null, goals: [1.9, 1.9] },
    { case: "no over/under prices", result: [2, 3.4, 3.8], goals: null },
    { case: "a price of 1 or less", result: [1, 3.4, 3.8], goals: [1.9, 1.9] },
  ])("gives nothing for $case", ({ result, goals }) => {
    expect(marketTargets(result, goals)).toBeNull();
  });
});

describe("fitPoissonToMarket", () => {
  it.each([
    [1.5, 1.1],
    [2.6, 0.6],
    [0.8, 1.9],
    [1.2, 1.2],
  ])("finds the rates %s and %s back from the markets their independent goals give", (lambda, mu) => {
    const markets = gridMarkets(scorelineGrid(lambda, mu, 0));
    const fitted = fitPoissonToMarket({ home: markets.home, away: markets.away, over25: markets.over25 });
    expect(fitted.lambda).toBeCloseTo(lambda, 3);
    expect(fitted.mu).toBeCloseTo(mu, 3);
  });

  it("comes close to markets no independent Poisson gives exactly, and its grid sums to 1", () => {
    const target = { home: 0.45, away: 0.25, over25: 0.62 };
    const grid = marketPoissonGrid(target);
    const markets = gridMarkets(grid);
    expect(grid.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
    expect(Math.abs(markets.home - target.home)).toBeLessThan(0.05);
    expect(Math.abs(markets.away - target.away)).toBeLessThan(0.05);
    expect(Math.abs(markets.over25 - target.over25)).toBeLessThan(0.05);
  });
});
