import { describe, expect, it } from "vitest";
import { InvalidStartError, minimizeLbfgs, type Objective } from "./lbfgs";

/** The n-dimensional Rosenbrock function: minimum 0 at (1, …, 1), a long curved valley. */
const rosenbrock: Objective = (x, gradient) => {
  let value = 0;
  gradient.fill(0);
  for (let i = 0; i < x.length - 1; i++) {
    const a = x[i + 1] - x[i] * x[i];
    const b = 1 - x[i];
    value += 100 * a * a + b * b;
    gradient[i] += -400 * x[i] * a - 2 * b;
    gradient[i + 1] += 200 * a;
  }
  return value;
};

describe("minimizeLbfgs", () => {
  it.each([[[-1.2, 1]], [[-1.2, 1, -1.2, 1]], [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]], [[2, 2, 2]]])(
    "minimises the Rosenbrock function from %j to (1, …, 1)",
    (start) => {
      const result = minimizeLbfgs(rosenbrock, start, { gradientTolerance: 1e-8, maxIterations: 2000 });
      expect(result.converged).toBe(true);
      expect(result.value).toBeLessThan(1e-12);
      for (const xi of result.x) expect(xi).toBeCloseTo(1, 5);
    },
  );

  it("minimises a badly scaled quadratic", () => {
    const scales = [1, 10, 100, 1000, 10000];
    const quadratic: Objective = (x, gradient) => {
      let value = 0;
      for (let i = 0; i < x.length; i++) {
        value += 0.5 * scales[i] * (x[i] - i) ** 2;
        gradient[i] = scales[i] * (x[i] - i);
      }
      return value;
    };
    const result = minimizeLbfgs(quadratic, [5, 5, 5, 5, 5], { gradientTolerance: 1e-9 });
    Array.from(result.x).forEach((xi, i) => expect(xi).toBeCloseTo(i, 5));
  });

  it("backs off from points where the objective is invalid and stays inside the domain", () => {
    // −log(x) + x has its minimum at x = 1 and no value at x <= 0.
    const visited: number[] = [];
    const barrier: Objective = (x, gradient) => {
      visited.push(x[0]);
      if (x[0] <= 0) return Infinity;
      gradient[0] = -1 / x[0] + 1;
      return -Math.log(x[0]) + x[0];
    };
    const result = minimizeLbfgs(barrier, [10]);
    expect(result.x[0]).toBeCloseTo(1, 6);
    expect(visited.some((v) => v <= 0)).toBe(true);
    expect(result.value).toBeCloseTo(1, 10);
  });

  it("refuses a start where the objective has no value", () => {
    expect(() => minimizeLbfgs(() => NaN, [0])).toThrow(InvalidStartError);
  });

  it("starting at the minimum takes no step", () => {
    const result = minimizeLbfgs(rosenbrock, [1, 1, 1]);
    expect(result.iterations).toBe(0);
    expect(Array.from(result.x)).toEqual([1, 1, 1]);
  });
});
