/**
 * The league page's loader: the week's matches, the table, the Season Outlook and the
 * leaderboards, rendered on the server (LeaguePageContent) with the page's head tags. A live
 * match on the page makes it cache briefly and refresh in the browser.
 */
import { data } from "@remix-run/node";
import { LEAGUES } from "../../shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "../../shared/domain/matchweek";
import { pageCacheControl } from "./cache-control";
import { LeaguePageContent } from "./components/league/LeaguePageContent";
import { getLeaderboards } from "./leaderboard.server";
import type { AppContext } from "./load-context";
import { listLeagueMatches } from "./matches.server";
import { leaguePageMeta } from "./page-meta.server";
import { requireRoutePage } from "./route-page.server";
import { siteSeo } from "./seo.server";
import { getSeasonOutlook } from "./season-outlook.server";
import { renderServerHtml } from "./server-markup.server";
import { getLeagueTable } from "./standings.server";

export async function loadLeaguePage(context: AppContext, request: Request) {
  const { league } = requireRoutePage(request, "league");
  const preview = await context.previewSessions.isActive(request);
  const season = seasonCodeFor(context.clock.now());
  const [matches, table, outlook, leaderboards, site] = await Promise.all([
    listLeagueMatches(context, league, preview),
    getLeagueTable(context, league, season),
    getSeasonOutlook(context, league),
    getLeaderboards(context, league, season),
    siteSeo(context, request),
  ]);
  const live = matches.some((match) => match.state === "live");
  const { name, bands } = LEAGUES[league];
  const page = { league, name, bands, seasonLabel: seasonLabel(season), matches, table, outlook, leaderboards };
  return data(
    { live, content: renderServerHtml(<LeaguePageContent page={page} />), meta: leaguePageMeta({ league, name, matches }, site) },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
