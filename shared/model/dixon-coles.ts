/**
 * The weighted Dixon-Coles model (Dixon & Coles 1997) of one league: home goals ~ Poisson(λ),
 * away goals ~ Poisson(μ) with
 *
 *   log λ = intercept + homeAdvantage + attack[home] − defence[away]
 *   log μ = intercept                 + attack[away] − defence[home]
 *
 * and the low-score correction tau(rho). Each match carries a weight (the time decay), and a
 * ridge penalty pulls every team's attack and defence towards its prior (0 for an established
 * team, the newcomers' prior for a promoted one). The penalty also makes the fit identifiable:
 * without it, adding c to every attack and to the intercept's opposite changes nothing.
 *
 * The same code fits non-integer targets (shots on target scaled to goals) as a quasi-Poisson
 * model when the low-score correction is off.
 */
import { minimizeLbfgs, type MinimizeResult } from "./lbfgs";
import { minimizeNewton } from "./newton";

export interface DixonColesData {
  teamCount: number;
  homeTeam: Int32Array;
  awayTeam: Int32Array;
  homeGoals: Float64Array;
  awayGoals: Float64Array;
  weight: Float64Array;
  /** Ridge centres per team. */
  priorAttack: Float64Array;
  priorDefence: Float64Array;
  /** Penalty per unit squared distance from the prior: ridge × Σ (attack − prior)² + (defence − prior)². */
  ridge: number;
  /** Fit rho (integer goals only); without it rho is 0. */
  lowScoreCorrection: boolean;
}

export interface DixonColesParameters {
  attack: Float64Array;
  defence: Float64Array;
  intercept: number;
  homeAdvantage: number;
  rho: number;
}

export function parameterCount(data: Pick<DixonColesData, "teamCount" | "lowScoreCorrection">): number {
  return 2 * data.teamCount + (data.lowScoreCorrection ? 3 : 2);
}

export function packParameters(parameters: DixonColesParameters, lowScoreCorrection: boolean): Float64Array {
  const n = parameters.attack.length;
  const x = new Float64Array(2 * n + (lowScoreCorrection ? 3 : 2));
  x.set(parameters.attack, 0);
  x.set(parameters.defence, n);
  x[2 * n] = parameters.intercept;
  x[2 * n + 1] = parameters.homeAdvantage;
  if (lowScoreCorrection) x[2 * n + 2] = parameters.rho;
  return x;
}

export function unpackParameters(
  x: Float64Array,
  teamCount: number,
  lowScoreCorrection: boolean,
): DixonColesParameters {
  return {
    attack: x.slice(0, teamCount),
    defence: x.slice(teamCount, 2 * teamCount),
    intercept: x[2 * teamCount],
    homeAdvantage: x[2 * teamCount + 1],
    rho: lowScoreCorrection ? x[2 * teamCount + 2] : 0,
  };
}

/** Scoring rates of a match between two teams (indices into the parameters). */
export function matchRates(
  parameters: DixonColesParameters,
  home: number,
  away: number,
): { lambda: number; mu: number } {
  return {
    lambda: Math.exp(
      parameters.intercept + parameters.homeAdvantage + parameters.attack[home] - parameters.defence[away],
    ),
    mu: Math.exp(parameters.intercept + parameters.attack[away] - parameters.defence[home]),
  };
}

/** Rates beyond this are no football score: the point is treated as invalid. */
const MAX_LOG_RATE = 4;

/**
 * The penalised negative log-likelihood at x and its gradient, and its Hessian (row-major,
 * parameterCount² entries) when asked. Returns Infinity where any tau of any match is <= 0
 * (Dixon & Coles' constraint on rho), so no step goes there.
 *
 * Per match the likelihood depends on the parameters through log λ, log μ and rho only, each
 * a ±1 sum of a few parameters, so the Hessian is Jᵀ·M·J with M the 3 × 3 second derivatives in
 * (log λ, log μ, rho): a few additions per match into the lower triangle.
 */
export function dixonColesObjective(
  data: DixonColesData,
  x: Float64Array,
  gradient: Float64Array,
  hessian?: Float64Array,
): number {
  const n = data.teamCount;
  const interceptIndex = 2 * n;
  const homeIndex = 2 * n + 1;
  const rhoIndex = 2 * n + 2;
  const intercept = x[interceptIndex];
  const homeAdvantage = x[homeIndex];
  const rho = data.lowScoreCorrection ? x[rhoIndex] : 0;
  const size = x.length;
  gradient.fill(0);
  hessian?.fill(0);
  let value = 0;

  for (let m = 0; m < data.weight.length; m++) {
    const w = data.weight[m];
    const i = data.homeTeam[m];
    const j = data.awayTeam[m];
    const logLambda = intercept + homeAdvantage + x[i] - x[n + j];
    const logMu = intercept + x[j] - x[n + i];
    if (logLambda > MAX_LOG_RATE || logMu > MAX_LOG_RATE) return Infinity;
    const lambda = Math.exp(logLambda);
    const mu = Math.exp(logMu);
    const goalsHome = data.homeGoals[m];
    const goalsAway = data.awayGoals[m];

    let logLikelihood = goalsHome * logLambda - lambda + goalsAway * logMu - mu;
    // d logL / d logλ and d logL / d logμ.
    let dLogLambda = goalsHome - lambda;
    let dLogMu = goalsAway - mu;
    // Second derivatives of −log L in (log λ, log μ, rho); only a low score's tau couples them.
    let hLL = lambda;
    let hMM = mu;
    let hLM = 0;
    let hLR = 0;
    let hMR = 0;
    let hRR = 0;

    // Dixon & Coles' bounds on rho: every tau of this match, observed score or not, stays
    // positive (so the grid the rates make is a distribution).
    if (
      data.lowScoreCorrection &&
      !(1 + lambda * rho > 0 && 1 + mu * rho > 0 && 1 - lambda * mu * rho > 0 && 1 - rho > 0)
    ) {
      return Infinity;
    }
    if (data.lowScoreCorrection && goalsHome <= 1 && goalsAway <= 1) {
      let tau: number;
      let dTauLambda = 0;
      let dTauMu = 0;
      let dTauRho: number;
      if (goalsHome === 0 && goalsAway === 0) {
        tau = 1 - lambda * mu * rho;
        dTauLambda = -mu * rho;
        dTauMu = -lambda * rho;
        dTauRho = -lambda * mu;
      } else if (goalsHome === 0) {
        tau = 1 + lambda * rho;
        dTauLambda = rho;
        dTauRho = lambda;
      } else if (goalsAway === 0) {
        tau = 1 + mu * rho;
        dTauMu = rho;
        dTauRho = mu;
      } else {
        tau = 1 - rho;
        dTauRho = -1;
      }
      if (!(tau > 0)) return Infinity;
      if (hessian) {
        // Derivatives of tau in (log λ, log μ, rho), first and second; then
        // ∂²(−log tau) = (∂tau·∂tauᵀ) / tau² − ∂²tau / tau.
        const tL = dTauLambda * lambda;
        const tM = dTauMu * mu;
        let tLL = 0;
        let tMM = 0;
        let tLM = 0;
        let tLR = 0;
        let tMR = 0;
        if (goalsHome === 0 && goalsAway === 0) {
          // tau = 1 − λμρ: every second derivative in log λ, log μ is −λμρ; in rho and log λ, −λμ.
          tLL = tMM = tLM = -lambda * mu * rho;
          tLR = tMR = -lambda * mu;
        } else if (goalsHome === 0) {
          tLL = lambda * rho;
          tLR = lambda;
        } else if (goalsAway === 0) {
          tMM = mu * rho;
          tMR = mu;
        }
        const t2 = tau * tau;
        hLL += (tL * tL) / t2 - tLL / tau;
        hMM += (tM * tM) / t2 - tMM / tau;
        hLM += (tL * tM) / t2 - tLM / tau;
        hLR += (tL * dTauRho) / t2 - tLR / tau;
        hMR += (tM * dTauRho) / t2 - tMR / tau;
        hRR += (dTauRho * dTauRho) / t2;
      }
      logLikelihood += Math.log(tau);
      dLogLambda += (dTauLambda * lambda) / tau;
      dLogMu += (dTauMu * mu) / tau;
      gradient[rhoIndex] -= (w * dTauRho) / tau;
    }

    value -= w * logLikelihood;
    const gLambda = -w * dLogLambda;
    const gMu = -w * dLogMu;
    gradient[i] += gLambda;
    gradient[n + j] -= gLambda;
    gradient[j] += gMu;
    gradient[n + i] -= gMu;
    gradient[interceptIndex] += gLambda + gMu;
    gradient[homeIndex] += gLambda;

    if (hessian) {
      // log λ = intercept + home + attack[i] − defence[j]; log μ = intercept + attack[j] − defence[i].
      // Lower triangle, row-major: every defence index is above every attack index, and the
      // intercept, home advantage and rho rows come last, in that order.
      const H = hessian;
      const LL = w * hLL;
      const MM = w * hMM;
      const LM = w * hLM;
      H[i * size + i] += LL;
      H[(n + j) * size + n + j] += LL;
      H[(n + j) * size + i] -= LL;
      H[j * size + j] += MM;
      H[(n + i) * size + n + i] += MM;
      H[(n + i) * size + j] -= MM;
      if (LM !== 0) {
        H[i > j ? i * size + j : j * size + i] += LM;
        H[(n + i) * size + i] -= LM;
        H[(n + j) * size + j] -= LM;
        H[i > j ? (n + i) * size + n + j : (n + j) * size + n + i] += LM;
      }
      // The intercept is in both rates, the home advantage in λ only.
      const L = LL + LM;
      const M = MM + LM;
      const interceptRow = interceptIndex * size;
      H[interceptRow + i] += L;
      H[interceptRow + n + j] -= L;
      H[interceptRow + j] += M;
      H[interceptRow + n + i] -= M;
      H[interceptRow + interceptIndex] += LL + 2 * LM + MM;
      const homeRow = homeIndex * size;
      H[homeRow + i] += LL;
      H[homeRow + n + j] -= LL;
      H[homeRow + j] += LM;
      H[homeRow + n + i] -= LM;
      H[homeRow + interceptIndex] += L;
      H[homeRow + homeIndex] += LL;
      if (data.lowScoreCorrection) {
        const LR = w * hLR;
        const MR = w * hMR;
        const rhoRow = rhoIndex * size;
        H[rhoRow + i] += LR;
        H[rhoRow + n + j] -= LR;
        H[rhoRow + j] += MR;
        H[rhoRow + n + i] -= MR;
        H[rhoRow + interceptIndex] += LR + MR;
        H[rhoRow + homeIndex] += LR;
        H[rhoRow + rhoIndex] += w * hRR;
      }
    }
  }

  for (let t = 0; t < n; t++) {
    const attackGap = x[t] - data.priorAttack[t];
    const defenceGap = x[n + t] - data.priorDefence[t];
    value += data.ridge * (attackGap * attackGap + defenceGap * defenceGap);
    gradient[t] += 2 * data.ridge * attackGap;
    gradient[n + t] += 2 * data.ridge * defenceGap;
    if (hessian) {
      hessian[t * size + t] += 2 * data.ridge;
      hessian[(n + t) * size + n + t] += 2 * data.ridge;
    }
  }
  if (hessian)
    for (let p = 0; p < size; p++) for (let q = p + 1; q < size; q++) hessian[p * size + q] = hessian[q * size + p];
  return value;
}

/** A neutral start: every team at its prior, the league's mean goals, a small home edge. */
export function defaultStart(data: DixonColesData): DixonColesParameters {
  let goals = 0;
  let weight = 0;
  for (let m = 0; m < data.weight.length; m++) {
    goals += data.weight[m] * (data.homeGoals[m] + data.awayGoals[m]);
    weight += 2 * data.weight[m];
  }
  return {
    attack: Float64Array.from(data.priorAttack),
    defence: Float64Array.from(data.priorDefence),
    intercept: Math.log(weight > 0 && goals > 0 ? goals / weight : 1.35),
    homeAdvantage: 0.2,
    rho: 0,
  };
}

export interface DixonColesFit {
  parameters: DixonColesParameters;
  optimizer: Omit<MinimizeResult, "x">;
}

/** Maximum (penalised) likelihood from `start`, or from a neutral start. */
export function fitDixonColes(data: DixonColesData, start: DixonColesParameters = defaultStart(data)): DixonColesFit {
  let x0 = packParameters(start, data.lowScoreCorrection);
  // A warm start can sit outside the domain for new data (a tau <= 0): start afresh then.
  if (!Number.isFinite(dixonColesObjective(data, x0, new Float64Array(x0.length)))) {
    x0 = packParameters(defaultStart(data), data.lowScoreCorrection);
  }
  const scale = Math.max(
    1,
    data.weight.reduce((sum, w) => sum + w, 0),
  );
  // The objective is scaled by the total weight so that one tolerance suits every data size.
  // Newton's method: from last week's fit a few steps, each one pass over the matches and a
  // Cholesky solve of (2 × teams + 3) unknowns, where L-BFGS took about 60 passes.
  const options = { gradientTolerance: 1e-7, relativeTolerance: 1e-13 };
  const { gradientMax, ...newton } = minimizeNewton(
    (x, gradient, hessian) => {
      const value = dixonColesObjective(data, x, gradient, hessian);
      for (let k = 0; k < gradient.length; k++) gradient[k] /= scale;
      for (let k = 0; k < hessian.length; k++) hessian[k] /= scale;
      return value / scale;
    },
    x0,
    { ...options, maxIterations: 200 },
  );
  // On a few matches (a league's first weeks in the window) the likeliest rho can sit on the
  // edge of its domain (a tau of some match reaching 0): Newton's full steps keep leaving the
  // domain, its line search shrinks them to nothing and it stops short of the optimum. L-BFGS,
  // whose short first steps creep along the edge, gets further there: it takes over from the
  // start whenever Newton did not bring the gradient under the tolerance.
  const result =
    gradientMax < options.gradientTolerance
      ? newton
      : minimizeLbfgs(
          (x, g) => {
            const value = dixonColesObjective(data, x, g);
            for (let k = 0; k < g.length; k++) g[k] /= scale;
            return value / scale;
          },
          x0,
          { ...options, maxIterations: 1000 },
        );
  const { x, ...optimizer } = result;
  return { parameters: unpackParameters(x, data.teamCount, data.lowScoreCorrection), optimizer };
}
