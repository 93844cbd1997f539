/**
 * Team ratings of one league at a moment: two Dixon-Coles fits on the matches before it, one
 * on goals and one on shots on target (scaled to goals: a quicker, less noisy read of how
 * many chances a side makes and allows). Matches count less the older they are (exponential
 * decay), and a promoted team starts from the newcomers' prior: how promoted sides of earlier
 * seasons fared against the league's average in their first season.
 */
import type { LeagueKey } from "../domain/leagues";
import { fitDixonColes, type DixonColesData, type DixonColesParameters } from "./dixon-coles";
import type { ModelOptions } from "./options";
import type { PlayedMatch } from "./types";

export interface TeamRating {
  teamId: number;
  attack: number;
  defence: number;
}

export interface RatingModel {
  teams: TeamRating[];
  intercept: number;
  homeAdvantage: number;
  rho: number;
  newcomerPrior: { attack: number; defence: number };
  /** Optimiser iterations of this fit (a warm start needs few). */
  iterations: number;
}

export interface LeagueRatings {
  league: LeagueKey;
  /** Epoch milliseconds: only matches before this were used. */
  asOf: number;
  /** The season the ratings predict. */
  season: string;
  /** Matches in the fit window. */
  matchCount: number;
  goals: RatingModel;
  /** null when no match in the window has shots on target. */
  shots: RatingModel | null;
  /** Goals per shot on target in the window: the shots model's scale. */
  goalsPerShotOnTarget: number | null;
}

export interface LeagueRatingsInput {
  league: LeagueKey;
  /** Finished matches of this league before asOf, in any order. */
  matches: readonly PlayedMatch[];
  asOf: number;
  season: string;
  /** Teams of the season being predicted (they may have no match in the window yet). */
  seasonTeamIds: Iterable<number>;
  options: ModelOptions;
  previous?: LeagueRatings | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Measure = (match: PlayedMatch, side: "home" | "away") => number | null;

const goalsOf: Measure = (m, side) => (side === "home" ? m.homeGoals : m.awayGoals);
const shotsOnTargetOf: Measure = (m, side) => {
  const value = side === "home" ? m.homeShotsOnTarget : m.awayShotsOnTarget;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
};

interface Season {
  teams: Set<number>;
  matches: PlayedMatch[];
}

/** The league's seasons in the order they were played (by their first kick-off). */
function seasonsInOrder(matches: readonly PlayedMatch[]): Map<string, Season> {
  const first = new Map<string, number>();
  const seasons = new Map<string, Season>();
  for (const m of matches) {
    first.set(m.season, Math.min(first.get(m.season) ?? Infinity, m.kickoff.getTime()));
    const season = seasons.get(m.season) ?? { teams: new Set<number>(), matches: [] };
    season.teams.add(m.homeTeamId).add(m.awayTeamId);
    season.matches.push(m);
    seasons.set(m.season, season);
  }
  const ordered = [...first.keys()].sort((a, b) => first.get(a)! - first.get(b)!);
  return new Map(ordered.map((code) => [code, seasons.get(code)!]));
}

/**
 * log(for per match / league average) and −log(against per match / league average) of every
 * promoted team in its first season, averaged over the completed seasons in the data.
 */
function newcomerPrior(
  seasons: Map<string, Season>,
  currentSeason: string,
  measure: Measure,
): { attack: number; defence: number } {
  const order = [...seasons.keys()];
  let attack = 0;
  let defence = 0;
  let count = 0;
  for (let k = 1; k < order.length; k++) {
    if (order[k] === currentSeason) continue;
    const season = seasons.get(order[k])!;
    const previous = seasons.get(order[k - 1])!.teams;
    const newcomers = [...season.teams].filter((team) => !previous.has(team));
    if (newcomers.length === 0) continue;
    const totals = new Map<number, { for: number; against: number; played: number }>();
    let leagueTotal = 0;
    let leagueSides = 0;
    for (const m of season.matches) {
      const home = measure(m, "home");
      const away = measure(m, "away");
      if (home === null || away === null) continue;
      leagueTotal += home + away;
      leagueSides += 2;
      for (const [team, scored, conceded] of [
        [m.homeTeamId, home, away],
        [m.awayTeamId, away, home],
      ]) {
        const t = totals.get(team) ?? { for: 0, against: 0, played: 0 };
        t.for += scored;
        t.against += conceded;
        t.played += 1;
        totals.set(team, t);
      }
    }
    if (leagueTotal <= 0) continue;
    const average = leagueTotal / leagueSides;
    for (const team of newcomers) {
      const t = totals.get(team);
      if (!t || t.played === 0) continue;
      // Half a goal keeps a side that never scored away from log(0).
      attack += Math.log((t.for + 0.5) / (t.played * average));
      defence -= Math.log((t.against + 0.5) / (t.played * average));
      count += 1;
    }
  }
  return count > 0 ? { attack: attack / count, defence: defence / count } : { attack: 0, defence: 0 };
}

/** One rating model's fit: what it is fitted to, on which matches, with which priors. */
interface RatingFit {
  window: readonly PlayedMatch[];
  /** Time-decay weight of each window match. */
  weights: readonly number[];
  teamIds: readonly number[];
  newcomers: ReadonlySet<number>;
  prior: { attack: number; defence: number };
  target: Measure;
  /** Multiplies the target (goals per shot on target for the shots model). */
  scale: number;
  ridge: number;
  lowScoreCorrection: boolean;
  previous: RatingModel | null | undefined;
}

function fitModel({
  window,
  weights,
  teamIds,
  newcomers,
  prior,
  target,
  scale,
  ridge,
  lowScoreCorrection,
  previous,
}: RatingFit): RatingModel {
  const index = new Map(teamIds.map((id, i) => [id, i]));
  // The window's matches with the target on both sides, packed for the optimiser (plain loops:
  // this runs for every league every week of a cold start's replay).
  const homeTeam = new Int32Array(window.length);
  const awayTeam = new Int32Array(window.length);
  const homeGoals = new Float64Array(window.length);
  const awayGoals = new Float64Array(window.length);
  const weight = new Float64Array(window.length);
  let used = 0;
  for (let i = 0; i < window.length; i++) {
    const m = window[i];
    const home = target(m, "home");
    const away = target(m, "away");
    if (home === null || away === null) continue;
    homeTeam[used] = index.get(m.homeTeamId)!;
    awayTeam[used] = index.get(m.awayTeamId)!;
    homeGoals[used] = scale * home;
    awayGoals[used] = scale * away;
    weight[used] = weights[i];
    used++;
  }
  const data: DixonColesData = {
    teamCount: teamIds.length,
    homeTeam: homeTeam.subarray(0, used),
    awayTeam: awayTeam.subarray(0, used),
    homeGoals: homeGoals.subarray(0, used),
    awayGoals: awayGoals.subarray(0, used),
    weight: weight.subarray(0, used),
    priorAttack: Float64Array.from(teamIds, (id) => (newcomers.has(id) ? prior.attack : 0)),
    priorDefence: Float64Array.from(teamIds, (id) => (newcomers.has(id) ? prior.defence : 0)),
    ridge,
    lowScoreCorrection,
  };
  let start: DixonColesParameters | undefined;
  if (previous) {
    const before = new Map(previous.teams.map((t) => [t.teamId, t]));
    start = {
      attack: Float64Array.from(teamIds, (id, i) => before.get(id)?.attack ?? data.priorAttack[i]),
      defence: Float64Array.from(teamIds, (id, i) => before.get(id)?.defence ?? data.priorDefence[i]),
      intercept: previous.intercept,
      homeAdvantage: previous.homeAdvantage,
      rho: previous.rho,
    };
  }
  const fit = fitDixonColes(data, start);
  return {
    teams: teamIds.map((teamId, i) => ({
      teamId,
      attack: fit.parameters.attack[i],
      defence: fit.parameters.defence[i],
    })),
    intercept: fit.parameters.intercept,
    homeAdvantage: fit.parameters.homeAdvantage,
    rho: fit.parameters.rho,
    newcomerPrior: prior,
    iterations: fit.optimizer.iterations,
  };
}

/**
 * What a league's history gives every fit of a walk through it, computed once per history
 * array (the engine passes the same array for every week of a replay): whether it is in
 * kick-off order (then a window is a slice, found by bisection), each season's kick-offs in
 * order, and the facts that change only when a season is added: the teams of the last season
 * before the one predicted and the newcomers' priors, keyed by the seasons before it and their
 * match counts.
 */
interface HistoryIndex {
  kickoffs: Float64Array | null;
  seasons: Map<string, { matches: PlayedMatch[]; kickoffs: Float64Array }>;
  earlier: Map<string, EarlierSeasons>;
}

interface EarlierSeasons {
  previousSeasonTeams: ReadonlySet<number> | null;
  goalsPrior: { attack: number; defence: number };
  shotsPrior: { attack: number; defence: number };
}

const historyIndexes = new WeakMap<readonly PlayedMatch[], HistoryIndex>();

/** The number of sorted values below `limit`. */
function countBelow(sorted: Float64Array, limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

function historyIndex(matches: readonly PlayedMatch[]): HistoryIndex {
  const known = historyIndexes.get(matches);
  if (known) return known;
  const kickoffs = Float64Array.from(matches, (m) => m.kickoff.getTime());
  let inOrder = true;
  for (let i = 1; i < kickoffs.length && inOrder; i++) inOrder = kickoffs[i - 1] <= kickoffs[i];
  const grouped = new Map<string, PlayedMatch[]>();
  for (const m of matches) {
    const list = grouped.get(m.season);
    if (list) list.push(m);
    else grouped.set(m.season, [m]);
  }
  const seasons = new Map<string, { matches: PlayedMatch[]; kickoffs: Float64Array }>();
  for (const [code, list] of grouped) {
    const sorted = inOrder ? list : [...list].sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime());
    seasons.set(code, { matches: sorted, kickoffs: Float64Array.from(sorted, (m) => m.kickoff.getTime()) });
  }
  const index = { kickoffs: inOrder ? kickoffs : null, seasons, earlier: new Map<string, EarlierSeasons>() };
  historyIndexes.set(matches, index);
  return index;
}

export function fitLeagueRatings(input: LeagueRatingsInput): LeagueRatings {
  const { options, asOf } = input;
  const earliest = asOf - options.windowDays * DAY_MS;
  const index = historyIndex(input.matches);
  const window = index.kickoffs
    ? input.matches.slice(countBelow(index.kickoffs, earliest), countBelow(index.kickoffs, asOf))
    : input.matches.filter((m) => m.kickoff.getTime() < asOf && m.kickoff.getTime() >= earliest);
  const weights = window.map((m) => 0.5 ** ((asOf - m.kickoff.getTime()) / (options.halfLifeDays * DAY_MS)));

  // The seasons before the one predicted, each with its matches before asOf: what the
  // newcomers' priors and the previous season's teams are computed from.
  const current = index.seasons.get(input.season);
  const currentPlayed = current ? countBelow(current.kickoffs, asOf) : 0;
  const before: string[] = [];
  let laterSeason = false;
  for (const [code, season] of index.seasons) {
    if (code === input.season) continue;
    const count = countBelow(season.kickoffs, asOf);
    if (count === 0) continue;
    before.push(`${code}:${count}`);
    if (current && season.kickoffs[0] > current.kickoffs[0]) laterSeason = true;
  }
  // A season played after the predicted one (a replay of the past) reads the predicted one's
  // teams as its predecessor's: then its matches so far are part of the key too.
  const key = `${input.season}${laterSeason ? `:${currentPlayed}` : ""}|${before.join(",")}`;
  let earlier = index.earlier.get(key);
  if (!earlier) {
    const seasons = seasonsInOrder(input.matches.filter((m) => m.kickoff.getTime() < asOf));
    const order = [...seasons.keys()].filter((season) => season !== input.season);
    earlier = {
      previousSeasonTeams: order.length > 0 ? seasons.get(order[order.length - 1])!.teams : null,
      goalsPrior: newcomerPrior(seasons, input.season, goalsOf),
      shotsPrior: newcomerPrior(seasons, input.season, shotsOnTargetOf),
    };
    index.earlier.set(key, earlier);
  }
  const seasonTeams = new Set(input.seasonTeamIds);
  if (current) {
    for (let i = 0; i < currentPlayed; i++)
      seasonTeams.add(current.matches[i].homeTeamId).add(current.matches[i].awayTeamId);
  }
  const { previousSeasonTeams } = earlier;
  const newcomers = new Set(
    previousSeasonTeams ? [...seasonTeams].filter((team) => !previousSeasonTeams.has(team)) : [],
  );

  const teamIds = [...new Set([...window.flatMap((m) => [m.homeTeamId, m.awayTeamId]), ...seasonTeams])].sort(
    (a, b) => a - b,
  );

  const common = { window, weights, teamIds, newcomers };
  const goals = fitModel({
    ...common,
    prior: earlier.goalsPrior,
    target: goalsOf,
    scale: 1,
    ridge: options.goalsRidge,
    lowScoreCorrection: true,
    previous: input.previous?.goals,
  });

  let goalsWithShots = 0;
  let shotsOnTarget = 0;
  window.forEach((m, i) => {
    const home = shotsOnTargetOf(m, "home");
    const away = shotsOnTargetOf(m, "away");
    if (home === null || away === null) return;
    goalsWithShots += weights[i] * (m.homeGoals + m.awayGoals);
    shotsOnTarget += weights[i] * (home + away);
  });
  const goalsPerShotOnTarget = shotsOnTarget > 0 ? goalsWithShots / shotsOnTarget : null;
  const shots =
    goalsPerShotOnTarget === null
      ? null
      : fitModel({
          ...common,
          prior: earlier.shotsPrior,
          target: shotsOnTargetOf,
          scale: goalsPerShotOnTarget,
          ridge: options.shotsRidge,
          lowScoreCorrection: false,
          previous: input.previous?.shots,
        });

  return {
    league: input.league,
    asOf,
    season: input.season,
    matchCount: window.length,
    goals,
    shots,
    goalsPerShotOnTarget,
  };
}

/** Scoring rates of a match; a team the ratings have never seen gets the newcomers' prior. */
export function ratesFor(model: RatingModel, homeTeamId: number, awayTeamId: number): { lambda: number; mu: number } {
  const home = model.teams.find((t) => t.teamId === homeTeamId) ?? { ...model.newcomerPrior };
  const away = model.teams.find((t) => t.teamId === awayTeamId) ?? { ...model.newcomerPrior };
  return {
    lambda: Math.exp(model.intercept + model.homeAdvantage + home.attack - away.defence),
    mu: Math.exp(model.intercept + away.attack - home.defence),
  };
}
