/**
 * The season outlook: a Monte Carlo of the rest of a league season. Every simulated season
 * starts from the real table, plays each remaining fixture from the engine's scoreline model
 * (home and away scoring rates and Dixon & Coles' low-score dependence) and ranks the final
 * table with the league's own tie-breakers. Counting where each team finished over many
 * seasons gives its expected points, its chances of the title, of each table band and its
 * whole distribution of final positions.
 *
 * Rating uncertainty: the engine's rates are point estimates of team strengths that are only
 * known to within about ±12% (see docs/decisions/007-season-outlook.md). A simulation that
 * takes them as exact is overconfident, the more so the more games are left. So every
 * simulated season first draws each team's form for the rest of the season: its goals for
 * and its goals against are multiplied by exp(N(0, σ)), σ = OUTLOOK_RATING_SIGMA, for every
 * remaining fixture of that season.
 *
 * Pure and deterministic: the same input and seed give the same numbers (a seeded mulberry32,
 * never Math.random).
 */
import { LEAGUES, type LeagueKey, type TableBandKey } from "../domain/leagues";
import type { MatchResult } from "../domain/standings";
import { expMinus, mulberry32, normals, poisson, tau } from "./season-outlook-draws";
import { TableRanker } from "./season-outlook-ranker";

/** Seasons simulated per league. */
export const OUTLOOK_SEASONS = 20_000;
/** Standard deviation of each team's log attack and log defence multipliers per simulated season. */
export const OUTLOOK_RATING_SIGMA = 0.12;
/** The base seed; each league mixes in its key, so leagues draw different streams. */
export const OUTLOOK_SEED = 20_252_026;

/** A fixture still to play, with the engine's scoring rates. */
export interface OutlookFixture {
  homeTeamId: number;
  awayTeamId: number;
  /** Expected home goals (the Poisson rate of the home side). */
  lambda: number;
  /** Expected away goals. */
  mu: number;
  /** Dixon & Coles' low-score dependence; 0 for independent Poisson goals. */
  rho: number;
}

export interface SeasonOutlookInput {
  league: LeagueKey;
  /** Every team of the league season. */
  teams: readonly number[];
  /** Names for the last-resort alphabetical order of the tie-breakers. */
  teamNames?: Readonly<Record<number, string>>;
  /** Results so far. */
  results: readonly Pick<MatchResult, "homeTeamId" | "awayTeamId" | "homeGoals" | "awayGoals">[];
  /** Fixtures left, in a fixed order (kick-off, id): the draws follow it. */
  remaining: readonly OutlookFixture[];
  seasons?: number;
  seed?: number;
  sigma?: number;
  /**
   * Indices into `remaining` of the fixtures whose stakes to measure (matchStakes): for each, every
   * simulated season is counted under the result it had in that season.
   */
  stakesFor?: readonly number[];
}

/** A team's chance of one table outcome under each result of its match; null for a result no season had. */
export interface ResultChances {
  win: number | null;
  draw: number | null;
  loss: number | null;
}

export interface TeamStakes {
  teamId: number;
  title: ResultChances;
  championsLeague: ResultChances;
  relegation: ResultChances;
  /** The largest change a win rather than a defeat makes to any of the three chances (0 to 1). */
  swing: number;
}

/**
 * What one fixture means for its two clubs: their chances of the title, the Champions League
 * places and relegation in the simulated seasons where it ended in each result. With the
 * outlook's own chances (TeamOutlook), a page can say "a win lifts the title chance from 61% to
 * 70%; a defeat drops it to 48%".
 */
export interface MatchStakes {
  /** The fixture's index in `remaining`. */
  index: number;
  homeTeamId: number;
  awayTeamId: number;
  /** The share of simulated seasons with each result. */
  results: { home: number; draw: number; away: number };
  home: TeamStakes;
  away: TeamStakes;
  /** The two clubs' swings added up (0 to 2): how much the match decides. */
  importance: number;
}

export interface TeamOutlook {
  teamId: number;
  /** The real table today. */
  currentPosition: number;
  currentPoints: number;
  played: number;
  /** Fixtures left for this team. */
  remaining: number;
  expectedPoints: number;
  expectedGoalDifference: number;
  /** P(1st). */
  title: number;
  /** P(finishing in each band of the league's table). */
  championsLeague: number;
  europaLeague: number;
  relegation: number;
  /** positions[i]: P(finishing (i + 1)th). Sums to 1. */
  positions: number[];
  /** The position with the highest probability (the higher place on a tie). */
  mostLikelyPosition: number;
}

export interface SeasonOutlook {
  league: LeagueKey;
  seasons: number;
  seed: number;
  sigma: number;
  remainingFixtures: number;
  /** Teams in the order of the current table. */
  teams: TeamOutlook[];
  /** The stakes of each fixture of `stakesFor`, in its order. */
  stakes: MatchStakes[];
}

/** The default seed of a league: the base seed mixed with its key (FNV-1a). */
export function outlookSeed(league: LeagueKey): number {
  let h = 0x811c9dc5 ^ OUTLOOK_SEED;
  for (let i = 0; i < league.length; i++) h = Math.imul(h ^ league.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

interface Bands {
  championsLeague: [number, number];
  europaLeague: [number, number];
  relegation: [number, number];
}

function bandsOf(league: LeagueKey): Bands {
  const band = (key: TableBandKey): [number, number] => {
    const b = LEAGUES[league].bands.find((x) => x.key === key)!;
    return [b.from, b.to];
  };
  return {
    championsLeague: band("champions-league"),
    europaLeague: band("europa-league"),
    relegation: band("relegation"),
  };
}

/** Simulates the rest of a league season `seasons` times; see the module's comment. */
export function simulateSeasonOutlook(input: SeasonOutlookInput): SeasonOutlook {
  const { league } = input;
  const seasons = input.seasons ?? OUTLOOK_SEASONS;
  const seed = input.seed ?? outlookSeed(league);
  const sigma = input.sigma ?? OUTLOOK_RATING_SIGMA;
  if (!Number.isInteger(seasons) || seasons < 1)
    throw new RangeError(`seasons must be a positive whole number, not ${seasons}`);
  if (!(sigma >= 0)) throw new RangeError(`sigma must be 0 or more, not ${sigma}`);

  const teamIds = [...new Set(input.teams)];
  for (const m of [...input.results, ...input.remaining]) {
    for (const id of [m.homeTeamId, m.awayTeamId]) if (!teamIds.includes(id)) teamIds.push(id);
  }
  const n = teamIds.length;
  const index = new Map(teamIds.map((id, i) => [id, i]));
  const names = input.teamNames ?? {};

  // The real table.
  const base = {
    points: new Int32Array(n),
    goalsFor: new Int32Array(n),
    goalsAgainst: new Int32Array(n),
    awayGoalsFor: new Int32Array(n),
  };
  const played = new Int32Array(n);
  const homeGoals = new Int32Array(n * n).fill(-1);
  const awayGoals = new Int32Array(n * n).fill(-1);
  const addResult = (t: typeof base, h: number, a: number, hg: number, ag: number) => {
    t.goalsFor[h] += hg;
    t.goalsAgainst[h] += ag;
    t.goalsFor[a] += ag;
    t.goalsAgainst[a] += hg;
    t.awayGoalsFor[a] += ag;
    if (hg > ag) t.points[h] += 3;
    else if (hg < ag) t.points[a] += 3;
    else {
      t.points[h] += 1;
      t.points[a] += 1;
    }
  };
  for (const r of input.results) {
    const h = index.get(r.homeTeamId)!;
    const a = index.get(r.awayTeamId)!;
    addResult(base, h, a, r.homeGoals, r.awayGoals);
    played[h] += 1;
    played[a] += 1;
    homeGoals[h * n + a] = r.homeGoals;
    awayGoals[h * n + a] = r.awayGoals;
  }

  const fixtures = input.remaining.map((f) => {
    if (!(f.lambda > 0 && f.mu > 0 && Number.isFinite(f.lambda) && Number.isFinite(f.mu) && Number.isFinite(f.rho))) {
      throw new RangeError(`Unusable rates for ${f.homeTeamId} v ${f.awayTeamId}: ${f.lambda}, ${f.mu}, ${f.rho}`);
    }
    return { h: index.get(f.homeTeamId)!, a: index.get(f.awayTeamId)!, lambda: f.lambda, mu: f.mu, rho: f.rho };
  });
  const left = new Int32Array(n);
  for (const f of fixtures) {
    left[f.h] += 1;
    left[f.a] += 1;
  }

  // Stakes: per fixture watched, per result (home win, draw, away win), the seasons with that
  // result and, for each of the two clubs, those that ended with the title, in the Champions
  // League places and relegated.
  const stakesFor = input.stakesFor ?? [];
  for (const k of stakesFor) {
    if (!Number.isInteger(k) || k < 0 || k >= fixtures.length)
      throw new RangeError(`stakesFor: ${k} is not the index of a remaining fixture`);
  }
  const slotOf = new Int32Array(fixtures.length).fill(-1);
  stakesFor.forEach((k, slot) => (slotOf[k] = slot));
  const resultOf = new Int8Array(stakesFor.length);
  const resultCounts = new Float64Array(stakesFor.length * 3);
  // [slot][result][side: home 0, away 1][outcome: title 0, Champions League 1, relegation 2]
  const outcomeCounts = new Float64Array(stakesFor.length * 18);
  const positionOf = new Int32Array(n);

  const bands = bandsOf(league);
  const ranker = new TableRanker(league, teamIds, names);
  const currentOrder = Array.from(ranker.rank(base, homeGoals, awayGoals));

  const random = mulberry32(seed);
  const sim = {
    points: new Int32Array(n),
    goalsFor: new Int32Array(n),
    goalsAgainst: new Int32Array(n),
    awayGoalsFor: new Int32Array(n),
  };
  const attack = new Float64Array(n).fill(1);
  const defence = new Float64Array(n).fill(1);
  const draws = new Float64Array(2 * n);
  const positionCounts = new Float64Array(n * n);
  const pointsSum = new Float64Array(n);
  const goalDifferenceSum = new Float64Array(n);

  for (let s = 0; s < seasons; s++) {
    sim.points.set(base.points);
    sim.goalsFor.set(base.goalsFor);
    sim.goalsAgainst.set(base.goalsAgainst);
    sim.awayGoalsFor.set(base.awayGoalsFor);
    if (fixtures.length > 0) {
      if (sigma > 0) {
        normals(random, draws);
        for (let i = 0; i < n; i++) {
          attack[i] = Math.exp(sigma * draws[2 * i]);
          // Multiplies the goals the team concedes.
          defence[i] = Math.exp(sigma * draws[2 * i + 1]);
        }
      }
    }
    for (let k = 0; k < fixtures.length; k++) {
      const f = fixtures[k];
      const lambda = f.lambda * attack[f.h] * defence[f.a];
      const mu = f.mu * attack[f.a] * defence[f.h];
      const expLambda = expMinus(lambda);
      const expMu = expMinus(mu);
      let hg: number;
      let ag: number;
      if (f.rho === 0) {
        hg = poisson(lambda, expLambda, random);
        ag = poisson(mu, expMu, random);
      } else {
        // Exact draws from the Dixon–Coles grid: independent Poisson goals, kept with
        // probability tau / max tau (tau differs from 1 on four low scores only).
        const rho = f.rho;
        const tauMax = Math.max(1, 1 - lambda * mu * rho, 1 + lambda * rho, 1 + mu * rho, 1 - rho);
        for (;;) {
          hg = poisson(lambda, expLambda, random);
          ag = poisson(mu, expMu, random);
          if (hg > 1 || ag > 1 || random() * tauMax < tau(hg, ag, lambda, mu, rho)) break;
        }
      }
      addResult(sim, f.h, f.a, hg, ag);
      homeGoals[f.h * n + f.a] = hg;
      awayGoals[f.h * n + f.a] = ag;
      if (slotOf[k] >= 0) resultOf[slotOf[k]] = hg > ag ? 0 : hg === ag ? 1 : 2;
    }
    const order = ranker.rank(sim, homeGoals, awayGoals);
    for (let p = 0; p < n; p++) positionCounts[order[p] * n + p] += 1;
    if (stakesFor.length > 0) {
      for (let p = 0; p < n; p++) positionOf[order[p]] = p + 1;
      for (let slot = 0; slot < stakesFor.length; slot++) {
        const f = fixtures[stakesFor[slot]];
        const result = resultOf[slot];
        resultCounts[slot * 3 + result] += 1;
        for (let side = 0; side < 2; side++) {
          const position = positionOf[side === 0 ? f.h : f.a];
          const at = slot * 18 + result * 6 + side * 3;
          if (position === 1) outcomeCounts[at] += 1;
          if (position >= bands.championsLeague[0] && position <= bands.championsLeague[1]) outcomeCounts[at + 1] += 1;
          if (position >= bands.relegation[0] && position <= bands.relegation[1]) outcomeCounts[at + 2] += 1;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      pointsSum[i] += sim.points[i];
      goalDifferenceSum[i] += sim.goalsFor[i] - sim.goalsAgainst[i];
    }
  }

  const teams = currentOrder.map((i, p): TeamOutlook => {
    const positions = Array.from(positionCounts.subarray(i * n, i * n + n), (c) => c / seasons);
    const between = ([from, to]: [number, number]) => positions.slice(from - 1, to).reduce((sum, x) => sum + x, 0);
    let mostLikely = 0;
    for (let k = 1; k < n; k++) if (positions[k] > positions[mostLikely]) mostLikely = k;
    return {
      teamId: teamIds[i],
      currentPosition: p + 1,
      currentPoints: base.points[i],
      played: played[i],
      remaining: left[i],
      expectedPoints: pointsSum[i] / seasons,
      expectedGoalDifference: goalDifferenceSum[i] / seasons,
      title: positions[0],
      championsLeague: between(bands.championsLeague),
      europaLeague: between(bands.europaLeague),
      relegation: between(bands.relegation),
      positions,
      mostLikelyPosition: mostLikely + 1,
    };
  });
  const stakes = stakesFor.map((k, slot): MatchStakes => {
    const f = fixtures[k];
    const seasonsWith = (result: number) => resultCounts[slot * 3 + result];
    const teamStakes = (side: 0 | 1): TeamStakes => {
      // A club's win is the home side's result 0 for the home club and result 2 for the away club.
      const [win, loss] = side === 0 ? [0, 2] : [2, 0];
      const chances = (outcome: number): ResultChances => {
        const chance = (result: number) =>
          seasonsWith(result) === 0
            ? null
            : outcomeCounts[slot * 18 + result * 6 + side * 3 + outcome] / seasonsWith(result);
        return { win: chance(win), draw: chance(1), loss: chance(loss) };
      };
      const title = chances(0);
      const championsLeague = chances(1);
      const relegation = chances(2);
      const swing = Math.max(
        ...[title, championsLeague, relegation].map((c) =>
          c.win === null || c.loss === null ? 0 : Math.abs(c.win - c.loss),
        ),
      );
      return { teamId: teamIds[side === 0 ? f.h : f.a], title, championsLeague, relegation, swing };
    };
    const home = teamStakes(0);
    const away = teamStakes(1);
    return {
      index: k,
      homeTeamId: home.teamId,
      awayTeamId: away.teamId,
      results: { home: seasonsWith(0) / seasons, draw: seasonsWith(1) / seasons, away: seasonsWith(2) / seasons },
      home,
      away,
      importance: home.swing + away.swing,
    };
  });
  return { league, seasons, seed, sigma, remainingFixtures: fixtures.length, teams, stakes };
}
