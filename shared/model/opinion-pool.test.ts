import { describe, expect, it } from "vitest";
import type { NewtonObjective } from "./newton";
import {
  applyBinaryPool,
  applyResultPool,
  binaryPoolObjective,
  equalBinaryPool,
  equalResultPool,
  fitBinaryPool,
  fitResultPool,
  logit,
  resultPoolObjective,
  safeLog,
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

describe("fitted pools are the penalised maximum-likelihood point", () => {
  // The fit's objective, computed here from the public apply functions: −Σ log p(outcome) + ridge × ‖x − prior‖².
  const ridge = 1;

  function resultLoss(samples: ResultSample[], x: number[]): number {
    const pool = { weights: x.slice(0, 2), drawBias: x[2], awayBias: x[3] };
    const prior = [0.5, 0.5, 0, 0];
    const penalty = ridge * x.reduce((s, v, k) => s + (v - prior[k]) ** 2, 0);
    return samples.reduce((s, sample) => s - Math.log(applyResultPool(pool, sample.sources)[sample.outcome]), penalty);
  }

  function binaryLoss(samples: BinarySample[], x: number[]): number {
    const pool = { weights: x.slice(0, 2), bias: x[2] };
    const prior = [0.5, 0.5, 0];
    const penalty = ridge * x.reduce((s, v, k) => s + (v - prior[k]) ** 2, 0);
    return samples.reduce((s, sample) => {
      const p = applyBinaryPool(pool, sample.sources);
      return s - Math.log(sample.happened ? p : 1 - p);
    }, penalty);
  }

  /** Every coordinate's central difference of the loss at x, per sample. */
  function slopes(loss: (x: number[]) => number, x: number[], n: number): number[] {
    const h = 1e-4;
    return x.map((_, k) => {
      const up = x.map((v, j) => (j === k ? v + h : v));
      const down = x.map((v, j) => (j === k ? v - h : v));
      return (loss(up) - loss(down)) / (2 * h) / n;
    });
  }

  it("the 1X2 pool: no coordinate lowers the loss", () => {
    const samples = resultSamples(3000, 7);
    const pool = fitResultPool(samples, equalResultPool(2), ridge);
    const x = [...pool.weights, pool.drawBias, pool.awayBias];
    for (const slope of slopes((y) => resultLoss(samples, y), x, samples.length))
      expect(Math.abs(slope)).toBeLessThan(1e-5);
    // And it is not the start: the data moved it.
    expect(Math.abs(pool.weights[0] - 0.5)).toBeGreaterThan(0.1);
  });

  it("a yes/no pool: no coordinate lowers the loss", () => {
    const next = random(9);
    const samples: BinarySample[] = Array.from({ length: 3000 }, () => {
      const truth = 0.2 + 0.6 * next();
      return { sources: [truth, 0.2 + 0.6 * next()], happened: next() < truth, weight: 1 };
    });
    const pool = fitBinaryPool(samples, equalBinaryPool(2), ridge);
    const x = [...pool.weights, pool.bias];
    for (const slope of slopes((y) => binaryLoss(samples, y), x, samples.length))
      expect(Math.abs(slope)).toBeLessThan(1e-5);
    expect(Math.abs(pool.weights[0] - 0.5)).toBeGreaterThan(0.1);
  });

  it("warm-started from its own optimum, a refit of the same samples returns it unchanged", () => {
    const samples = resultSamples(3000, 8);
    const pool = fitResultPool(samples, equalResultPool(2), ridge);
    expect(fitResultPool(samples, equalResultPool(2), ridge, pool)).toEqual(pool);
  });
});

describe("the pools' objectives: gradient and Hessian (Newton's method relies on both)", () => {
  /** Central differences: of the value against the gradient, of the gradient against the Hessian. */
  function checkDerivatives(objective: NewtonObjective, x: number[]): void {
    const d = x.length;
    const at = (y: number[]) => {
      const gradient = new Float64Array(d);
      const hessian = new Float64Array(d * d);
      const value = objective(Float64Array.from(y), gradient, hessian);
      return { value, gradient, hessian };
    };
    const here = at(x);
    const h = 1e-5;
    for (let k = 0; k < d; k++) {
      const up = at(x.map((v, j) => (j === k ? v + h : v)));
      const down = at(x.map((v, j) => (j === k ? v - h : v)));
      const scale = Math.max(1, Math.abs(here.gradient[k]));
      expect(Math.abs((up.value - down.value) / (2 * h) - here.gradient[k]) / scale).toBeLessThan(1e-5);
      for (let j = 0; j < d; j++) {
        const numeric = (up.gradient[j] - down.gradient[j]) / (2 * h);
        expect(Math.abs(numeric - here.hessian[j * d + k]) / Math.max(1, Math.abs(numeric))).toBeLessThan(1e-5);
        expect(here.hessian[j * d + k]).toBe(here.hessian[k * d + j]);
      }
    }
  }

  it("the 1X2 pool with three sources", () => {
    const samples = resultSamples(400, 11).map((s, i) => ({
      ...s,
      sources: [...s.sources, normalise([1 + (i % 3), 1, 2])] as ResultSample["sources"],
    }));
    const packed = {
      features: Float64Array.from(samples.flatMap((s) => s.sources.flatMap((p) => p.map(safeLog)))),
      outcomes: Uint8Array.from(samples.map((s) => s.outcome)),
      weights: Float64Array.from(samples.map((_, i) => 0.5 + (i % 4) / 4)),
    };
    checkDerivatives(resultPoolObjective(packed, equalResultPool(3), 2), [0.7, -0.2, 0.4, 0.3, -0.25]);
  });

  it("a yes/no pool with three sources", () => {
    const next = random(12);
    const rows = Array.from({ length: 400 }, () => [0.1 + 0.8 * next(), 0.1 + 0.8 * next(), 0.1 + 0.8 * next()]);
    const packed = {
      features: Float64Array.from(rows.flatMap((r) => r.map(logit))),
      happened: Uint8Array.from(rows.map((r) => (next() < r[0] ? 1 : 0))),
      weights: Float64Array.from(rows.map((_, i) => 0.5 + (i % 4) / 4)),
    };
    checkDerivatives(binaryPoolObjective(packed, equalBinaryPool(3), 2), [0.9, 0.1, -0.3, 0.2]);
  });
});
