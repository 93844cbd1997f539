/**
 * The loaders of the picks pages (/picks and /picks/{league}): the picks rendered on the server
 * (PicksPageContent, LeaguePicksPageContent) with the page's head tags. A live match among the
 * picks makes the page cache briefly and refresh in the browser.
 */
import { data } from "@remix-run/node";
import { LEAGUES } from "@shared/domain/leagues";
import { pageCacheControl } from "~/cache-control";
import { LeaguePicksPageContent } from "./components/LeaguePicksPageContent";
import { PicksPageContent } from "./components/PicksPageContent";
import type { AppContext } from "~/load-context";
import { listLeagueMatches } from "../match/match-lists.server";
import { leaguePicksPageMeta, picksPageMeta } from "./picks-meta.server";
import { getSundayParlayView, getTopPicks, TOP_PICKS_LIMIT } from "./picks.server";
import { requireRoutePage } from "~/route-page.server";
import { siteSeo } from "../seo/seo.server";
import { renderServerHtml } from "~/server-markup.server";

export async function loadPicksPage(context: AppContext, request: Request) {
  const preview = await context.previewSessions.isActive(request);
  const [parlay, topPicks, site] = await Promise.all([
    getSundayParlayView(context, preview),
    getTopPicks(context, preview),
    siteSeo(context, request),
  ]);
  const live = topPicks.some((match) => match.state === "live");
  const page = { parlay, topPicks, topPicksLimit: TOP_PICKS_LIMIT };
  return data(
    { live, content: renderServerHtml(<PicksPageContent page={page} />), meta: picksPageMeta(page, site) },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}

export async function loadLeaguePicksPage(context: AppContext, request: Request) {
  const { league } = requireRoutePage(request, "league-picks");
  const preview = await context.previewSessions.isActive(request);
  const [matches, site] = await Promise.all([listLeagueMatches(context, league, preview), siteSeo(context, request)]);
  const live = matches.some((match) => match.state === "live");
  const page = { league, name: LEAGUES[league].name, matches };
  return data(
    { live, content: renderServerHtml(<LeaguePicksPageContent page={page} />), meta: leaguePicksPageMeta(page, site) },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
