import { describe, expect, it } from "vitest";
import { carriedRates, clubGaps, type GapFixture } from "./outlook-carry";

const near = (homeTeamId: number, awayTeamId: number, lambdaGap: number, muGap: number): GapFixture => ({
  homeTeamId,
  awayTeamId,
  ratedLambda: 1.5,
  ratedMu: 1.1,
  lambda: 1.5 * Math.exp(lambdaGap),
  mu: 1.1 * Math.exp(muGap),
});

describe("clubGaps and carriedRates", () => {
  it("find the club the market rates above its results, and carry it into its later fixtures", () => {
    // Club 1 scores 0.2 more (log) than its ratings say at home and away; everyone else is as rated.
    const gaps = clubGaps([near(1, 2, 0.2, 0), near(3, 1, 0, 0.2), near(4, 5, 0, 0), near(6, 7, 0, 0)], 1e-9);
    const g = (id: number) => gaps.get(id)!;
    // Without a ridge the offsets reproduce every near fixture's gap.
    expect(g(1).attack - g(2).defence).toBeCloseTo(0.2, 6);
    expect(g(1).attack - g(3).defence).toBeCloseTo(0.2, 6);
    expect(g(2).attack - g(1).defence).toBeCloseTo(0, 6);
    expect(g(4).attack - g(5).defence).toBeCloseTo(0, 6);
    expect(Math.abs(g(4).attack)).toBeLessThan(1e-6);
    const later = { homeTeamId: 1, awayTeamId: 4, lambda: 1.4, mu: 1.2 };
    const carried = carriedRates(later, gaps, 1);
    expect(carried.lambda).toBeGreaterThan(1.4);
    // The gain scales the carried gap: none at 0, half again at 1.5.
    expect(carriedRates(later, gaps, 0)).toEqual({ lambda: 1.4, mu: 1.2 });
    const log = (x: number) => Math.log(x / 1.4);
    expect(log(carriedRates(later, gaps, 1.5).lambda)).toBeCloseTo(1.5 * log(carried.lambda), 9);
  });

  it.each([
    ["no near fixture", [] as GapFixture[], 0],
    ["a ridge that shrinks one match's gap", [near(1, 2, 0.3, 0)], 1],
  ])("%s", (_, fixtures, ridge) => {
    const gaps = clubGaps(fixtures, ridge);
    const later = carriedRates({ homeTeamId: 1, awayTeamId: 9, lambda: 1.4, mu: 1.2 }, gaps, 1);
    if (fixtures.length === 0) expect(later).toEqual({ lambda: 1.4, mu: 1.2 });
    else {
      // Shrunk: less than the whole 0.3, more than nothing.
      expect(Math.log(later.lambda / 1.4)).toBeGreaterThan(0.05);
      expect(Math.log(later.lambda / 1.4)).toBeLessThan(0.3);
    }
  });

  it("leaves out a near fixture with an unusable rate", () => {
    expect(clubGaps([{ ...near(1, 2, 0.2, 0), lambda: 0 }], 1).size).toBe(0);
  });
});
