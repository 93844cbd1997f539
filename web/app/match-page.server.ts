import { data } from "@remix-run/node";
import { pageCacheControl } from "./cache-control";
import type { AppContext } from "./load-context";
import { getTeamKeyPlayers } from "./key-players.server";
import { getMatchById, getMatchBySlugs } from "./matches.server";
import { MATCH_NOT_FOUND_TITLE } from "./page-texts";
import { matchPlace } from "./seo.server";
import { getLeagueTable } from "./standings.server";
import type { RoutePage } from "../../shared/domain/routes";

type MatchRoute = Extract<RoutePage, { page: "match" }>;

/** Everything the match page shows, or a 404 'Match Not Found'; a live match caches briefly. */
export async function loadMatchPage(context: AppContext, request: Request, route: MatchRoute) {
  const preview = await context.previewSessions.isActive(request);
  const match =
    route.by === "id"
      ? await getMatchById(context, route.id, preview)
      : await getMatchBySlugs(context, route.league, route.homeSlug, route.awaySlug, preview);
  if (!match) throw new Response(MATCH_NOT_FOUND_TITLE, { status: 404 });
  const [table, homePlayers, awayPlayers] = await Promise.all([
    getLeagueTable(context, match.league, match.season),
    getTeamKeyPlayers(context, match.home.id, match.league, match.season),
    getTeamKeyPlayers(context, match.away.id, match.league, match.season),
  ]);
  const live = match.state === "live";
  return data(
    { match, table, keyPlayers: { home: homePlayers, away: awayPlayers }, live, place: matchPlace(match) },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
