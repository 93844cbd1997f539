/**
 * Read models of the team list and team pages: one function per data block of the team page,
 * each taking (context, teamId, league, season) and answering with a shape of teams.schema.ts.
 * The same functions serve the /api/teams endpoints. Nothing here writes.
 */
import { and, asc, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PortableText } from "@shared/content/documents";
import { fixtures, players, playerSeasonStats, teams, teamSeasonStats } from "@shared/db/schema";
import { parseRating, teamNameOrFallback } from "@shared/domain/format";
import { LEAGUE_KEYS, LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { teamSeasonStatsOverview } from "@shared/domain/team-season-stats";
import { squadSections } from "@shared/domain/team-squad";
import {
  CURRENT_SEASON,
  findTeam,
  getTeamByCode,
  getTeamById,
  getTeamBySlug,
  teamsInLeague,
  type SeasonCode,
} from "@shared/domain/teams/registry";
import type { Team } from "@shared/domain/teams/types";
import { matchUrl, matchUrlById, teamBadgeUrl, teamUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import { getLeagueTable } from "../standings/standings.server";
import type {
  ResolvedTeam,
  TeamFixture,
  TeamInfo,
  TeamListItem,
  TeamPlayerStat,
  TeamStanding,
  TeamStatistics,
} from "./teams.schema";

type DbContext = Pick<AppContext, "db">;
type TimedContext = Pick<AppContext, "db" | "clock">;

/** "team form shows at most 5 matches": the 'Recent Results (Last 5 Matches)' list. */
export const RECENT_FIXTURES_LIMIT = 5;

const ALL_DIGITS = /^\d+$/;
const TEAM_CODE = /^[a-z]{3}$/i;
const MAX_SEGMENT_LENGTH = 100;

/** The league a club plays in that season, else the one it played in most recently. */
export function teamLeague(team: Team, season: string = CURRENT_SEASON): LeagueKey {
  return team.seasons[season as SeasonCode] ?? team.league;
}

/**
 * A 3-letter code names one club per league. Without a league, a club of the season wins over a
 * former one, and the leagues' order (Premier League first, the spec's default) settles the rest.
 */
function teamByCode(code: string, league: LeagueKey | undefined, season: string): Team | null {
  if (league) return getTeamByCode(league, code);
  const candidates = LEAGUE_KEYS.map((key) => getTeamByCode(key, code)).filter((team): team is Team => team !== null);
  return candidates.find((team) => team.seasons[season as SeasonCode]) ?? candidates[0] ?? null;
}

/**
 * The team a URL segment names (spec sections 2 and 5): all digits is the team id; anything else
 * is a slug, tried as the exact slug, then as a 3-letter club code, then through the registry's
 * name lookup (exact name, slug, fuzzy match, preferring the URL's league). The answer's league is
 * where the club plays that season, which may differ from the URL's: pages then redirect.
 */
export function resolveTeam(
  league: LeagueKey | undefined,
  segment: string,
  season: string = CURRENT_SEASON,
): ResolvedTeam | null {
  const text = segment.trim().toLowerCase();
  if (text === "" || text.length > MAX_SEGMENT_LENGTH) return null;
  const team = ALL_DIGITS.test(text)
    ? getTeamById(Number(text))
    : (getTeamBySlug(text) ??
      (TEAM_CODE.test(text) ? teamByCode(text, league, season) : null) ??
      findTeam(text, league));
  return team ? { teamId: team.id, league: teamLeague(team, season) } : null;
}

/**
 * Clubs in the order fans look for them: by the short name they use, not the legal prefix of the
 * full one (AJ Auxerre under A, RC Lens under L, Stade Brestois under B, 1. FC Köln under K).
 */
export function byNameFansUse(
  a: { name: string; shortName: string | null },
  b: { name: string; shortName: string | null },
): number {
  return (
    (a.shortName ?? a.name).localeCompare(b.shortName ?? b.name, "en", { sensitivity: "base" }) ||
    a.name.localeCompare(b.name, "en")
  );
}

function listItem(team: Pick<Team, "id" | "name" | "shortName" | "code" | "slug">, league: LeagueKey): TeamListItem {
  return {
    id: team.id,
    name: team.name,
    shortName: team.shortName,
    code: team.code,
    slug: team.slug,
    url: teamUrl(league, team.slug),
    badge: teamBadgeUrl(team.id),
  };
}

/**
 * The clubs of a league season, alphabetical by name: the registry's list of the season, or for
 * a season the registry does not list yet, the clubs with fixtures of it in the database.
 */
export async function listLeagueTeams({ db }: DbContext, league: LeagueKey, season: string): Promise<TeamListItem[]> {
  const known = teamsInLeague(league, season as SeasonCode);
  if (known.length > 0) return [...known].sort(byNameFansUse).map((team) => listItem(team, league));
  const rows = await db.db
    .select({ id: teams.id, name: teams.name, shortName: teams.shortName, code: teams.code, slug: teams.slug })
    .from(teams)
    .where(
      inArray(
        teams.id,
        sql`(select home_team_id from ${fixtures} where ${fixtures.league} = ${league} and ${fixtures.season} = ${season}
             union select away_team_id from ${fixtures} where ${fixtures.league} = ${league} and ${fixtures.season} = ${season})`,
      ),
    );
  return rows.sort(byNameFansUse).map((team) => listItem(team, league));
}

/** info: the club's name, badge and venue, and the league's name; null for a club nobody knows. */
export async function getTeamInfo(
  { db }: DbContext,
  teamId: number,
  league: LeagueKey,
  season: string,
): Promise<TeamInfo | null> {
  const [row] = await db.db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  const registered = getTeamById(teamId);
  const team = row
    ? {
        ...row,
        colors:
          row.primaryColor && row.secondaryColor ? { primary: row.primaryColor, secondary: row.secondaryColor } : null,
      }
    : registered && { ...registered, venue: registered.venue || null, city: registered.city || null };
  if (!team) return null;
  return {
    team: {
      id: team.id,
      name: team.name,
      shortName: team.shortName,
      code: team.code,
      slug: team.slug,
      venue: team.venue,
      city: team.city,
      colors: team.colors,
      badge: teamBadgeUrl(team.id),
      url: teamUrl(league, team.slug),
    },
    league: { key: league, name: LEAGUES[league].name, season },
  };
}

/** standing: the club's row of the league's latest table; null when the table has none. */
export async function getTeamStanding(
  context: DbContext,
  teamId: number,
  league: LeagueKey,
  season: string,
): Promise<TeamStanding | null> {
  const table = await getLeagueTable(context, league, season);
  const row = table.rows.find((r) => r.teamId === teamId);
  if (!row) return null;
  return {
    teamId,
    teamName: row.teamName,
    rank: row.position,
    points: row.points,
    played: row.played,
    wins: row.won,
    draws: row.drawn,
    losses: row.lost,
    goalDifference: row.goalDifference,
    form: /^[WDL]+$/.test(row.form) ? row.form : null,
  };
}

const homeTeams = alias(teams, "home_team");
const awayTeams = alias(teams, "away_team");

function selectTeamFixtures({ db }: DbContext) {
  return db.db
    .select({
      fixture: fixtures,
      homeName: homeTeams.name,
      homeSlug: homeTeams.slug,
      homeVenue: homeTeams.venue,
      awayName: awayTeams.name,
      awaySlug: awayTeams.slug,
    })
    .from(fixtures)
    .leftJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .leftJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId));
}

type FixtureRow = Awaited<ReturnType<typeof selectTeamFixtures>>[number];

function teamFixture(row: FixtureRow): TeamFixture {
  const { fixture } = row;
  return {
    fixture: {
      id: fixture.id,
      date: fixture.kickoffAt.toISOString(),
      state: fixture.matchState,
      // The fixture's own venue, else the home club's ground.
      venue: { name: fixture.venue ?? row.homeVenue ?? null },
      url:
        row.homeSlug && row.awaySlug ? matchUrl(fixture.league, row.homeSlug, row.awaySlug) : matchUrlById(fixture.id),
    },
    league: { key: fixture.league, season: fixture.season },
    teams: {
      home: { id: fixture.homeTeamId, name: teamNameOrFallback(row.homeName, fixture.homeTeamId), slug: row.homeSlug },
      away: { id: fixture.awayTeamId, name: teamNameOrFallback(row.awayName, fixture.awayTeamId), slug: row.awaySlug },
    },
    goals: { home: fixture.homeScore, away: fixture.awayScore },
  };
}

const playsIn = (teamId: number) => or(eq(fixtures.homeTeamId, teamId), eq(fixtures.awayTeamId, teamId));

/**
 * next fixture: the club's match in play, else its next scheduled league match from the clock's
 * moment (this season or, after its last match, the next one); null when none is known.
 */
export async function getTeamNextFixture(
  context: TimedContext,
  teamId: number,
  league: LeagueKey,
  _season: string,
): Promise<TeamFixture | null> {
  const [row] = await selectTeamFixtures(context)
    .where(
      and(
        playsIn(teamId),
        eq(fixtures.league, league),
        eq(fixtures.isActive, true),
        or(
          eq(fixtures.matchState, "live"),
          and(eq(fixtures.matchState, "pre-match"), gte(fixtures.kickoffAt, context.clock.now())),
        ),
      ),
    )
    .orderBy(sql`${fixtures.matchState} = 'live' desc`, asc(fixtures.kickoffAt), asc(fixtures.id))
    .limit(1);
  return row ? teamFixture(row) : null;
}

/**
 * recent fixtures: the club's last five finished league matches up to the clock's moment, most
 * recent first, from that season or earlier ones (so the list is not empty in August).
 */
export async function getTeamRecentFixtures(
  context: TimedContext,
  teamId: number,
  league: LeagueKey,
  season: string,
): Promise<TeamFixture[]> {
  const rows = await selectTeamFixtures(context)
    .where(
      and(
        playsIn(teamId),
        eq(fixtures.league, league),
        eq(fixtures.isActive, true),
        eq(fixtures.matchState, "post-match"),
        lte(fixtures.season, season),
        lte(fixtures.kickoffAt, context.clock.now()),
      ),
    )
    .orderBy(desc(fixtures.kickoffAt), desc(fixtures.id))
    .limit(RECENT_FIXTURES_LIMIT);
  return rows.map(teamFixture);
}

/** team stats: the six figures from the club's stored season figures; null before its first completed match. */
export async function getTeamStatistics(
  { db }: DbContext,
  teamId: number,
  league: LeagueKey,
  season: string,
): Promise<TeamStatistics | null> {
  const [row] = await db.db
    .select()
    .from(teamSeasonStats)
    .where(
      and(eq(teamSeasonStats.teamId, teamId), eq(teamSeasonStats.league, league), eq(teamSeasonStats.season, season)),
    )
    .limit(1);
  const overview = row ? teamSeasonStatsOverview(row) : null;
  return overview && row ? { ...overview, source: row.source } : null;
}

/**
 * team player stats: every player's season for the club, key players first (goals plus assists,
 * then minutes), then goalkeepers (minutes). Empty when the provider has no player figures (the
 * key-less CSV source has none).
 */
export async function getTeamPlayerStats(
  { db }: DbContext,
  teamId: number,
  league: LeagueKey,
  season: string,
): Promise<TeamPlayerStat[]> {
  const rows = await db.db
    .select({ stats: playerSeasonStats, name: players.name, playerPosition: players.position })
    .from(playerSeasonStats)
    .innerJoin(players, eq(players.id, playerSeasonStats.playerId))
    .where(
      and(
        eq(playerSeasonStats.teamId, teamId),
        eq(playerSeasonStats.league, league),
        eq(playerSeasonStats.season, season),
      ),
    );
  const squad = rows.map(({ stats, name, playerPosition }): TeamPlayerStat => ({
    id: stats.playerId,
    name,
    position: stats.position ?? playerPosition ?? null,
    matchesPlayed: stats.appearances,
    minutesPlayed: stats.minutes,
    goals: stats.goals,
    assists: stats.assists,
    shotsOnTarget: stats.shotsOn,
    passCompletionPercent: stats.passesAccuracy,
    tackles: stats.tackles,
    yellowCards: stats.yellowCards,
    redCards: stats.redCards,
    rating: parseRating(stats.rating),
    goalsConceded: stats.goalsConceded,
    cleanSheets: stats.cleanSheets,
  }));
  const { keyPlayers, goalkeepers } = squadSections(squad);
  return [...keyPlayers, ...goalkeepers];
}

/** 'Team Overview': the editors' profile of the club, drafts in preview; null when there is none. */
export async function getTeamOverview(
  { content }: Pick<AppContext, "content">,
  teamSlug: string,
  preview: boolean,
): Promise<PortableText | null> {
  const profile = await content.getTeamProfile(teamSlug, { preview });
  return profile && profile.overview.length > 0 ? profile.overview : null;
}
