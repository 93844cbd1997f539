import { data, redirect } from "@remix-run/node";
import { findLeagueKey, LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import { parseRoute, type RoutePage } from "@shared/domain/routes";
import { getTeamById } from "@shared/domain/teams/registry";
import { leagueUrl, teamListUrl, teamUrl } from "@shared/domain/urls";
import { pageCacheControl } from "~/cache-control";
import type { AppContext } from "~/load-context";
import { renderOptionalRichText } from "../content/rich-text.server";
import { getSeasonOutlook } from "../league/season-outlook.server";
import {
  getTeamInfo,
  getTeamNextFixture,
  getTeamOverview,
  getTeamPlayerStats,
  getTeamRecentFixtures,
  getTeamStanding,
  getTeamStatistics,
  listLeagueTeams,
  resolveTeam,
} from "./teams.server";
import { notFound } from "~/not-found.server";
import { getTeamStrength } from "./team-strength.server";

export type TeamRoute = Extract<RoutePage, { page: "team" }>;

/** The team page's 404: 'Team Not Found' (its error boundary shows the spec's texts). */
export function teamNotFound(): Response {
  return notFound("team");
}

/**
 * The team page a request's path names, aliases included: loadTeamPage redirects every
 * non-canonical path once, straight to the club's canonical URL (no alias hop first). A path of
 * a team route that names no team (an id of 0, "players") under a league's prefix, or under
 * /teams, is 'Team Not Found'; under anything else it is the site's 404.
 */
export function requireTeamRoute(request: Request, leagueSegment: string | undefined): TeamRoute {
  const match = parseRoute(new URL(request.url).pathname);
  if (match.page === "team") return match;
  if (leagueSegment === undefined || findLeagueKey(leagueSegment)) throw teamNotFound();
  throw notFound();
}

function segmentOf(route: TeamRoute): { league: LeagueKey | undefined; segment: string } {
  if (route.by === "slug") return { league: route.league, segment: route.teamSlug };
  if (route.by === "id") return { league: route.league, segment: String(route.teamId) };
  return { league: undefined, segment: route.teamCode };
}

/**
 * Everything the team page shows. The segment is resolved (id, slug, code, name lookup); any URL
 * other than the club's canonical one (an id, a code, a misspelt slug, another league's prefix)
 * answers with a 301 to it, and a segment that names no club is a 404 'Team Not Found'.
 */
export async function loadTeamPage(context: AppContext, request: Request, route: TeamRoute) {
  const season = seasonCodeFor(context.clock.now());
  const { league: urlLeague, segment } = segmentOf(route);
  const resolved = resolveTeam(urlLeague, segment, season);
  const team = resolved && getTeamById(resolved.teamId);
  if (!resolved || !team) throw teamNotFound();
  const url = new URL(request.url);
  const canonical = teamUrl(resolved.league, team.slug);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);

  const { teamId, league } = resolved;
  const preview = await context.previewSessions.isActive(request);
  const [info, standing, nextFixture, recentFixtures, statistics, players, overview, leagueOutlook, strength] =
    await Promise.all([
      getTeamInfo(context, teamId, league, season),
      getTeamStanding(context, teamId, league, season),
      getTeamNextFixture(context, teamId, league, season),
      getTeamRecentFixtures(context, teamId, league, season),
      getTeamStatistics(context, teamId, league, season),
      getTeamPlayerStats(context, teamId, league, season),
      getTeamOverview(context, team.slug, preview),
      getSeasonOutlook(context, league),
      getTeamStrength(context, league, teamId),
    ]);
  if (!info) throw teamNotFound();
  const live = nextFixture?.fixture.state === "live";
  const outlookRow = leagueOutlook?.teams.find((row) => row.teamId === teamId);
  const outlook = leagueOutlook && outlookRow ? { league, seasons: leagueOutlook.seasons, team: outlookRow } : null;
  return data(
    {
      info,
      seasonLabel: seasonLabel(season),
      standing,
      nextFixture,
      recentFixtures,
      statistics,
      players,
      overview: renderOptionalRichText(overview),
      outlook,
      strength,
      live,
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}

/** The team list page's clubs of the clock's season. */
export async function loadTeamListPage(context: AppContext, league: LeagueKey) {
  const season = seasonCodeFor(context.clock.now());
  const teams = await listLeagueTeams(context, league, season);
  return data(
    {
      league,
      name: LEAGUES[league].name,
      seasonLabel: seasonLabel(season),
      url: teamListUrl(league),
      leagueUrl: leagueUrl(league),
      teams,
    },
    { headers: { "Cache-Control": pageCacheControl(false) } },
  );
}
