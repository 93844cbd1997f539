/**
 * The public route table: every path the product answers, its aliases included, parsed into the
 * page it shows. A path that is not the page's canonical URL (urls.ts) comes back with
 * `redirectTo`, the canonical path to 301 to; this covers aliases, a trailing slash, upper case,
 * doubled slashes, leading zeros in ids and a missing '-prediction' on match URLs.
 *
 * Pages only: /api/* and static assets are served before this table is consulted. The old
 * site's league aliases answer with a 301; only its bare /leagues path keeps the old redirect
 * screen ('league-redirect'), which moves on to /premier-league-predictions after 100 ms.
 */
import type { LeagueKey } from "./leagues";
import { DEFAULT_LEAGUE, routePage, STATIC_PATHS, type RoutePage } from "./route-pages";
import {
  leaguePicksUrl,
  leagueUrl,
  matchUrl,
  matchUrlById,
  matchweekUrl,
  playerUrl,
  teamListUrl,
  teamPlayersUrl,
  teamUrl,
  teamUrlById,
  teamUrlByCode,
} from "./urls";

export { DEFAULT_LEAGUE, routePage, type RoutePage, type StaticPage } from "./route-pages";

export type RouteMatch = (RoutePage & { redirectTo?: string }) | { page: "not-found" };

const NOT_FOUND: RouteMatch = { page: "not-found" };

function canonicalPath(route: RoutePage): string {
  switch (route.page) {
    case "league":
      return leagueUrl(route.league);
    case "league-picks":
      return leaguePicksUrl(route.league);
    case "matchweek":
      return matchweekUrl(route.league, route.matchweek);
    case "match":
      return route.by === "id" ? matchUrlById(route.id) : matchUrl(route.league, route.homeSlug, route.awaySlug);
    case "team-list":
      return teamListUrl(route.league);
    case "team":
      // An id under a league prefix keeps the league, which the team page needs for its data;
      // the page's loader may redirect once more to the slug URL after looking the team up.
      if (route.by === "slug") return teamUrl(route.league, route.teamSlug);
      if (route.by === "code") return teamUrlByCode(route.teamCode);
      return route.league ? teamUrl(route.league, String(route.teamId)) : teamUrlById(route.teamId);
    case "team-players":
      return teamPlayersUrl(route.league, route.by === "slug" ? route.teamSlug : String(route.teamId));
    case "player": {
      const team = route.teamSlug ?? (route.teamId === undefined ? undefined : String(route.teamId));
      return team === undefined
        ? `${teamListUrl(route.league)}/players/${encodeURIComponent(route.playerSlug)}`
        : playerUrl(route.league, team, route.playerSlug);
    }
    default:
      return STATIC_PATHS[route.page];
  }
}

/**
 * The page a pathname shows. A query string or fragment, if passed along, is ignored; when
 * redirecting, the caller re-appends the query string (the browser keeps the fragment itself).
 */
export function parseRoute(pathname: string): RouteMatch {
  const path = pathname.split(/[?#]/, 1)[0];
  const route = routePage(path);
  if (!route) return NOT_FOUND;
  const canonical = canonicalPath(route);
  return canonical === path ? route : { ...route, redirectTo: canonical };
}

/**
 * The league a page belongs to, from its URL; the default league when the path names none
 * (a match page reached by /match/{id} learns its league from the match itself).
 */
export function leagueFromPath(pathname: string): LeagueKey {
  const route = parseRoute(pathname);
  return ("league" in route && route.league) || DEFAULT_LEAGUE;
}
