/**
 * API-Football's league tables, teams and team statistics → the provider contract's records: the
 * rows of a league's table with their form, a team that must be in the registry, and a team's
 * season figures with its last five results. Pure, like every mapper (mappers.ts).
 */
import type { LeagueKey } from "@shared/domain/leagues";
import type { Team } from "@shared/domain/teams/types";
import type { StandingFeedItem, TeamStatisticsFeedItem } from "../types";
import { leagueOf, n, ok, registryTeam, rejected, seasonCodeOfYear, type Mapped, type MappedRows } from "./mappers";
import type { ApiStandings, ApiTeamStatistics } from "./schemas";

// ---------------------------------------------------------------------------------------------
// Standings

const FORM = /^[WDL]+$/;

/**
 * The league table (the first group: a league has one). The provider's standings form lists the
 * most recent match first; the contract's lists it last, so it is reversed.
 */
export function mapStandings(api: ApiStandings, expectedLeague: LeagueKey): MappedRows<StandingFeedItem> {
  const rows: StandingFeedItem[] = [];
  const rejections: string[] = [];
  const league = leagueOf(api.league.id);
  if (!league.ok || league.value !== expectedLeague) {
    return { rows, rejections: [`standings of league ${api.league.id}: not the table of ${expectedLeague}`] };
  }
  for (const entry of api.league.standings[0] ?? []) {
    const team = registryTeam(entry.team.id, entry.team.name);
    if (!team.ok) {
      rejections.push(`standings row ${entry.rank}: ${team.reason}`);
      continue;
    }
    const form = entry.form?.trim().toUpperCase() ?? "";
    rows.push({
      teamId: team.value.id,
      position: entry.rank,
      points: entry.points,
      played: n(entry.all.played),
      won: n(entry.all.win),
      drawn: n(entry.all.draw),
      lost: n(entry.all.lose),
      goalsFor: n(entry.all.goals.for),
      goalsAgainst: n(entry.all.goals.against),
      form: FORM.test(form) ? [...form].reverse().join("") : null,
    });
  }
  return { rows, rejections };
}

// ---------------------------------------------------------------------------------------------
// Teams and team statistics

/** A team of a /teams answer, which must be in the registry. */
export function mapTeam(id: number, name: string): Mapped<Team> {
  return registryTeam(id, name);
}

/** Form shown for a team: its last five results, oldest first. */
const TEAM_FORM_LENGTH = 5;

/**
 * A team's season figures. The provider's form is the whole season in order, oldest first; the
 * last five are kept. It has no over 2.5 or both-teams-scored counts.
 */
export function mapTeamStatistics(api: ApiTeamStatistics): Mapped<TeamStatisticsFeedItem> {
  const league = leagueOf(api.league.id);
  if (!league.ok) return rejected(`team statistics: ${league.reason}`);
  const team = registryTeam(api.team.id, api.team.name);
  if (!team.ok) return rejected(`team statistics: ${team.reason}`);
  const form = api.form?.trim().toUpperCase() ?? "";
  const { played, wins, draws, loses } = api.fixtures;
  return ok({
    teamId: team.value.id,
    league: league.value,
    season: seasonCodeOfYear(api.league.season),
    playedHome: n(played.home),
    playedAway: n(played.away),
    winsHome: n(wins.home),
    winsAway: n(wins.away),
    drawsHome: n(draws.home),
    drawsAway: n(draws.away),
    lossesHome: n(loses.home),
    lossesAway: n(loses.away),
    goalsForHome: n(api.goals.for.total.home),
    goalsForAway: n(api.goals.for.total.away),
    goalsAgainstHome: n(api.goals.against.total.home),
    goalsAgainstAway: n(api.goals.against.total.away),
    cleanSheets: n(api.clean_sheet.total),
    failedToScore: n(api.failed_to_score?.total),
    over25Matches: null,
    bothScoredMatches: null,
    form: FORM.test(form) ? form.slice(-TEAM_FORM_LENGTH) : null,
  });
}
