import { describe, expect, it } from "vitest";
import {
  halfTimeLeaderForecast,
  improvement,
  meanBrier,
  meanRps,
  ODDS_CHECK_VERSION,
  parseOddsCheckPayload,
  pointsPerGameBaseline,
  pointsPerGameVariance,
  resultCalibrationError,
  resultIndex,
} from "./odds-check";

describe("the odds check's scores", () => {
  it("takes the Brier score as the mean squared gap between probability and outcome", () => {
    // (0.8 - 1)² = 0.04, (0.3 - 0)² = 0.09, (0.5 - 1)² = 0.25: mean 0.38 / 3.
    const score = meanBrier([
      { probability: 0.8, happened: true },
      { probability: 0.3, happened: false },
      { probability: 0.5, happened: true },
    ]);
    expect(score).toBeCloseTo(0.38 / 3, 12);
    expect(meanBrier([])).toBe(0);
  });

  it("states improvement as the share of the baseline's score saved", () => {
    expect(improvement(0.04, 0.05)).toBeCloseTo(0.2, 12);
    expect(improvement(0.06, 0.05)).toBeCloseTo(-0.2, 12);
    expect(improvement(0.01, 0)).toBe(0);
  });

  it("takes the RPS over the ordered outcomes home, draw, away", () => {
    // Home win: cumulative (0.5 - 1)² + (0.8 - 1)² = 0.25 + 0.04, halved: 0.145.
    // Away win: 0.5² + 0.8² = 0.89, halved: 0.445.
    expect(meanRps([{ probabilities: [0.5, 0.3, 0.2], outcome: 0 }])).toBeCloseTo(0.145, 12);
    expect(
      meanRps([
        { probabilities: [0.5, 0.3, 0.2], outcome: 0 },
        { probabilities: [0.5, 0.3, 0.2], outcome: 2 },
      ]),
    ).toBeCloseTo(0.295, 12);
  });

  it("lets the half-time leader win with certainty, and calls a level score a draw", () => {
    expect(halfTimeLeaderForecast(1, 0)).toEqual([1, 0, 0]);
    expect(halfTimeLeaderForecast(1, 1)).toEqual([0, 1, 0]);
    expect(halfTimeLeaderForecast(0, 2)).toEqual([0, 0, 1]);
    expect(resultIndex(3, 2)).toBe(0);
    // A right call scores 0, a draw called when the home side won 0.5, an away win called 1.
    expect(meanRps([{ probabilities: halfTimeLeaderForecast(1, 0), outcome: 0 }])).toBe(0);
    expect(meanRps([{ probabilities: halfTimeLeaderForecast(0, 0), outcome: 0 }])).toBeCloseTo(0.5, 12);
    expect(meanRps([{ probabilities: halfTimeLeaderForecast(0, 1), outcome: 0 }])).toBe(1);
  });

  it("computes the ECE over the three outcomes of every match in 10 equal-width bins", () => {
    // Two matches: pairs 0.65 (won), 0.25, 0.1 | 0.65 (not), 0.25 (drawn), 0.1.
    // Bin 0.6-0.7: mean 0.65, happened 1/2: gap 0.15, weight 2/6.
    // Bin 0.2-0.3: mean 0.25, happened 1/2: gap 0.25, weight 2/6.
    // Bin 0.1-0.2: mean 0.1, happened 0: gap 0.1, weight 2/6.
    const { ece, bins } = resultCalibrationError([
      { probabilities: [0.65, 0.25, 0.1], outcome: 0 },
      { probabilities: [0.65, 0.25, 0.1], outcome: 1 },
    ]);
    expect(bins).toHaveLength(10);
    expect(bins[6]).toMatchObject({ count: 2, observedRate: 0.5 });
    expect(bins[1]).toMatchObject({ count: 2, observedRate: 0 });
    expect(ece).toBeCloseTo((2 / 6) * (0.15 + 0.25 + 0.1), 12);
  });
});

describe("the points-per-game baseline", () => {
  it("takes the variance of points per game over every team-match", () => {
    // A home win (3, 0) and a draw (1, 1): points 3, 0, 1, 1, mean 1.25, mean square 2.75, variance 1.1875.
    expect(
      pointsPerGameVariance([
        { homeGoals: 2, awayGoals: 0 },
        { homeGoals: 1, awayGoals: 1 },
      ]),
    ).toBeCloseTo(1.1875, 12);
    expect(pointsPerGameVariance([])).toBe(0);
  });

  it("extrapolates points per game: with no spread the order is certain", () => {
    const teams = [
      { teamId: 1, points: 20, played: 10, remaining: 10 }, // 40
      { teamId: 2, points: 18, played: 10, remaining: 10 }, // 36
      { teamId: 3, points: 12, played: 10, remaining: 10 }, // 24
      { teamId: 4, points: 5, played: 10, remaining: 10 }, // 10
    ];
    const p = pointsPerGameBaseline(teams, 0, { championsLeague: [1, 2], relegation: [4, 4] }, 100, 7);
    expect(p.get(1)).toEqual({ title: 1, championsLeague: 1, relegation: 0 });
    expect(p.get(3)).toEqual({ title: 0, championsLeague: 0, relegation: 0 });
    expect(p.get(4)).toEqual({ title: 0, championsLeague: 0, relegation: 1 });
  });

  it("spreads two teams level on points per game evenly, and the chances add up per place", () => {
    const teams = [
      { teamId: 1, points: 20, played: 10, remaining: 10 },
      { teamId: 2, points: 20, played: 10, remaining: 10 },
      { teamId: 3, points: 0, played: 10, remaining: 10 },
    ];
    const p = pointsPerGameBaseline(teams, 1.5, { championsLeague: [1, 1], relegation: [3, 3] }, 4000, 11);
    expect(p.get(1)!.title).toBeGreaterThan(0.45);
    expect(p.get(1)!.title).toBeLessThan(0.55);
    expect(p.get(1)!.title + p.get(2)!.title + p.get(3)!.title).toBeCloseTo(1, 12);
    expect(p.get(3)!.relegation).toBe(1);
  });
});

describe("the stored payload", () => {
  it("reads back a payload of this version and refuses others", () => {
    const payload = {
      version: ODDS_CHECK_VERSION,
      ranAt: "2026-02-07T04:30:00.000Z",
      outlook: null,
      live: null,
      scoreline: null,
      closingLine: null,
    };
    expect(parseOddsCheckPayload(payload)).toEqual(payload);
    expect(parseOddsCheckPayload({ ...payload, version: ODDS_CHECK_VERSION + 1 })).toBeNull();
    expect(parseOddsCheckPayload({ ...payload, live: { rps: { ours: "x" } } })).toBeNull();
    // A payload stored before the scoreline part was added is read as missing: the job reruns the check.
    expect(parseOddsCheckPayload({ ...payload, scoreline: undefined })).toBeNull();
    expect(parseOddsCheckPayload({ ...payload, scoreline: { logScore: { ours: 2.9 } } })).toBeNull();
    // So is one stored before the closing-line part.
    expect(parseOddsCheckPayload({ ...payload, closingLine: undefined })).toBeNull();
    expect(parseOddsCheckPayload({ ...payload, closingLine: { byKind: [{ beatCloseRate: "x" }] } })).toBeNull();
    expect(parseOddsCheckPayload(null)).toBeNull();
  });
});
