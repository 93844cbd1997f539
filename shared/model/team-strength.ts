/**
 * Team strength over time: each club's rating week by week over this season and the last, by
 * the model and by the market, in one unit a fan can read: the goal difference per match the
 * club would expect against an average side of its league on neutral ground.
 *
 * - **The model's** is the engine's goals rating (league-ratings.ts, the Dixon-Coles fit the
 *   forecasts start from) fitted on the matches before each week: exp(c)·(exp(attack) −
 *   exp(−defence)).
 * - **The market's** is the same quantity from the prices: every match's 1X2 and over/under 2.5
 *   prices give the two scoring rates the market expected (independent Poisson goals fitted to
 *   its fair probabilities, scoreline-check.ts); a weighted ridge regression of their logarithms
 *   on the same attack, defence, intercept and home advantage gives each club's strength as the
 *   market saw it. Prices already hold the market's latest view, so its window is short
 *   (MARKET_STRENGTH_OPTIONS), where the model's weighs years of results.
 *
 * Computed by the worker's team-strength job and stored per league; pages only read it. Pure.
 */
import { fitLeagueRatings, type LeagueRatings } from "./league-ratings";
import { solvePositiveDefinite } from "./linear-solve";
import type { ModelOptions } from "./options";
import type { PlayedMatch } from "./types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The market's window: prices of the last 8 months, a match's weight halving every 60 days. */
export const MARKET_STRENGTH_OPTIONS = { windowDays: 240, halfLifeDays: 60, ridge: 1 } as const;

/** A played match with, when known, the scoring rates the market's prices implied. */
export interface StrengthMatch extends PlayedMatch {
  market: { lambda: number; mu: number } | null;
}

export interface StrengthRatings {
  intercept: number;
  homeAdvantage: number;
  teams: ReadonlyArray<{ teamId: number; attack: number; defence: number }>;
}

/** Expected goal difference per match against an average side (attack and defence 0) on neutral ground. */
export function expectedGoalDifference(ratings: StrengthRatings, teamId: number): number | null {
  const team = ratings.teams.find((t) => t.teamId === teamId);
  if (!team) return null;
  return Math.exp(ratings.intercept) * (Math.exp(team.attack) - Math.exp(-team.defence));
}

/**
 * The market's ratings at `asOf` from the priced matches before it: log λ = c + h + attack(home)
 * − defence(away), log μ = c + attack(away) − defence(home), weighted least squares with a ridge
 * on the clubs' attack and defence (not on c and h). null without a priced match in the window.
 */
export function marketRatings(
  matches: readonly StrengthMatch[],
  asOf: number,
  options: { windowDays: number; halfLifeDays: number; ridge: number } = MARKET_STRENGTH_OPTIONS,
): StrengthRatings | null {
  const earliest = asOf - options.windowDays * DAY_MS;
  const priced = matches.filter(
    (m) => m.market !== null && m.kickoff.getTime() < asOf && m.kickoff.getTime() >= earliest,
  );
  if (priced.length === 0) return null;
  const teamIds = [...new Set(priced.flatMap((m) => [m.homeTeamId, m.awayTeamId]))].sort((x, y) => x - y);
  const index = new Map(teamIds.map((id, i) => [id, i]));
  // Parameters: c, h, then attack and defence of each club.
  const n = 2 + 2 * teamIds.length;
  const a = new Float64Array(n * n);
  const b = new Float64Array(n);
  const add = (columns: ReadonlyArray<[number, number]>, y: number, w: number) => {
    for (const [i, xi] of columns) {
      b[i] += w * xi * y;
      for (const [j, xj] of columns) a[i * n + j] += w * xi * xj;
    }
  };
  for (const m of priced) {
    const w = 0.5 ** ((asOf - m.kickoff.getTime()) / (options.halfLifeDays * DAY_MS));
    const home = index.get(m.homeTeamId)!;
    const away = index.get(m.awayTeamId)!;
    const attack = (t: number) => 2 + 2 * t;
    const defence = (t: number) => 3 + 2 * t;
    add(
      [
        [0, 1],
        [1, 1],
        [attack(home), 1],
        [defence(away), -1],
      ],
      Math.log(m.market!.lambda),
      w,
    );
    add(
      [
        [0, 1],
        [attack(away), 1],
        [defence(home), -1],
      ],
      Math.log(m.market!.mu),
      w,
    );
  }
  for (let k = 2; k < n; k++) a[k * n + k] += options.ridge;
  // A tiny ridge on c and h keeps the system solvable when every match has the same home side.
  a[0] += 1e-9;
  a[n + 1] += 1e-9;
  const x = solvePositiveDefinite(a, b, n);
  return {
    intercept: x[0],
    homeAdvantage: x[1],
    teams: teamIds.map((teamId, t) => ({ teamId, attack: x[2 + 2 * t], defence: x[3 + 2 * t] })),
  };
}

export interface StrengthPoint {
  /** The week's Monday, YYYY-MM-DD: ratings from the matches before it. */
  date: string;
  /** Expected goal difference per match against an average side, 2 decimals; null when unknown. */
  model: number | null;
  market: number | null;
}

export interface TeamStrengthInput {
  league: PlayedMatch["league"];
  /** The league's played matches: the seasons shown and the model's window before them. */
  matches: readonly StrengthMatch[];
  /** The seasons shown, oldest first ('2425', '2526'): a point a week from each one's first match. */
  seasons: readonly string[];
  /** Points until this instant (epoch ms), the clock's now. */
  until: number;
  options: ModelOptions;
}

const round2 = (x: number | null) => (x === null || !Number.isFinite(x) ? null : Math.round(x * 100) / 100);

/** The Monday 00:00 UTC on or after an instant. */
function nextMonday(at: number): number {
  const day = new Date(at);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const weekday = new Date(midnight).getUTCDay();
  const ahead = (8 - weekday) % 7;
  return midnight + (ahead === 0 && midnight < at ? 7 : ahead) * DAY_MS;
}

/**
 * Every club's weekly points over the seasons shown, by team id: one point per Monday from the
 * week after each season's first match to its last match (or `until`), for the clubs of that season.
 */
export function teamStrengthSeries(input: TeamStrengthInput): Map<number, StrengthPoint[]> {
  const series = new Map<number, StrengthPoint[]>();
  for (const week of strengthWeeks(input)) week(series);
  return series;
}

/**
 * The same, a week at a time: `pause` is awaited after each week's fits (about 10 ms of CPU), so
 * that a process that also serves pages can serve them in between.
 */
export async function teamStrengthSeriesPaced(
  input: TeamStrengthInput,
  pause: () => Promise<void>,
): Promise<Map<number, StrengthPoint[]>> {
  const series = new Map<number, StrengthPoint[]>();
  for (const week of strengthWeeks(input)) {
    week(series);
    await pause();
  }
  return series;
}

/** One step per week: fits the ratings of that Monday and adds every club's point. */
function* strengthWeeks(input: TeamStrengthInput): Generator<(series: Map<number, StrengthPoint[]>) => void> {
  let previous: LeagueRatings | null = null;
  for (const season of input.seasons) {
    const own = input.matches.filter((m) => m.season === season);
    if (own.length === 0) continue;
    const first = Math.min(...own.map((m) => m.kickoff.getTime()));
    const last = Math.max(...own.map((m) => m.kickoff.getTime()));
    const teams = [...new Set(own.flatMap((m) => [m.homeTeamId, m.awayTeamId]))];
    const end = Math.min(input.until, nextMonday(last));
    for (let monday = nextMonday(first); monday <= end; monday += 7 * DAY_MS) {
      yield (series) => {
        const ratings: LeagueRatings = fitLeagueRatings({
          league: input.league,
          matches: input.matches,
          asOf: monday,
          season,
          seasonTeamIds: teams,
          options: input.options,
          previous,
        });
        previous = ratings;
        const market = marketRatings(input.matches, monday);
        const date = new Date(monday).toISOString().slice(0, 10);
        for (const teamId of teams) {
          const points = series.get(teamId) ?? [];
          points.push({
            date,
            model: round2(expectedGoalDifference(ratings.goals, teamId)),
            market: round2(market && expectedGoalDifference(market, teamId)),
          });
          series.set(teamId, points);
        }
      };
    }
  }
}
