import { describe, expect, it } from "vitest";
import { expectedCalibrationError, reliabilityBins } from "./reliability";

describe("reliabilityBins", () => {
  it("puts each forecast in its tenth and counts what happened", () => {
    const bins = reliabilityBins([
      { probability: 0.05, happened: false },
      { probability: 0.72, happened: true },
      { probability: 0.78, happened: false },
      { probability: 0.7, happened: true },
      { probability: 1, happened: true },
    ]);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ from: 0, to: 0.1, count: 1, meanProbability: 0.05, observedRate: 0 });
    expect(bins[7].count).toBe(3);
    expect(bins[7].meanProbability).toBeCloseTo(0.7333, 4);
    expect(bins[7].observedRate).toBeCloseTo(2 / 3, 12);
    expect(bins[9]).toMatchObject({ count: 1, meanProbability: 1, observedRate: 1 });
    expect(bins[3]).toMatchObject({ count: 0, meanProbability: null, observedRate: null });
  });
});

describe("expectedCalibrationError", () => {
  it.each([
    ["no points", [], 0],
    [
      "a calibrated set: 70% forecasts that win 7 times in 10",
      Array.from({ length: 10 }, (_, i) => ({ probability: 0.7, happened: i < 7 })),
      0,
    ],
    [
      "70% forecasts that win half the time",
      Array.from({ length: 10 }, (_, i) => ({ probability: 0.7, happened: i < 5 })),
      0.2,
    ],
    [
      "two bins weighted by their counts",
      [
        ...Array.from({ length: 3 }, () => ({ probability: 0.9, happened: true })),
        { probability: 0.2, happened: true },
      ],
      (3 / 4) * 0.1 + (1 / 4) * 0.8,
    ],
  ])("%s → %d", (_, points, expected) => {
    expect(expectedCalibrationError(reliabilityBins(points))).toBeCloseTo(expected, 12);
  });
});
