import { describe, expect, it } from "vitest";
import {
  defaultStart,
  dixonColesObjective,
  fitDixonColes,
  matchRates,
  packParameters,
  parameterCount,
  type DixonColesData,
  type DixonColesParameters,
} from "./dixon-coles";
import { minimizeNewton } from "./newton";
import { GRID_SIDE, gridMarkets, scorelineGrid } from "./scoreline-grid";

/** A seeded linear congruential generator, so a failure replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const TRUTH: DixonColesParameters = {
  attack: Float64Array.from([0.35, 0.1, -0.05, -0.4]),
  defence: Float64Array.from([0.3, -0.1, 0.05, -0.25]),
  intercept: 0.15,
  homeAdvantage: 0.27,
  rho: -0.09,
};

interface Match {
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  weight?: number;
}

function dataOf(matches: Match[], teamCount: number, options: Partial<DixonColesData> = {}): DixonColesData {
  return {
    teamCount,
    homeTeam: Int32Array.from(matches, (m) => m.home),
    awayTeam: Int32Array.from(matches, (m) => m.away),
    homeGoals: Float64Array.from(matches, (m) => m.homeGoals),
    awayGoals: Float64Array.from(matches, (m) => m.awayGoals),
    weight: Float64Array.from(matches, (m) => m.weight ?? 1),
    priorAttack: new Float64Array(teamCount),
    priorDefence: new Float64Array(teamCount),
    ridge: 1e-6,
    lowScoreCorrection: true,
    ...options,
  };
}

const mean = (values: Float64Array) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * The identifiable form: attack and defence centred on 0 and the intercept carrying their
 * means. Predictions depend only on this (with a negligible ridge, the optimiser may stop
 * anywhere along the flat direction, which changes no rate).
 */
function centred(p: DixonColesParameters): DixonColesParameters {
  const attackMean = mean(p.attack);
  const defenceMean = mean(p.defence);
  return {
    ...p,
    attack: p.attack.map((a) => a - attackMean),
    defence: p.defence.map((d) => d - defenceMean),
    intercept: p.intercept + attackMean - defenceMean,
  };
}

function allPairings(teamCount: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let h = 0; h < teamCount; h++) for (let a = 0; a < teamCount; a++) if (h !== a) pairs.push([h, a]);
  return pairs;
}

/** Scores drawn from the model's own grid. */
function simulate(truth: DixonColesParameters, rounds: number, seed: number): Match[] {
  const next = random(seed);
  const matches: Match[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [home, away] of allPairings(truth.attack.length)) {
      const { lambda, mu } = matchRates(truth, home, away);
      const grid = scorelineGrid(lambda, mu, truth.rho);
      let u = next();
      let index = 0;
      while (index < grid.length - 1 && u > grid[index]) u -= grid[index++];
      matches.push({ home, away, homeGoals: Math.floor(index / GRID_SIDE), awayGoals: index % GRID_SIDE });
    }
  }
  return matches;
}

describe("dixonColesObjective", () => {
  const matches = simulate(TRUTH, 3, 7).map((m, i) => ({ ...m, weight: 0.3 + (i % 5) / 4 }));
  const data = dataOf(matches, 4, {
    ridge: 0.8,
    priorAttack: Float64Array.from([0.1, 0, 0, -0.2]),
    priorDefence: Float64Array.from([0, 0.05, 0, -0.1]),
  });

  it.each([
    ["the truth", TRUTH],
    [
      "a point off the truth",
      { ...TRUTH, attack: Float64Array.from([0.1, 0.5, -0.3, 0]), rho: 0.07, homeAdvantage: -0.1 },
    ],
  ])("the analytic gradient matches central finite differences at %s", (_, parameters) => {
    const x = packParameters(parameters, true);
    const gradient = new Float64Array(x.length);
    dixonColesObjective(data, x, gradient);
    const scratch = new Float64Array(x.length);
    const h = 1e-6;
    for (let k = 0; k < x.length; k++) {
      const up = Float64Array.from(x);
      const down = Float64Array.from(x);
      up[k] += h;
      down[k] -= h;
      const numeric = (dixonColesObjective(data, up, scratch) - dixonColesObjective(data, down, scratch)) / (2 * h);
      expect(gradient[k]).toBeCloseTo(numeric, 4);
    }
  });

  it.each([
    ["the truth", TRUTH, true],
    [
      "a point off the truth",
      { ...TRUTH, attack: Float64Array.from([0.1, 0.5, -0.3, 0]), rho: 0.07, homeAdvantage: -0.1 },
      true,
    ],
    ["a point off the truth, without the low-score correction", { ...TRUTH, rho: 0, homeAdvantage: 0.4 }, false],
  ])("the analytic Hessian matches central differences of the gradient at %s", (_, parameters, lowScore) => {
    const fitted = lowScore ? data : { ...data, lowScoreCorrection: false };
    const x = packParameters(parameters, lowScore);
    const size = x.length;
    const hessian = new Float64Array(size * size);
    const gradient = new Float64Array(size);
    const withHessian = dixonColesObjective(fitted, x, gradient, hessian);
    // Asking for the Hessian changes neither the value nor the gradient.
    const plain = new Float64Array(size);
    expect(dixonColesObjective(fitted, x, plain)).toBe(withHessian);
    expect(Array.from(plain)).toEqual(Array.from(gradient));
    const h = 1e-6;
    const up = new Float64Array(size);
    const down = new Float64Array(size);
    for (let k = 0; k < size; k++) {
      const xUp = Float64Array.from(x);
      const xDown = Float64Array.from(x);
      xUp[k] += h;
      xDown[k] -= h;
      dixonColesObjective(fitted, xUp, up);
      dixonColesObjective(fitted, xDown, down);
      for (let j = 0; j < size; j++) {
        expect(hessian[j * size + k]).toBeCloseTo((up[j] - down[j]) / (2 * h), 4);
        expect(hessian[j * size + k]).toBe(hessian[k * size + j]);
      }
    }
    // Not trivially zero: the rates' curvature is there.
    expect(hessian[0]).toBeGreaterThan(1);
  });

  it.each([
    // λ = μ = 1: tau(0,0) = 1 − ρ and tau(1,1) = 1 − ρ need ρ < 1; tau(0,1) = 1 + ρ needs ρ > −1.
    [0.99, true],
    [1.01, false],
    [-0.99, true],
    [-1.01, false],
  ])("with rho %d the objective has a value: %s (every tau of every match must stay positive)", (rho, valid) => {
    // A 3-2 is no low score, yet the bounds hold for its rates too.
    const data = dataOf([{ home: 0, away: 1, homeGoals: 3, awayGoals: 2 }], 2);
    const x = packParameters(
      { attack: new Float64Array(2), defence: new Float64Array(2), intercept: 0, homeAdvantage: 0, rho },
      true,
    );
    expect(Number.isFinite(dixonColesObjective(data, x, new Float64Array(x.length)))).toBe(valid);
  });

  it("counts the parameters: attack and defence per team, intercept, home advantage, rho", () => {
    expect(parameterCount({ teamCount: 20, lowScoreCorrection: true })).toBe(43);
    expect(parameterCount({ teamCount: 20, lowScoreCorrection: false })).toBe(42);
  });
});

describe("fitDixonColes", () => {
  it("on a few matches whose likeliest rho is on the edge of its domain, gets further than Newton's steps alone", () => {
    // Every match a 1-1: the likelihood wants rho as low as the other scores' taus allow, and
    // Newton's full steps keep leaving the domain; L-BFGS takes over and creeps along its edge.
    const draws = [
      [0, 1],
      [2, 3],
      [1, 2],
      [3, 0],
      [0, 2],
      [1, 3],
    ].map(([home, away]) => ({ home, away, homeGoals: 1, awayGoals: 1 }));
    const data = dataOf(draws, 4, { ridge: 1 });
    const value = (x: Float64Array) => dixonColesObjective(data, x, new Float64Array(x.length));
    const start = packParameters(defaultStart(data), true);
    const newtonAlone = minimizeNewton(
      (x, gradient, hessian) => dixonColesObjective(data, x, gradient, hessian),
      start,
      { gradientTolerance: 1e-7 },
    );
    const fit = fitDixonColes(data);
    const fitted = packParameters(fit.parameters, true);
    expect(value(fitted)).toBeLessThan(value(newtonAlone.x) - 0.1);
    expect(fit.parameters.rho).toBeLessThan(newtonAlone.x[start.length - 1]);
    // Still a distribution: every tau of every match positive.
    expect(Number.isFinite(value(fitted))).toBe(true);
  });

  it("recovers known strengths exactly from expected goals (the small fixture)", () => {
    // Each pairing observed once with its expected goals: the Poisson likelihood peaks at the truth.
    const truth = { ...TRUTH, rho: 0 };
    const matches = allPairings(4).map(([home, away]) => {
      const { lambda, mu } = matchRates(truth, home, away);
      return { home, away, homeGoals: lambda, awayGoals: mu };
    });
    const fit = fitDixonColes(dataOf(matches, 4, { lowScoreCorrection: false, ridge: 1e-9 }));
    expect(fit.optimizer.converged).toBe(true);
    const fitted = centred(fit.parameters);
    fitted.attack.forEach((a, i) => expect(a).toBeCloseTo(truth.attack[i], 4));
    fitted.defence.forEach((d, i) => expect(d).toBeCloseTo(truth.defence[i], 4));
    expect(fitted.intercept).toBeCloseTo(truth.intercept, 4);
    expect(fitted.homeAdvantage).toBeCloseTo(truth.homeAdvantage, 4);
    expect(fitted.rho).toBe(0);
    for (const [home, away] of allPairings(4)) {
      expect(matchRates(fit.parameters, home, away).lambda).toBeCloseTo(matchRates(truth, home, away).lambda, 5);
    }
  });

  it("recovers strengths, home advantage and rho from simulated scores", () => {
    const fit = fitDixonColes(dataOf(simulate(TRUTH, 400, 11), 4));
    const fitted = centred(fit.parameters);
    fitted.attack.forEach((a, i) => expect(Math.abs(a - TRUTH.attack[i])).toBeLessThan(0.04));
    fitted.defence.forEach((d, i) => expect(Math.abs(d - TRUTH.defence[i])).toBeLessThan(0.04));
    expect(Math.abs(fitted.intercept - TRUTH.intercept)).toBeLessThan(0.04);
    expect(Math.abs(fit.parameters.homeAdvantage - TRUTH.homeAdvantage)).toBeLessThan(0.04);
    expect(Math.abs(fit.parameters.rho - TRUTH.rho)).toBeLessThan(0.05);
  });

  it("the ridge pulls a team with little data to its prior", () => {
    // Team 2 plays once; with a strong prior its attack stays near the prior of -0.3.
    const matches = [
      ...simulate({ ...TRUTH, attack: TRUTH.attack.slice(0, 2), defence: TRUTH.defence.slice(0, 2) }, 50, 3),
      { home: 2, away: 0, homeGoals: 4, awayGoals: 0 },
    ];
    const priorAttack = Float64Array.from([0, 0, -0.3]);
    const fit = fitDixonColes(dataOf(matches, 3, { ridge: 50, priorAttack }));
    expect(fit.parameters.attack[2]).toBeGreaterThan(-0.3);
    expect(fit.parameters.attack[2]).toBeLessThan(-0.2);
  });

  it("a warm start from the previous fit converges to the same optimum in fewer iterations", () => {
    const data = dataOf(simulate(TRUTH, 20, 5), 4, { ridge: 2 });
    const cold = fitDixonColes(data);
    const warm = fitDixonColes(data, cold.parameters);
    expect(warm.optimizer.iterations).toBeLessThan(cold.optimizer.iterations);
    warm.parameters.attack.forEach((a, i) => expect(a).toBeCloseTo(cold.parameters.attack[i], 4));
    expect(warm.parameters.rho).toBeCloseTo(cold.parameters.rho, 4);
  });

  it("with no home advantage, swapping the sides mirrors the probabilities", () => {
    const fit = fitDixonColes(dataOf(simulate(TRUTH, 10, 9), 4));
    const neutral = { ...fit.parameters, homeAdvantage: 0 };
    for (const [i, j] of allPairings(4)) {
      const forward = matchRates(neutral, i, j);
      const backward = matchRates(neutral, j, i);
      const a = gridMarkets(scorelineGrid(forward.lambda, forward.mu, neutral.rho));
      const b = gridMarkets(scorelineGrid(backward.lambda, backward.mu, neutral.rho));
      expect(b.home).toBeCloseTo(a.away, 12);
      expect(b.draw).toBeCloseTo(a.draw, 12);
      expect(b.over25).toBeCloseTo(a.over25, 12);
    }
  });
});
