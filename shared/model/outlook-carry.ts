/**
 * Carrying the market's view of each club into the rest of the season. The season outlook rates
 * the next two weeks' fixtures with the engine's forecasts (which hold the market's prices) and
 * every later fixture with the engine's goals ratings alone, which know only results. Where the
 * two disagree about a club (the market rates it higher or lower than its results do), that gap
 * says something about the club that lasts beyond two weeks.
 *
 * clubGaps fits each club's attack and defence offsets (in log goals) to the near fixtures' gaps,
 * log(forecast rate) − log(rated rate), by ridge regression; carriedRates applies them, times a
 * gain, to a later fixture's rated rates. Measured by the odds check (bench:outlook) and described
 * in docs/decisions/007-season-outlook.md. Pure.
 */
import { solvePositiveDefinite } from "./linear-solve";

/**
 * The production carry: the gap of the next two weeks' forecasts, carried at 1.5 times its fitted
 * size with a ridge of 1, fitted on 2006-07 to 2015-16 (the odds check's seasons come after).
 */
export const OUTLOOK_CARRY = { horizonDays: 14, gain: 1.5, ridge: 1 } as const;

export interface CarryOptions {
  /** How much of the fitted gap a later fixture takes (1: all of it). */
  gain: number;
  /** Ridge penalty on each club's offsets: a club seen in one near fixture moves less. */
  ridge: number;
}

/** A near fixture: its forecast (or market) rates and the ratings' rates for the same match. */
export interface GapFixture {
  homeTeamId: number;
  awayTeamId: number;
  lambda: number;
  mu: number;
  ratedLambda: number;
  ratedMu: number;
}

export interface ClubGap {
  /** Added to the club's log scoring rate. */
  attack: number;
  /** Subtracted from its opponents' log scoring rate. */
  defence: number;
}

/** Each club's offsets fitted to the near fixtures' gaps (clubs without a near fixture have none). */
export function clubGaps(near: readonly GapFixture[], ridge: number): Map<number, ClubGap> {
  const gaps = new Map<number, ClubGap>();
  const usable = near.filter((f) =>
    [f.lambda, f.mu, f.ratedLambda, f.ratedMu].every((x) => x > 0 && Number.isFinite(x)),
  );
  if (usable.length === 0) return gaps;
  const teams = [...new Set(usable.flatMap((f) => [f.homeTeamId, f.awayTeamId]))].sort((a, b) => a - b);
  const index = new Map(teams.map((id, i) => [id, i]));
  const n = 2 * teams.length;
  const a = new Float64Array(n * n);
  const b = new Float64Array(n);
  const add = (attack: number, defence: number, y: number) => {
    // y ≈ attack offset of the scoring side − defence offset of the conceding side.
    const columns: Array<[number, number]> = [
      [attack, 1],
      [defence, -1],
    ];
    for (const [i, xi] of columns) {
      b[i] += xi * y;
      for (const [j, xj] of columns) a[i * n + j] += xi * xj;
    }
  };
  for (const f of usable) {
    const home = index.get(f.homeTeamId)!;
    const away = index.get(f.awayTeamId)!;
    add(2 * home, 2 * away + 1, Math.log(f.lambda / f.ratedLambda));
    add(2 * away, 2 * home + 1, Math.log(f.mu / f.ratedMu));
  }
  for (let k = 0; k < n; k++) a[k * n + k] += Math.max(ridge, 1e-9);
  const x = solvePositiveDefinite(a, b, n);
  teams.forEach((teamId, t) => gaps.set(teamId, { attack: x[2 * t], defence: x[2 * t + 1] }));
  return gaps;
}

/** A later fixture's rated rates with the clubs' gaps carried in, times the gain. */
export function carriedRates(
  fixture: { homeTeamId: number; awayTeamId: number; lambda: number; mu: number },
  gaps: ReadonlyMap<number, ClubGap>,
  gain: number,
): { lambda: number; mu: number } {
  const none = { attack: 0, defence: 0 };
  const home = gaps.get(fixture.homeTeamId) ?? none;
  const away = gaps.get(fixture.awayTeamId) ?? none;
  return {
    lambda: fixture.lambda * Math.exp(gain * (home.attack - away.defence)),
    mu: fixture.mu * Math.exp(gain * (away.attack - home.defence)),
  };
}
