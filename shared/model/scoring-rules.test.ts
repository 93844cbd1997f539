import { describe, expect, it } from "vitest";
import { binaryBrierScore, binaryLogLoss, brierScore, logLoss, rankedProbabilityScore } from "./scoring-rules";

describe("rankedProbabilityScore", () => {
  it.each([
    [[1, 0, 0], 0, 0],
    [[1, 0, 0], 2, 1],
    [[0, 0, 1], 0, 1],
    [[1, 0, 0], 1, 0.5],
    // Cumulative (0.9, 1) against (1, 1): (0.01 + 0) / 2.
    [[0.9, 0.1, 0], 0, 0.005],
    [[0.5, 0.25, 0.25], 0, (0.25 + 0.0625) / 2],
    [[1 / 3, 1 / 3, 1 / 3], 1, 1 / 9],
  ])("RPS of %j when outcome %i happens is %d", (probabilities, outcome, expected) => {
    expect(rankedProbabilityScore(probabilities, outcome)).toBeCloseTo(expected, 12);
  });

  it("is kinder to a near miss (draw) than to the opposite result", () => {
    const forecast = [0.6, 0.25, 0.15];
    expect(rankedProbabilityScore(forecast, 1)).toBeLessThan(rankedProbabilityScore(forecast, 2));
  });
});

describe("brier and log-loss", () => {
  it.each([
    [[1, 0, 0], 0, 0],
    [[0, 1, 0], 0, 2],
    [[0.5, 0.3, 0.2], 0, 0.25 + 0.09 + 0.04],
  ])("Brier of %j, outcome %i is %d", (probabilities, outcome, expected) => {
    expect(brierScore(probabilities, outcome)).toBeCloseTo(expected, 12);
  });

  it.each([
    [0.7, true, 0.09],
    [0.7, false, 0.49],
    [0.5, true, 0.25],
  ])("binary Brier of %d when the event happened=%s is %d", (p, happened, expected) => {
    expect(binaryBrierScore(p, happened)).toBeCloseTo(expected, 12);
  });

  it("log-loss is −ln of the probability of what happened, floored for a called-impossible outcome", () => {
    expect(logLoss([0.5, 0.3, 0.2], 2)).toBeCloseTo(-Math.log(0.2), 12);
    expect(binaryLogLoss(0.8, false)).toBeCloseTo(-Math.log(0.2), 12);
    expect(logLoss([1, 0, 0], 1)).toBeCloseTo(-Math.log(1e-15), 6);
  });
});
