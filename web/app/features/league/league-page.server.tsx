/**
 * The league page's loader: the week's matches, the table, the Season Outlook and the
 * leaderboards, rendered on the server (LeaguePageContent) with the page's head tags. A live
 * match on the page makes it cache briefly and refresh in the browser.
 */
import { data, redirect } from "@remix-run/node";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import { matchweeksAround } from "@shared/domain/matchweeks";
import { routePage } from "@shared/domain/routes";
import { leagueUrl, matchweekUrl } from "@shared/domain/urls";
import { pageCacheControl } from "~/cache-control";
import { LeaguePageContent } from "./components/LeaguePageContent";
import { getLeaderboards } from "../player/leaderboard.server";
import type { AppContext } from "~/load-context";
import { listLeagueWeek, matchweekWindow } from "../match/matchweeks.server";
import { leaguePageMeta } from "./league-meta.server";
import { requireRoutePage } from "~/route-page.server";
import { siteSeo } from "../seo/seo.server";
import { getSeasonOutlook } from "./season-outlook.server";
import { memoMarkup, renderServerHtml } from "~/server-markup.server";
import { SeasonOutlookBody } from "./components/season-outlook/SeasonOutlookSection";
import { getLeagueTable } from "../standings/standings.server";
import { notFound } from "~/not-found.server";

/**
 * `?week=12` on the league page is an alias of its matchweek page: a 301 to
 * /{league-slug}-predictions/matchweek-12, and the not-found page for a week that is not one.
 */
function redirectWeekAlias(request: Request, league: LeagueKey): void {
  const week = new URL(request.url).searchParams.get("week");
  if (week === null) return;
  const route = routePage(`${leagueUrl(league)}/matchweek-${encodeURIComponent(week)}`);
  if (route?.page !== "matchweek") throw notFound();
  throw redirect(matchweekUrl(league, route.matchweek), 301);
}

export async function loadLeaguePage(context: AppContext, request: Request) {
  const { league } = requireRoutePage(request, "league");
  redirectWeekAlias(request, league);
  const preview = await context.previewSessions.isActive(request);
  const now = context.clock.now();
  const season = seasonCodeFor(now);
  const [{ matches, schedule }, table, outlook, leaderboards, site] = await Promise.all([
    listLeagueWeek(context, league, season, preview),
    getLeagueTable(context, league, season),
    getSeasonOutlook(context, league),
    getLeaderboards(context, league, season),
    siteSeo(context, request),
  ]);
  const live = matches.some((match) => match.state === "live");
  const { name, bands } = LEAGUES[league];
  const weeks = matchweeksAround(schedule, matchweekWindow(now));
  // The outlook is rendered once per league and stored version (0.5 ms of each render of this page).
  const outlookBody = memoMarkup(`season-outlook:${league}:${outlook?.computedAt ?? "none"}`, () => (
    <SeasonOutlookBody outlook={outlook} leagueName={name} league={league} />
  ));
  const page = {
    league,
    name,
    bands,
    seasonLabel: seasonLabel(season),
    matches,
    weeks,
    table,
    outlook,
    outlookBody,
    leaderboards,
  };
  return data(
    {
      live,
      content: renderServerHtml(<LeaguePageContent page={page} />),
      meta: leaguePageMeta({ league, name, matches }, site),
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
