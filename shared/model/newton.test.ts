import { describe, expect, it } from "vitest";
import { InvalidStartError, minimizeNewton, type NewtonObjective } from "./newton";

/** A strictly convex, non-quadratic function of two variables: log-sum-exp plus a ridge. */
const logSumExp: NewtonObjective = (x, gradient, hessian) => {
  const a = Math.exp(x[0] + 2 * x[1]);
  const b = Math.exp(-x[0]);
  const c = Math.exp(x[1] - 1);
  const total = a + b + c;
  const p = [a / total, b / total, c / total];
  const rows = [
    [1, 2],
    [-1, 0],
    [0, 1],
  ];
  const mean = [0, 1].map((j) => p.reduce((s, pk, k) => s + pk * rows[k][j], 0));
  for (let j = 0; j < 2; j++) gradient[j] = mean[j] + 0.2 * x[j];
  for (let i = 0; i < 2; i++)
    for (let j = 0; j < 2; j++)
      hessian[i * 2 + j] =
        p.reduce((s, pk, k) => s + pk * rows[k][i] * rows[k][j], 0) - mean[i] * mean[j] + (i === j ? 0.2 : 0);
  return Math.log(total) + 0.1 * (x[0] ** 2 + x[1] ** 2);
};

describe("minimizeNewton", () => {
  it("minimises a quadratic in one step", () => {
    // f = (x0 − 3)² + 2(x1 + 1)² + x0·x1
    const result = minimizeNewton(
      (x, g, h) => {
        g[0] = 2 * (x[0] - 3) + x[1];
        g[1] = 4 * (x[1] + 1) + x[0];
        h.set([2, 1, 1, 4]);
        return (x[0] - 3) ** 2 + 2 * (x[1] + 1) ** 2 + x[0] * x[1];
      },
      [0, 0],
    );
    // ∇f = 0: 2x0 + x1 = 6, x0 + 4x1 = −4.
    expect(result.x[0]).toBeCloseTo(28 / 7, 10);
    expect(result.x[1]).toBeCloseTo(-14 / 7, 10);
    expect(result.converged).toBe(true);
    expect(result.evaluations).toBe(2);
  });

  it("reaches the minimum of a smooth convex function to the tolerance, in a few evaluations", () => {
    const result = minimizeNewton(logSumExp, [3, -2], { gradientTolerance: 1e-10 });
    const gradient = new Float64Array(2);
    logSumExp(result.x, gradient, new Float64Array(4));
    expect(Math.max(...gradient.map(Math.abs))).toBeLessThan(1e-10);
    expect(result.converged).toBe(true);
    expect(result.evaluations).toBeLessThan(15);
  });

  it("stops at once at a minimum", () => {
    const first = minimizeNewton(logSumExp, [3, -2], { gradientTolerance: 1e-10 });
    const again = minimizeNewton(logSumExp, first.x, { gradientTolerance: 1e-10 });
    expect(again.evaluations).toBe(1);
    expect(Array.from(again.x)).toEqual(Array.from(first.x));
  });

  it("shortens steps that leave the domain, and refuses a start outside it", () => {
    // f = x − log x on x > 0 (Infinity elsewhere); the full Newton step from 5 lands at −15.
    const f: NewtonObjective = (x, g, h) => {
      if (!(x[0] > 0)) return Infinity;
      g[0] = 1 - 1 / x[0];
      h[0] = 1 / x[0] ** 2;
      return x[0] - Math.log(x[0]);
    };
    expect(minimizeNewton(f, [5]).x[0]).toBeCloseTo(1, 6);
    expect(() => minimizeNewton(f, [-1])).toThrow(InvalidStartError);
  });
});
