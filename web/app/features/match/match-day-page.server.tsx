/**
 * The day pages' loader: /today (the site clock's UTC day) and /matches/{YYYY-MM-DD}. The five
 * leagues' matches of the day in three statements (match-lists.server.ts listMatchesBetween),
 * rendered on the server (MatchDayContent) with the page's head tags; a live match makes the
 * page cache briefly and refresh in the browser, like the league page.
 */
import { data } from "@remix-run/node";
import { pageCacheControl } from "~/cache-control";
import type { AppContext } from "~/load-context";
import { notFound } from "~/not-found.server";
import { renderServerHtml } from "~/server-markup.server";
import { pageMeta, breadcrumbJsonLd } from "../seo/seo";
import { siteSeo } from "../seo/seo.server";
import { MatchDayContent } from "./components/MatchDayContent";
import { dayOf, dayWindow, longDayText, matchDayHeading, matchDayUrl, parseDay } from "./match-day";
import { listMatchesBetween } from "./match-lists.server";

/** `dayParam` undefined: the clock's day (/today). */
export async function loadMatchDayPage(context: AppContext, request: Request, dayParam?: string) {
  const today = dayOf(context.clock.now());
  const day = dayParam === undefined ? today : parseDay(dayParam);
  if (day === null) throw notFound();
  const preview = await context.previewSessions.isActive(request);
  const { from, to } = dayWindow(day);
  const [matches, site] = await Promise.all([
    listMatchesBetween(context, from, to, preview),
    siteSeo(context, request),
  ]);
  const live = matches.some((match) => match.state === "live");
  const heading = matchDayHeading(day, today);
  const path = dayParam === undefined ? matchDayUrl(today, today) : `/matches/${day}`;
  const meta = pageMeta({
    site,
    title:
      day === today
        ? "Today's Soccer Matches, Live Scores & Predictions"
        : `Soccer Matches & Predictions, ${longDayText(day)}`,
    description: `${heading === "Today's Matches" ? "Today's" : `${longDayText(day)}:`} Premier League, La Liga, Bundesliga, Serie A and Ligue 1 matches at a glance${matches.length ? ` (${matches.length})` : ""}: kick-off times, live scores, the best pick and its confidence, and HIT or MISS after the final whistle.`,
    path,
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name: heading, path },
      ]),
    ],
  });
  return data(
    { live, content: renderServerHtml(<MatchDayContent page={{ day, today, matches }} />), meta },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
