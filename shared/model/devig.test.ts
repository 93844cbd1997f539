import { describe, expect, it } from "vitest";
import { devig, impliedProbabilities, overround, type DevigMethod } from "./devig";

const METHODS: DevigMethod[] = ["multiplicative", "power", "shin"];
const BOOKS = [
  [1.5, 4.2, 6.5],
  [2.1, 3.3, 3.6],
  [1.2, 7.0, 15.0],
  [1.91, 1.91],
  [1.65, 2.3],
];

describe("devig", () => {
  for (const method of METHODS) {
    it.each(BOOKS)(`${method}: %j gives probabilities that sum to 1, in the order of the prices`, (...prices) => {
      const p = devig(prices, method)!;
      expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
      const byPrice = [...prices.keys()].sort((a, b) => prices[a] - prices[b]);
      for (let k = 1; k < byPrice.length; k++) expect(p[byPrice[k]]).toBeLessThanOrEqual(p[byPrice[k - 1]]);
    });
  }

  it.each([
    // Reference values solved separately to 1e-15.
    ["power", [1.5, 4.2, 6.5], [0.6485512698151533, 0.21597544026538665, 0.13547328991946025]],
    ["shin", [1.5, 4.2, 6.5], [0.642655986382037, 0.22010054712824262, 0.13724346648972052]],
    ["power", [1.2, 7.0, 15.0], [0.8220473521623262, 0.12350870585268135, 0.05444394198499271]],
    ["shin", [1.2, 7.0, 15.0], [0.8139496813409189, 0.130492635045226, 0.055557683613855165]],
    ["multiplicative", [2.1, 3.3, 3.6], [0.45051, 0.28669, 0.2628]],
  ] as const)("%s on %j", (method, prices, expected) => {
    devig(prices, method)!.forEach((p, i) => expect(p).toBeCloseTo(expected[i], 4));
  });

  it("power: every probability is the same power of its implied probability", () => {
    const prices = [2.1, 3.3, 3.6];
    const p = devig(prices, "power")!;
    const k = Math.log(p[0]) / Math.log(1 / prices[0]);
    expect(k).toBeGreaterThan(1);
    p.forEach((v, i) => expect(Math.log(v) / Math.log(1 / prices[i])).toBeCloseTo(k, 10));
  });

  it.each([[[1.65, 2.3]], [[1.3, 3.4]], [[1.95, 1.85]]])(
    "shin on two outcomes takes an equal share of the margin from each (a known result): %j",
    (prices) => {
      const implied = impliedProbabilities(prices)!;
      const margin = implied[0] + implied[1] - 1;
      const p = devig(prices, "shin")!;
      expect(p[0]).toBeCloseTo(implied[0] - margin / 2, 10);
      expect(p[1]).toBeCloseTo(implied[1] - margin / 2, 10);
    },
  );

  it("shin and power take more of the margin from the longshot than normalising does", () => {
    const prices = [1.2, 7.0, 15.0];
    const plain = devig(prices, "multiplicative")!;
    expect(devig(prices, "shin")![2]).toBeLessThan(plain[2]);
    expect(devig(prices, "power")![2]).toBeLessThan(plain[2]);
  });

  it.each(METHODS)("%s: a fair book is returned as its implied probabilities", (method) => {
    devig([2, 4, 4], method)!.forEach((p, i) => expect(p).toBeCloseTo([0.5, 0.25, 0.25][i], 10));
  });

  it.each(METHODS)("%s: a book under 100%% (averages and best prices) is only normalised", (method) => {
    const p = devig([2.2, 4.4, 4.4], method)!;
    p.forEach((v, i) => expect(v).toBeCloseTo([0.5, 0.25, 0.25][i], 10));
  });

  it.each([[[1, 3, 4]], [[0.9, 3, 4]], [[NaN, 3, 4]], [[2]], [[Infinity, 2, 2]]])("%j is no book → null", (prices) => {
    expect(devig(prices, "shin")).toBeNull();
    expect(overround(prices)).toBeNull();
  });

  it("the overround of 2.10 / 3.30 / 3.60 is 1.0570", () => {
    expect(overround([2.1, 3.3, 3.6])).toBeCloseTo(1.057, 4);
  });
});
