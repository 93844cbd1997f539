/**
 * Newton's method with a backtracking Armijo line search, for small smooth convex problems whose
 * Hessian is cheap to accumulate beside the gradient (the opinion pools: 3 to 5 parameters,
 * thousands of samples). From the previous week's optimum it needs one to three evaluations
 * where L-BFGS (lbfgs.ts) needs ten to sixty, and each evaluation is a pass over every sample.
 * A non-finite value marks a point outside the objective's domain (a Dixon-Coles tau <= 0, an
 * overflowing rate): the line search then shortens the step, so no invalid point is accepted.
 */

import { backtrack, InvalidStartError, maxAbs, type MinimizeOptions, type MinimizeResult } from "./lbfgs";

export { InvalidStartError, type MinimizeResult };

/** With the largest gradient component at x: whether the stop met the gradient tolerance, not only the relative one. */
export type NewtonResult = MinimizeResult & { gradientMax: number };

/**
 * Returns f(x), writes ∇f(x) into `gradient` and the Hessian (row-major, n × n) into `hessian`.
 */
export type NewtonObjective = (x: Float64Array, gradient: Float64Array, hessian: Float64Array) => number;

/**
 * Solves (H + shift·I) d = −g by Cholesky into `direction`; false when the matrix is not
 * positive definite.
 */
function newtonDirection(
  hessian: Float64Array,
  gradient: Float64Array,
  shift: number,
  factor: Float64Array,
  direction: Float64Array,
): boolean {
  const n = gradient.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = hessian[i * n + j] + (i === j ? shift : 0);
      for (let k = 0; k < j; k++) sum -= factor[i * n + k] * factor[j * n + k];
      if (i === j) {
        if (!(sum > 0)) return false;
        factor[i * n + i] = Math.sqrt(sum);
      } else {
        factor[i * n + j] = sum / factor[j * n + j];
      }
    }
  }
  // L·y = −g, then Lᵀ·d = y.
  for (let i = 0; i < n; i++) {
    let sum = -gradient[i];
    for (let k = 0; k < i; k++) sum -= factor[i * n + k] * direction[k];
    direction[i] = sum / factor[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = direction[i];
    for (let k = i + 1; k < n; k++) sum -= factor[k * n + i] * direction[k];
    direction[i] = sum / factor[i * n + i];
  }
  return true;
}

export function minimizeNewton(
  objective: NewtonObjective,
  start: ArrayLike<number>,
  options: Omit<MinimizeOptions, "memory"> = {},
): NewtonResult {
  const maxIterations = options.maxIterations ?? 100;
  const gradientTolerance = options.gradientTolerance ?? 1e-6;
  const relativeTolerance = options.relativeTolerance ?? 1e-12;
  const n = start.length;

  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let hessian = new Float64Array(n * n);
  let value = objective(x, gradient, hessian);
  let evaluations = 1;
  if (!Number.isFinite(value)) throw new InvalidStartError();

  let trialX = new Float64Array(n);
  let trialGradient = new Float64Array(n);
  let trialHessian = new Float64Array(n * n);
  const factor = new Float64Array(n * n);
  const direction = new Float64Array(n);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (maxAbs(gradient) < gradientTolerance) {
      return { x, value, iterations: iteration, evaluations, converged: true, gradientMax: maxAbs(gradient) };
    }
    // A Hessian that is not positive definite (never for the pools, whose ridge makes them
    // strictly convex, but rounding can) is shifted until it is: Levenberg's damping.
    let shift = 0;
    while (!newtonDirection(hessian, gradient, shift, factor, direction)) {
      shift = shift === 0 ? 1e-8 * Math.max(1, maxAbs(hessian)) : shift * 10;
      if (!Number.isFinite(shift))
        return { x, value, iterations: iteration, evaluations, converged: false, gradientMax: maxAbs(gradient) };
    }
    let slope = 0;
    for (let i = 0; i < n; i++) slope += gradient[i] * direction[i];

    const search = backtrack(
      (point) => objective(point, trialGradient, trialHessian),
      x,
      direction,
      value,
      slope,
      1,
      trialX,
    );
    evaluations += search.evaluations;
    if (!search.accepted)
      return { x, value, iterations: iteration, evaluations, converged: false, gradientMax: maxAbs(gradient) };
    const trialValue = search.value;

    const decrease = value - trialValue;
    [x, trialX] = [trialX, x];
    [gradient, trialGradient] = [trialGradient, gradient];
    [hessian, trialHessian] = [trialHessian, hessian];
    value = trialValue;
    if (decrease <= relativeTolerance * Math.max(1, Math.abs(value))) {
      return { x, value, iterations: iteration + 1, evaluations, converged: true, gradientMax: maxAbs(gradient) };
    }
  }
  return {
    x,
    value,
    iterations: maxIterations,
    evaluations,
    converged: maxAbs(gradient) < gradientTolerance,
    gradientMax: maxAbs(gradient),
  };
}
