/**
 * Limited-memory BFGS (Nocedal & Wright, "Numerical Optimization", algorithms 7.4 and 7.5)
 * with a backtracking Armijo line search. The objective may return a non-finite value for a
 * point outside its domain (a Dixon-Coles tau <= 0, an overflowing rate): the line search then
 * shortens the step, so the minimiser never accepts an invalid point.
 */

/** Returns f(x) and writes ∇f(x) into `gradient`; a non-finite value marks an invalid point. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

export interface MinimizeOptions {
  maxIterations?: number;
  /** Stop when the largest gradient component is below this. */
  gradientTolerance?: number;
  /** Stop when an iteration lowers f by less than this, relative to |f|. */
  relativeTolerance?: number;
  /** Correction pairs kept (m). */
  memory?: number;
}

export interface MinimizeResult {
  x: Float64Array;
  value: number;
  iterations: number;
  evaluations: number;
  converged: boolean;
}

export class InvalidStartError extends Error {
  constructor() {
    super("L-BFGS: the objective is not finite at the starting point");
    this.name = "InvalidStartError";
  }
}

const ARMIJO = 1e-4;
const MAX_BACKTRACKS = 40;

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** The largest absolute component (the gradient tolerance's measure). */
export function maxAbs(a: Float64Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]));
  return max;
}

/**
 * Backtracking Armijo line search from `x` along `direction` (slope: the directional
 * derivative), trying `step` first: halved after too small a decrease, shrunk tenfold after a
 * point outside the domain. The last point tried is in `trialX`; `evaluate` writes whatever else
 * the caller keeps of it (its gradient).
 */
export function backtrack(
  evaluate: (point: Float64Array) => number,
  x: Float64Array,
  direction: Float64Array,
  value: number,
  slope: number,
  step: number,
  trialX: Float64Array,
): { accepted: boolean; value: number; evaluations: number } {
  let trialValue = NaN;
  for (let evaluations = 1; evaluations <= MAX_BACKTRACKS; evaluations++) {
    for (let i = 0; i < x.length; i++) trialX[i] = x[i] + step * direction[i];
    trialValue = evaluate(trialX);
    if (Number.isFinite(trialValue) && trialValue <= value + ARMIJO * step * slope) {
      return { accepted: true, value: trialValue, evaluations };
    }
    step *= Number.isFinite(trialValue) ? 0.5 : 0.1;
  }
  return { accepted: false, value: trialValue, evaluations: MAX_BACKTRACKS };
}

export function minimizeLbfgs(
  objective: Objective,
  start: ArrayLike<number>,
  options: MinimizeOptions = {},
): MinimizeResult {
  const maxIterations = options.maxIterations ?? 500;
  const gradientTolerance = options.gradientTolerance ?? 1e-6;
  const relativeTolerance = options.relativeTolerance ?? 1e-12;
  const memory = options.memory ?? 8;
  const n = start.length;

  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let value = objective(x, gradient);
  let evaluations = 1;
  if (!Number.isFinite(value)) throw new InvalidStartError();

  const steps: Float64Array[] = [];
  const gradientChanges: Float64Array[] = [];
  const inverseCurvatures: number[] = [];
  const alphas = new Float64Array(memory);
  const direction = new Float64Array(n);
  let trialX = new Float64Array(n);
  let trialGradient = new Float64Array(n);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (maxAbs(gradient) < gradientTolerance) {
      return { x, value, iterations: iteration, evaluations, converged: true };
    }

    // Two-loop recursion: direction = −H·∇f.
    for (let i = 0; i < n; i++) direction[i] = -gradient[i];
    for (let k = steps.length - 1; k >= 0; k--) {
      alphas[k] = inverseCurvatures[k] * dot(steps[k], direction);
      const y = gradientChanges[k];
      for (let i = 0; i < n; i++) direction[i] -= alphas[k] * y[i];
    }
    if (steps.length > 0) {
      const last = steps.length - 1;
      const scale = dot(steps[last], gradientChanges[last]) / dot(gradientChanges[last], gradientChanges[last]);
      for (let i = 0; i < n; i++) direction[i] *= scale;
    }
    for (let k = 0; k < steps.length; k++) {
      const beta = inverseCurvatures[k] * dot(gradientChanges[k], direction);
      const s = steps[k];
      for (let i = 0; i < n; i++) direction[i] += (alphas[k] - beta) * s[i];
    }

    let slope = dot(gradient, direction);
    if (!(slope < 0)) {
      // The memory lost positive definiteness: restart from steepest descent.
      steps.length = gradientChanges.length = inverseCurvatures.length = 0;
      for (let i = 0; i < n; i++) direction[i] = -gradient[i];
      slope = dot(gradient, direction);
    }

    // The first step has no curvature information: keep it short.
    const step = steps.length === 0 ? Math.min(1, 1 / Math.max(maxAbs(gradient), 1e-12)) : 1;
    const search = backtrack((point) => objective(point, trialGradient), x, direction, value, slope, step, trialX);
    evaluations += search.evaluations;
    if (!search.accepted) return { x, value, iterations: iteration, evaluations, converged: false };
    const trialValue = search.value;

    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = trialX[i] - x[i];
      y[i] = trialGradient[i] - gradient[i];
    }
    const curvature = dot(s, y);
    // Only pairs with positive curvature keep the inverse Hessian estimate positive definite.
    if (curvature > 1e-12 * dot(y, y)) {
      if (steps.length === memory) {
        steps.shift();
        gradientChanges.shift();
        inverseCurvatures.shift();
      }
      steps.push(s);
      gradientChanges.push(y);
      inverseCurvatures.push(1 / curvature);
    }

    const decrease = value - trialValue;
    [x, trialX] = [trialX, x];
    [gradient, trialGradient] = [trialGradient, gradient];
    value = trialValue;
    if (decrease <= relativeTolerance * Math.max(1, Math.abs(value))) {
      return { x, value, iterations: iteration + 1, evaluations, converged: true };
    }
  }
  return { x, value, iterations: maxIterations, evaluations, converged: maxAbs(gradient) < gradientTolerance };
}
