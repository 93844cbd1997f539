/**
 * League tables from results, with each league's own tie-breakers.
 *
 * Sort by points, find the groups still level, apply the league's ordered tie-breakers to each
 * group, and record which one separated every team from the team below. Head-to-head
 * tie-breakers read a mini-table of the matches among the teams still level; when one splits a
 * group, the teams still level after it start the league's list again on their own, smaller
 * mini-table (as UEFA and the leagues do for three-way ties). An overall tie-breaker that
 * splits a group hands the rest on to the next one.
 *
 * Two departures from the rulebooks, both because a table must always have an order:
 * - Head-to-head only counts once every match among the tied teams has been played. La Liga
 *   and the DFL say so for the season in progress; the Premier League, Serie A and Ligue 1
 *   write their rules for the final table, when every such match has been played anyway.
 * - Where a rulebook ends in fair play (cards are not part of results), a play-off, drawing
 *   lots or a shared place, the table falls back to team name (when names are given), then
 *   team id. decidedBy 'alphabetical' or 'team-id' marks such places as level in the rules.
 */
import { tableBand, type LeagueKey, type TableBand } from "./leagues";
import { formString } from "./form";
import { parseInstant } from "./instant";

export type StandingTiebreaker =
  | "points"
  | "goal-difference"
  | "goals-for"
  | "away-goals"
  | "head-to-head-points"
  | "head-to-head-goal-difference"
  | "head-to-head-goals-for"
  | "head-to-head-away-goals"
  | "alphabetical"
  | "team-id";

export interface MatchResult {
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
  kickoffAt: Date | string;
}

export interface StandingsOptions {
  /** Every team of the league; those without a result yet get a row of zeros. */
  teams?: readonly number[];
  /** Only matches that kicked off before this moment count: the table as it stood then. */
  asOf?: Date;
  /** Names for the last-resort alphabetical order. */
  teamNames?: Readonly<Record<number, string>>;
}

export interface StandingRow {
  teamId: number;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** Last 5 results (TEAM_FORM_LIMIT), oldest first ('WDLWW': the final letter is the latest match). */
  form: string;
  band: TableBand | null;
  /** The tie-breaker that put this team above the next row; null on the last row. */
  decidedBy: StandingTiebreaker | null;
}

const POINTS_FOR_WIN = 3;
const POINTS_FOR_DRAW = 1;

interface Totals {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  awayGoalsFor: number;
  points: number;
}

/** What the tie-breakers measure of a team: enough for a ranking without a full table row. */
export interface RankingTotals {
  points: number;
  goalsFor: number;
  goalsAgainst: number;
  awayGoalsFor: number;
}

/** A result as ranking reads it (head-to-head mini-tables); no kick-off needed. */
export type ScoredMatch = Pick<MatchResult, "homeTeamId" | "awayTeamId" | "homeGoals" | "awayGoals">;

interface Criterion {
  key: StandingTiebreaker;
  scope: "overall" | "head-to-head";
  /** Higher is better. */
  measure: (totals: RankingTotals) => number;
}

const byPoints = (t: RankingTotals) => t.points;
const byGoalDifference = (t: RankingTotals) => t.goalsFor - t.goalsAgainst;
const byGoalsFor = (t: RankingTotals) => t.goalsFor;
const byAwayGoals = (t: RankingTotals) => t.awayGoalsFor;

const points: Criterion = { key: "points", scope: "overall", measure: byPoints };
const goalDifference: Criterion = { key: "goal-difference", scope: "overall", measure: byGoalDifference };
const goalsFor: Criterion = { key: "goals-for", scope: "overall", measure: byGoalsFor };
const awayGoals: Criterion = { key: "away-goals", scope: "overall", measure: byAwayGoals };
const h2hPoints: Criterion = { key: "head-to-head-points", scope: "head-to-head", measure: byPoints };
const h2hGoalDifference: Criterion = {
  key: "head-to-head-goal-difference",
  scope: "head-to-head",
  measure: byGoalDifference,
};
const h2hGoalsFor: Criterion = { key: "head-to-head-goals-for", scope: "head-to-head", measure: byGoalsFor };
const h2hAwayGoals: Criterion = { key: "head-to-head-away-goals", scope: "head-to-head", measure: byAwayGoals };

/** Each league's order after points. */
const LEAGUE_TIEBREAKERS: Readonly<Record<LeagueKey, readonly Criterion[]>> = {
  /**
   * Premier League handbook, rule C.17 (head-to-head added in 2019/20, unchanged since):
   * goal difference, goals scored, then points in the matches between the tied clubs, then
   * away goals in those matches, then a play-off.
   */
  "premier-league": [goalDifference, goalsFor, h2hPoints, h2hAwayGoals],
  /**
   * RFEF general regulations (art. 201): head-to-head first. Two clubs: goal difference in
   * their two matches; more clubs: points in the mini-league, then its goal difference.
   * Points-then-difference gives the two-club order too (two clubs level on points across
   * their two matches are decided by the difference). Then overall goal difference, goals
   * scored, fair play. No away goals.
   */
  "la-liga": [h2hPoints, h2hGoalDifference, goalDifference, goalsFor],
  /**
   * DFL Spielordnung: goal difference, goals scored, the aggregate of the matches between the
   * tied clubs (their goal difference), away goals in those matches, away goals over the
   * season, then a play-off on neutral ground.
   */
  bundesliga: [goalDifference, goalsFor, h2hGoalDifference, h2hAwayGoals, awayGoals],
  /**
   * Lega Serie A ("classifica avulsa", also for three or more clubs): points in the matches
   * between the tied clubs, their goal difference, overall goal difference, goals scored,
   * then drawing lots (a play-off decides the title and the last relegation place since
   * 2022/23). No away goals.
   */
  "serie-a": [h2hPoints, h2hGoalDifference, goalDifference, goalsFor],
  /**
   * LFP competition regulations (since 2017/18): overall goal difference, then among the tied
   * clubs points, goal difference, goals scored and away goals scored, then overall goals
   * scored, overall away goals, then the fair-play table.
   */
  ligue1: [goalDifference, h2hPoints, h2hGoalDifference, h2hGoalsFor, h2hAwayGoals, goalsFor, awayGoals],
};

/** The order a league separates teams level on points, for a page that explains the table. */
export function tiebreakerOrder(league: LeagueKey): StandingTiebreaker[] {
  return [points, ...LEAGUE_TIEBREAKERS[league]].map((c) => c.key);
}

function emptyTotals(): Totals {
  return { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, awayGoalsFor: 0, points: 0 };
}

function addResult(table: Map<number, Totals>, teamId: number, scored: number, conceded: number, away: boolean): void {
  const t = table.get(teamId)!;
  t.played += 1;
  t.goalsFor += scored;
  t.goalsAgainst += conceded;
  if (away) t.awayGoalsFor += scored;
  if (scored > conceded) {
    t.won += 1;
    t.points += POINTS_FOR_WIN;
  } else if (scored === conceded) {
    t.drawn += 1;
    t.points += POINTS_FOR_DRAW;
  } else {
    t.lost += 1;
  }
}

/** Totals over the given results for the given teams; a result with another team counts for nobody. */
function tabulate(teamIds: Iterable<number>, results: readonly ScoredMatch[]): Map<number, Totals> {
  const table = new Map<number, Totals>();
  for (const id of teamIds) table.set(id, emptyTotals());
  for (const r of results) {
    if (!table.has(r.homeTeamId) || !table.has(r.awayTeamId)) continue;
    addResult(table, r.homeTeamId, r.homeGoals, r.awayGoals, false);
    addResult(table, r.awayTeamId, r.awayGoals, r.homeGoals, true);
  }
  return table;
}

interface Placement {
  teamId: number;
  decidedBy: StandingTiebreaker | null;
}

interface RankingContext {
  criteria: readonly Criterion[];
  results: readonly ScoredMatch[];
  overall: ReadonlyMap<number, RankingTotals>;
  played: Set<string>;
  names: Readonly<Record<number, string>>;
}

const fixtureKey = (homeTeamId: number, awayTeamId: number) => `${homeTeamId}:${awayTeamId}`;

/** The mini-table among a group, or null while any home or away match among it is unplayed. */
function headToHeadTable(group: readonly number[], ctx: RankingContext): ReadonlyMap<number, RankingTotals> | null {
  for (const home of group) {
    for (const away of group) {
      if (home !== away && !ctx.played.has(fixtureKey(home, away))) return null;
    }
  }
  return tabulate(group, ctx.results);
}

/** Splits a group into runs of equal measure, best first. */
function splitBy(group: readonly number[], measure: (teamId: number) => number): number[][] {
  const sorted = [...group].sort((a, b) => measure(b) - measure(a));
  const runs: number[][] = [];
  for (const id of sorted) {
    const run = runs[runs.length - 1];
    if (run && measure(run[0]) === measure(id)) run.push(id);
    else runs.push([id]);
  }
  return runs;
}

const collator = new Intl.Collator("en", { sensitivity: "base" });

function orderByName(group: readonly number[], names: Readonly<Record<number, string>>): Placement[] {
  const nameOf = (id: number) => names[id]?.trim() ?? "";
  const byName = (a: number, b: number) => {
    const [na, nb] = [nameOf(a), nameOf(b)];
    return na && nb ? collator.compare(na, nb) : 0;
  };
  const sorted = [...group].sort((a, b) => byName(a, b) || a - b);
  return sorted.map((teamId, i) => {
    const next = sorted[i + 1];
    if (next === undefined) return { teamId, decidedBy: null };
    return { teamId, decidedBy: byName(teamId, next) !== 0 ? "alphabetical" : "team-id" };
  });
}

function orderGroup(group: readonly number[], from: number, ctx: RankingContext): Placement[] {
  if (group.length === 1) return [{ teamId: group[0], decidedBy: null }];
  let miniTable: ReadonlyMap<number, RankingTotals> | null | undefined;
  for (let i = from; i < ctx.criteria.length; i++) {
    const criterion = ctx.criteria[i];
    let totals = ctx.overall;
    if (criterion.scope === "head-to-head") {
      if (miniTable === undefined) miniTable = headToHeadTable(group, ctx);
      if (miniTable === null) continue;
      totals = miniTable;
    }
    const runs = splitBy(group, (id) => criterion.measure(totals.get(id)!));
    if (runs.length === 1) continue;
    const next = criterion.scope === "head-to-head" ? 0 : i + 1;
    return runs.flatMap((run, r) => {
      const placed = orderGroup(run, next, ctx);
      if (r < runs.length - 1) placed[placed.length - 1].decidedBy = criterion.key;
      return placed;
    });
  }
  return orderByName(group, ctx.names);
}

/**
 * The overall measures a league compares before its first head-to-head tie-breaker, points
 * first: teams that differ on any of them are ordered by them alone. A caller ranking many tables
 * (the season outlook's simulations) sorts on these and hands only the teams level on all of
 * them to orderLevelTeams, which gives the order computeStandings would.
 */
export function leadingTiebreakers(league: LeagueKey): Array<(totals: RankingTotals) => number> {
  const criteria = [points, ...LEAGUE_TIEBREAKERS[league]];
  const firstHeadToHead = criteria.findIndex((c) => c.scope === "head-to-head");
  return criteria.slice(0, firstHeadToHead === -1 ? criteria.length : firstHeadToHead).map((c) => c.measure);
}

/**
 * Orders teams level on points (and on the leading overall measures) with the league's full
 * rules, as computeStandings does: `overall` holds every team's season totals, `matches` the
 * results among them (others are ignored), `names` the last-resort alphabetical order.
 */
export function orderLevelTeams(
  league: LeagueKey,
  group: readonly number[],
  overall: ReadonlyMap<number, RankingTotals>,
  matches: readonly ScoredMatch[],
  names: Readonly<Record<number, string>> = {},
): number[] {
  const ctx: RankingContext = {
    criteria: [points, ...LEAGUE_TIEBREAKERS[league]],
    results: matches,
    overall,
    played: new Set(matches.map((r) => fixtureKey(r.homeTeamId, r.awayTeamId))),
    names,
  };
  return orderGroup(group, 0, ctx).map((p) => p.teamId);
}

function checkedResult(r: MatchResult): MatchResult & { kickoff: Date } {
  const kickoff = parseInstant(r.kickoffAt);
  const isGoalCount = (n: number) => Number.isInteger(n) && n >= 0;
  if (!kickoff || !isGoalCount(r.homeGoals) || !isGoalCount(r.awayGoals) || r.homeTeamId === r.awayTeamId) {
    const described = `${r.homeTeamId} v ${r.awayTeamId} (${r.homeGoals}-${r.awayGoals}, kickoff ${String(
      r.kickoffAt,
    )})`;
    throw new RangeError(
      `Unusable result ${described}: results need two different teams, whole non-negative goals and a readable kickoff time.`,
    );
  }
  return { ...r, kickoff };
}

export function computeStandings(
  league: LeagueKey,
  results: readonly MatchResult[],
  opts: StandingsOptions = {},
): StandingRow[] {
  const counted = results.map(checkedResult).filter((r) => !opts.asOf || r.kickoff.getTime() < opts.asOf.getTime());

  const teamIds = new Set<number>(opts.teams ?? []);
  for (const r of counted) {
    teamIds.add(r.homeTeamId);
    teamIds.add(r.awayTeamId);
  }
  const overall = tabulate(teamIds, counted);
  const ctx: RankingContext = {
    criteria: [points, ...LEAGUE_TIEBREAKERS[league]],
    results: counted,
    overall,
    played: new Set(counted.map((r) => fixtureKey(r.homeTeamId, r.awayTeamId))),
    names: opts.teamNames ?? {},
  };

  return orderGroup([...teamIds], 0, ctx).map(({ teamId, decidedBy }, index) => {
    const t = overall.get(teamId)!;
    const position = index + 1;
    const teamResults = counted.flatMap((r) => {
      if (r.homeTeamId === teamId)
        return [{ teamGoals: r.homeGoals, opponentGoals: r.awayGoals, kickoffAt: r.kickoff }];
      if (r.awayTeamId === teamId)
        return [{ teamGoals: r.awayGoals, opponentGoals: r.homeGoals, kickoffAt: r.kickoff }];
      return [];
    });
    return {
      teamId,
      position,
      played: t.played,
      won: t.won,
      drawn: t.drawn,
      lost: t.lost,
      goalsFor: t.goalsFor,
      goalsAgainst: t.goalsAgainst,
      goalDifference: t.goalsFor - t.goalsAgainst,
      points: t.points,
      form: formString(teamResults),
      band: tableBand(league, position),
      decidedBy,
    };
  });
}
