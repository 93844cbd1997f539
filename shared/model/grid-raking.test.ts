import { describe, expect, it } from "vitest";
import { rakeGrid } from "./grid-raking";
import { GRID_SIDE, gridMarkets, scorelineGrid } from "./scoreline-grid";

describe("rakeGrid", () => {
  const grid = scorelineGrid(1.6, 1.1, -0.08);

  it.each([
    [{ result: [0.5, 0.27, 0.23] as const }],
    [{ over25: 0.61 }],
    [{ result: [0.3, 0.3, 0.4] as const, over25: 0.45 }],
    [{ result: [0.62, 0.22, 0.16] as const, over25: 0.58, btts: 0.49 }],
  ])("meets the targets %j and keeps a distribution", (targets) => {
    const raked = rakeGrid(grid, targets);
    const markets = gridMarkets(raked);
    expect(raked.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    if ("result" in targets && targets.result) {
      expect(markets.home).toBeCloseTo(targets.result[0], 8);
      expect(markets.draw).toBeCloseTo(targets.result[1], 8);
      expect(markets.away).toBeCloseTo(targets.result[2], 8);
    }
    if ("over25" in targets && targets.over25 !== undefined) expect(markets.over25).toBeCloseTo(targets.over25, 8);
    if ("btts" in targets && targets.btts !== undefined) expect(markets.btts).toBeCloseTo(targets.btts, 8);
  });

  it("leaves a grid alone when it already has the targets", () => {
    const markets = gridMarkets(grid);
    const raked = rakeGrid(grid, { result: [markets.home, markets.draw, markets.away], over25: markets.over25 });
    raked.forEach((p, i) => expect(p).toBeCloseTo(grid[i], 12));
  });

  it("keeps the odds between scores of the same outcome (the closest grid in KL divergence)", () => {
    const raked = rakeGrid(grid, { result: [0.4, 0.35, 0.25] });
    const ratio = (g: Float64Array, a: [number, number], b: [number, number]) =>
      g[a[0] * GRID_SIDE + a[1]] / g[b[0] * GRID_SIDE + b[1]];
    expect(ratio(raked, [2, 1], [1, 0])).toBeCloseTo(ratio(grid, [2, 1], [1, 0]), 12);
    expect(ratio(raked, [0, 0], [2, 2])).toBeCloseTo(ratio(grid, [0, 0], [2, 2]), 12);
    expect(raked[1 * GRID_SIDE + 1] / grid[1 * GRID_SIDE + 1]).toBeGreaterThan(1);
  });

  it("does not change the grid it is given", () => {
    const copy = Float64Array.from(grid);
    rakeGrid(grid, { over25: 0.9 });
    expect(Array.from(grid)).toEqual(Array.from(copy));
  });
});
