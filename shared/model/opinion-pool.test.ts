import { describe, expect, it } from "vitest";
import {
  applyBinaryPool,
  applyResultPool,
  equalBinaryPool,
  equalResultPool,
  fitBinaryPool,
  fitResultPool,
  type BinarySample,
  type ResultSample,
} from "./opinion-pool";

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

function normalise(values: number[]): [number, number, number] {
  const total = values.reduce((s, v) => s + v, 0);
  return [values[0] / total, values[1] / total, values[2] / total];
}

/** Source 0 is the truth, source 1 is noise. */
function resultSamples(count: number, seed: number): ResultSample[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const truth = normalise([0.2 + next(), 0.3 + 0.2 * next(), 0.2 + next()]);
    const noise = normalise([0.2 + next(), 0.3 + 0.2 * next(), 0.2 + next()]);
    const u = next();
    const outcome = u < truth[0] ? 0 : u < truth[0] + truth[1] ? 1 : 2;
    return { sources: [truth, noise], outcome, weight: 1 };
  });
}

describe("result pool", () => {
  it("with all the weight on one source and no bias, reproduces that source", () => {
    const p = applyResultPool({ weights: [1, 0], drawBias: 0, awayBias: 0 }, [
      [0.5, 0.3, 0.2],
      [0.1, 0.1, 0.8],
    ]);
    p.forEach((v, i) => expect(v).toBeCloseTo([0.5, 0.3, 0.2][i], 12));
  });

  it("learns to trust the informative source and ignore the noise", () => {
    const pool = fitResultPool(resultSamples(20000, 1), equalResultPool(2), 1);
    expect(pool.weights[0]).toBeCloseTo(1, 1);
    expect(Math.abs(pool.weights[1])).toBeLessThan(0.1);
    expect(Math.abs(pool.drawBias)).toBeLessThan(0.1);
  });

  it("with no samples stays at the prior", () => {
    expect(fitResultPool([], equalResultPool(3), 1)).toEqual(equalResultPool(3));
  });

  it("learns a bias: a source that gives draws too little", () => {
    const samples = resultSamples(20000, 2).map((s) => {
      const [h, d, a] = s.sources[0];
      return { ...s, sources: [normalise([h, d / 2, a])] as ResultSample["sources"] };
    });
    const pool = fitResultPool(samples, equalResultPool(1), 1);
    expect(pool.drawBias).toBeCloseTo(Math.log(2), 1);
  });
});

describe("binary pool", () => {
  const next = random(4);
  const samples: BinarySample[] = Array.from({ length: 20000 }, () => {
    const truth = 0.2 + 0.6 * next();
    return { sources: [truth, 0.2 + 0.6 * next()], happened: next() < truth, weight: 1 };
  });

  it("learns to trust the informative source", () => {
    const pool = fitBinaryPool(samples, equalBinaryPool(2), 1);
    expect(pool.weights[0]).toBeCloseTo(1, 1);
    expect(Math.abs(pool.weights[1])).toBeLessThan(0.1);
    expect(Math.abs(pool.bias)).toBeLessThan(0.1);
  });

  it("applies logit p = bias + Σ w·logit p_s", () => {
    const logit = (p: number) => Math.log(p / (1 - p));
    const p = applyBinaryPool({ weights: [0.5, 0.25], bias: 0.1 }, [0.6, 0.7]);
    expect(logit(p)).toBeCloseTo(0.1 + 0.5 * logit(0.6) + 0.25 * logit(0.7), 12);
  });
});
