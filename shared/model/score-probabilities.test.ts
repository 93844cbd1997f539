import { describe, expect, it } from "vitest";
import { foldScoreGrid, goalsLabel, likeliestScores, scoreProbabilities, SHOWN_CELLS } from "./score-probabilities";
import { GRID_SIDE, gridMarkets, scorelineGrid } from "./scoreline-grid";

const sum = (values: readonly number[]) => values.reduce((total, p) => total + p, 0);
/** A side×side grid with the given cells set and every other cell 0. */
function gridWith(side: number, cells: Array<[home: number, away: number, p: number]>): number[] {
  const grid = new Array<number>(side * side).fill(0);
  for (const [h, a, p] of cells) grid[h * side + a] = p;
  return grid;
}

describe("foldScoreGrid", () => {
  it.each([
    { case: "a low score stays in its cell", cells: [[1, 0, 1]], at: [1, 0] },
    { case: "six home goals join five in the 5+ row", cells: [[6, 2, 1]], at: [5, 2] },
    { case: "ten away goals join the 5+ column", cells: [[0, 10, 1]], at: [0, 5] },
    { case: "7-9 lands in the 5+ corner", cells: [[7, 9, 1]], at: [5, 5] },
  ] as Array<{ case: string; cells: Array<[number, number, number]>; at: [number, number] }>)(
    "$case",
    ({ cells, at }) => {
      const folded = foldScoreGrid(gridWith(GRID_SIDE, cells))!;
      expect(folded).toHaveLength(SHOWN_CELLS);
      expect(folded[at[0] * 6 + at[1]]).toBe(1);
      expect(sum(folded)).toBe(1);
    },
  );

  it.each([
    [1.5, 1.1, -0.13],
    [3.5, 0.2, -0.2],
    [2.8, 2.6, 0.05],
  ])("keeps the total and every market of the model's grid (λ=%s μ=%s ρ=%s)", (lambda, mu, rho) => {
    const grid = scorelineGrid(lambda, mu, rho);
    const folded = foldScoreGrid(grid)!;
    expect(sum(folded)).toBeCloseTo(1, 5);
    const markets = gridMarkets(grid);
    let home = 0;
    let draw = 0;
    for (let h = 0; h < 6; h++) {
      for (let a = 0; a < 6; a++) {
        // 5+ against 5+ is not a sure draw: only the cells below five goals a side are compared.
        if (h === 5 || a === 5) continue;
        if (h > a) home += folded[h * 6 + a];
        if (h === a) draw += folded[h * 6 + a];
      }
    }
    expect(home).toBeLessThanOrEqual(markets.home + 1e-5);
    expect(draw).toBeLessThanOrEqual(markets.draw + 1e-5);
    expect(markets.draw - draw).toBeLessThan(0.02);
  });

  it("rounds to a millionth for storage", () => {
    const folded = foldScoreGrid(
      gridWith(GRID_SIDE, [
        [0, 0, 0.123456789],
        [1, 1, 0.876543211],
      ]),
    )!;
    expect(folded[0]).toBe(0.123457);
    expect(folded[7]).toBe(0.876543);
  });

  it("refuses a grid of the wrong size", () => {
    expect(foldScoreGrid([0.5, 0.5])).toBeNull();
    expect(foldScoreGrid(gridWith(4, [[0, 0, 1]]), 4)).toBeNull();
  });
});

describe("scoreProbabilities", () => {
  it("labels each cell home goals then away goals, 5+ last", () => {
    const cells = scoreProbabilities(
      foldScoreGrid(
        gridWith(GRID_SIDE, [
          [2, 1, 0.25],
          [8, 0, 0.75],
        ]),
      ),
    )!;
    expect(cells).toHaveLength(36);
    expect(cells[0]).toEqual({ home: "0", away: "0", probability: 0 });
    expect(cells[13]).toEqual({ home: "2", away: "1", probability: 0.25 });
    expect(cells[30]).toEqual({ home: "5+", away: "0", probability: 0.75 });
    expect(cells[35]).toEqual({ home: "5+", away: "5+", probability: 0 });
  });

  it.each([
    { case: "no grid stored", folded: null },
    { case: "a grid of another size", folded: [1] },
    { case: "a cell that is not a number", folded: [...new Array<number>(35).fill(0), Number.NaN] },
    { case: "a negative cell", folded: [...new Array<number>(35).fill(0), -0.1] },
  ])("gives nothing for $case", ({ folded }) => {
    expect(scoreProbabilities(folded)).toBeNull();
  });

  it("says five goals or more as 5+", () => {
    expect([0, 4, 5, 9].map(goalsLabel)).toEqual(["0", "4", "5+", "5+"]);
  });
});

describe("likeliestScores", () => {
  it("lists exact scores, likeliest first, fewer goals first on a tie, never a 5+ cell", () => {
    const cells = scoreProbabilities(
      foldScoreGrid(
        gridWith(GRID_SIDE, [
          [1, 1, 0.2],
          [1, 0, 0.15],
          [0, 1, 0.15],
          [2, 1, 0.15],
          [6, 0, 0.35],
        ]),
      ),
    )!;
    expect(likeliestScores(cells, 3).map((c) => `${c.home}-${c.away}`)).toEqual(["1-1", "1-0", "0-1"]);
  });
});
