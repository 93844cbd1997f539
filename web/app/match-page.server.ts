/**
 * The match page's loader: the match's header for MatchHero and everything below it, rendered
 * on the server (match-hero.server.tsx, match-sections.server.tsx), and the page's head tags. A live match caches
 * briefly and refreshes in the browser; an unknown match is a 404 'Match Not Found'.
 */
import { data } from "@remix-run/node";
import { pageCacheControl } from "./cache-control";
import { renderMatchSections } from "./components/match/match-sections.server";
import { matchHeroView } from "./components/match/match-hero.server";
import { pickProbabilities } from "./embedded-match.server";
import type { AppContext } from "./load-context";
import { getTeamKeyPlayers } from "./key-players.server";
import { getMatchById, getMatchBySlugs } from "./matches.server";
import { matchPageMeta } from "./page-meta.server";
import { MATCH_NOT_FOUND_TITLE } from "./page-texts/match";
import { requireRoutePage } from "./route-page.server";
import { matchPlace, siteSeo } from "./seo.server";
import { getLeagueTable } from "./standings.server";

/** The match a request's path names: /{league}-predictions/{home}-vs-{away}-prediction or /match/{id}. */
export async function loadMatchPage(context: AppContext, request: Request) {
  const route = requireRoutePage(request, "match");
  const preview = await context.previewSessions.isActive(request);
  const [match, site] = await Promise.all([
    route.by === "id"
      ? getMatchById(context, route.id, preview)
      : getMatchBySlugs(context, route.league, route.homeSlug, route.awaySlug, preview),
    siteSeo(context, request),
  ]);
  if (!match) throw new Response(MATCH_NOT_FOUND_TITLE, { status: 404 });
  const [table, homePlayers, awayPlayers] = await Promise.all([
    getLeagueTable(context, match.league, match.season),
    getTeamKeyPlayers(context, match.home.id, match.league, match.season),
    getTeamKeyPlayers(context, match.away.id, match.league, match.season),
  ]);
  const live = match.state === "live";
  return data(
    {
      hero: matchHeroView(match, pickProbabilities(match)),
      sections: renderMatchSections({ match, table, keyPlayers: { home: homePlayers, away: awayPlayers } }),
      live,
      meta: matchPageMeta({ match, place: matchPlace(match) }, site),
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
