/**
 * The squad and player pages' loaders: the URL's club and player looked up, every other
 * spelling of the page 301-redirected to its one canonical URL, and the page's data.
 */
import { data, redirect } from "@remix-run/node";
import { pageCacheControl } from "~/cache-control";
import type { AppContext } from "~/load-context";
import {
  canonicalPlayerUrl,
  chooseMembership,
  currentSeason,
  findPlayerByName,
  getMemberships,
  getPlayer,
  getPlayerRecentForm,
  getTeamSquad,
  membershipPosition,
  statisticsOf,
} from "./players.server";
import { requireRoutePage } from "~/route-page.server";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonLabel } from "@shared/domain/matchweek";
import {
  nationalityAndAge,
  POSITION_GROUPS,
  recentFormLine,
  seasonSummary,
  type PositionGroup,
} from "@shared/domain/player-stats";
import type { RoutePage } from "@shared/domain/routes";
import { findTeam, getTeamById, getTeamBySlug } from "@shared/domain/teams/registry";
import type { Team } from "@shared/domain/teams/types";
import { leagueUrl, matchUrl, teamBadgeUrl, teamPlayersUrl, teamUrl } from "@shared/domain/urls";
import { notFound } from "~/not-found.server";

type PageContext = Pick<AppContext, "db" | "clock">;
type TeamSegment = { teamSlug?: string; teamId?: number };

/** The club a URL segment names: an id, a registry slug, or a name close enough to one club. */
function teamOf(segment: TeamSegment, league: LeagueKey): Team | null {
  if (segment.teamId !== undefined) return getTeamById(segment.teamId);
  if (segment.teamSlug === undefined) return null;
  return getTeamBySlug(segment.teamSlug) ?? findTeam(segment.teamSlug.replace(/-/g, " "), league);
}

/** The league a club plays in during a season. */
function leagueOfTeam(team: Team, season: string): LeagueKey {
  return (team.seasons as Partial<Record<string, LeagueKey>>)[season] ?? team.league;
}

function redirectUnlessAt(request: Request, canonical: string): void {
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
}

function teamLinks(league: LeagueKey, team: { id: number; name: string; slug: string }) {
  return {
    id: team.id,
    name: team.name,
    href: teamUrl(league, team.slug),
    playersHref: teamPlayersUrl(league, team.slug),
    badge: teamBadgeUrl(team.id),
  };
}

/** /{league}/teams/{team}/players: every player the data knows for the club, by position. */
export async function loadSquadPage(context: PageContext, request: Request) {
  const route = requireRoutePage(request, "team-players");
  const team = teamOf(route.by === "id" ? { teamId: route.teamId } : { teamSlug: route.teamSlug }, route.league);
  if (!team) throw notFound("team");
  const season = currentSeason(context);
  const league = leagueOfTeam(team, season);
  redirectUnlessAt(request, teamPlayersUrl(league, team.slug));

  const squad = await getTeamSquad(context, team.id);
  const groups = POSITION_GROUPS.map((position: PositionGroup) => ({
    position,
    players: squad.filter((player) => player.position === position),
  })).filter((group) => group.players.length > 0);
  return data(
    {
      league,
      leagueName: LEAGUES[league].name,
      leagueHref: leagueUrl(league),
      team: teamLinks(league, team),
      seasonLabel: seasonLabel(season),
      groups,
      count: squad.length,
    },
    { headers: { "Cache-Control": pageCacheControl(false) } },
  );
}

type PlayerRoute = Extract<RoutePage, { page: "player" }>;

async function playerIdOf(context: PageContext, route: PlayerRoute): Promise<{ id: number; team: Team | null } | null> {
  const named = route.teamSlug !== undefined || route.teamId !== undefined;
  const team = named ? teamOf(route, route.league) : null;
  if (route.playerId !== undefined) return { id: route.playerId, team };
  // A slug without an id is a name, looked up among the club's (or the league's) players.
  if (named && !team) return null;
  const id = await findPlayerByName(context, route.playerSlug, team ? { teamId: team.id } : { league: route.league });
  return id === null ? null : { id, team };
}

/** /{league}/teams/{team}/players/{name-id}: the player's season at that club and his last matches. */
export async function loadPlayerPage(context: PageContext, request: Request) {
  const route = requireRoutePage(request, "player");
  const playerNotFound = () => notFound("player");
  const found = await playerIdOf(context, route);
  if (!found) throw playerNotFound();
  const player = await getPlayer(context, found.id);
  if (!player) throw playerNotFound();
  const membership = chooseMembership(await getMemberships(context, player.id), {
    teamId: found.team?.id,
    league: route.league,
  });
  if (!membership) throw playerNotFound();
  const canonical = canonicalPlayerUrl(player, membership);
  redirectUnlessAt(request, canonical);

  const statistics = statisticsOf(context, player, membership);
  const stats = membership.stats;
  const recentForm = await getPlayerRecentForm(context, player.id);
  const { league } = membership;
  return data(
    {
      canonical,
      league,
      leagueName: LEAGUES[league].name,
      leagueHref: leagueUrl(league),
      team: teamLinks(league, { id: membership.teamId, name: membership.teamName, slug: membership.teamSlug }),
      player: {
        id: player.id,
        name: player.name,
        position: membershipPosition(membership, player),
        details: nationalityAndAge(statistics.player.nationality, statistics.player.age),
      },
      seasonLabel: statistics.season.label,
      currentSeasonLabel: seasonLabel(currentSeason(context)),
      summary: stats
        ? seasonSummary({
            appearances: stats.appearances,
            lineups: stats.lineups,
            minutes: stats.minutes,
            goals: stats.goals,
            assists: stats.assists,
            shotsOn: stats.shotsOn,
            passesKey: stats.passesKey,
            passesAccuracy: stats.passesAccuracy,
            dribblesSuccess: stats.dribblesSuccess,
            dribblesAttempts: stats.dribblesAttempts,
            rating: stats.rating,
          })
        : null,
      recentForm: recentForm.map((item) => {
        const isHome = item.teams.home.id === item.playerPerformance.teamId;
        const opponent = isHome ? item.teams.away : item.teams.home;
        const [home, away] = [getTeamById(item.teams.home.id), getTeamById(item.teams.away.id)];
        return {
          fixtureId: item.fixture.id,
          matchHref: home && away ? matchUrl(leagueOfTeam(home, currentSeason(context)), home.slug, away.slug) : null,
          ...recentFormLine({
            kickoffAt: item.fixture.date,
            isHome,
            opponent: opponent.name,
            homeGoals: item.goals.home,
            awayGoals: item.goals.away,
            minutes: item.playerPerformance.minutes,
            rating: item.playerPerformance.rating,
            goals: item.playerPerformance.goals,
            assists: item.playerPerformance.assists,
            shotsOn: item.playerPerformance.shots.on,
          }),
        };
      }),
    },
    { headers: { "Cache-Control": pageCacheControl(false) } },
  );
}
