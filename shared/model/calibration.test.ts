import { describe, expect, it } from "vitest";
import { calibrate, fitIsotonic, fitPlatt, IDENTITY_CALIBRATION, type CalibrationMap } from "./calibration";
import type { ProbabilityOutcome } from "./reliability";

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** Forecasts that are overconfident: the event happens with probability 0.5 + 0.6·(p − 0.5). */
function overconfident(count: number, seed: number): ProbabilityOutcome[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const probability = 0.05 + 0.9 * next();
    return { probability, happened: next() < 0.5 + 0.6 * (probability - 0.5) };
  });
}

const GRID = Array.from({ length: 101 }, (_, i) => i / 100);

describe("calibration maps", () => {
  const sample = overconfident(20000, 3);
  const maps: Array<[string, CalibrationMap]> = [
    ["platt", fitPlatt(sample)],
    ["isotonic", fitIsotonic(sample)],
    ["isotonic of a small sample", fitIsotonic(overconfident(40, 8))],
  ];

  it.each(maps)("%s is monotone (non-decreasing) and stays inside (0, 1)", (_, map) => {
    const values = GRID.map((p) => calibrate(map, p));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
    for (const v of values) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(1);
    }
  });

  it.each(maps.slice(0, 2))("%s pulls overconfident forecasts back to what happened", (_, map) => {
    expect(calibrate(map, 0.9)).toBeCloseTo(0.74, 1);
    expect(calibrate(map, 0.1)).toBeCloseTo(0.26, 1);
    expect(calibrate(map, 0.5)).toBeCloseTo(0.5, 1);
  });

  it("Platt recovers the slope of a logistic truth", () => {
    const next = random(5);
    const points = Array.from({ length: 20000 }, () => {
      const probability = 0.02 + 0.96 * next();
      const z = Math.log(probability / (1 - probability));
      return { probability, happened: next() < 1 / (1 + Math.exp(-(0.3 + 0.7 * z))) };
    });
    const map = fitPlatt(points, 0);
    expect(map).toMatchObject({ kind: "platt" });
    if (map.kind !== "platt") return;
    expect(map.slope).toBeCloseTo(0.7, 1);
    expect(map.intercept).toBeCloseTo(0.3, 1);
  });

  it("isotonic regression pools violators into their mean", () => {
    const map = fitIsotonic([
      { probability: 0.1, happened: false },
      { probability: 0.2, happened: true },
      { probability: 0.3, happened: false },
      { probability: 0.4, happened: true },
      { probability: 0.4, happened: true },
    ]);
    expect(map).toEqual({ kind: "isotonic", knots: [0.1, 0.25, 0.4], values: [0.005, 0.5, 0.995] });
    expect(calibrate(map, 0.325)).toBeCloseTo(0.7475, 12);
    expect(calibrate(map, 0)).toBe(0.005);
  });

  it("no data gives the identity", () => {
    expect(fitIsotonic([])).toBe(IDENTITY_CALIBRATION);
    expect(fitPlatt([])).toBe(IDENTITY_CALIBRATION);
    expect(calibrate(IDENTITY_CALIBRATION, 0.37)).toBe(0.37);
  });
});
