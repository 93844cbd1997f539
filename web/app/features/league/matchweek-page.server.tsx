/**
 * A matchweek page's loader, /{league-slug}-predictions/matchweek-{n}: one round of the clock's
 * season (shared/domain/matchweeks.ts) rendered on the server, past weeks with the ledger's
 * HIT/MISS and the week's hit rate, weeks to come with the current picks. Nothing personal is
 * rendered, so the page cache serves it like the league page.
 */
import { data } from "@remix-run/node";
import { formatPercent } from "@shared/domain/format";
import { LEAGUES } from "@shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import { matchweeksAround } from "@shared/domain/matchweeks";
import { hitRate } from "@shared/domain/picks";
import { pageCacheControl } from "~/cache-control";
import { MatchweekPageContent, type MatchweekHitRate } from "./components/MatchweekPageContent";
import type { AppContext } from "~/load-context";
import { listMatchweekMatches, matchweekWindow, type MatchweekCard } from "../match/matchweeks.server";
import { matchweekPageMeta } from "./league-meta.server";
import { requireRoutePage } from "~/route-page.server";
import { siteSeo } from "../seo/seo.server";
import { renderServerHtml } from "~/server-markup.server";

/** Hits among the week's settled best picks, as the ledger settled them; null before any is settled. */
export function matchweekHitRate(matches: readonly MatchweekCard[]): MatchweekHitRate | null {
  const outcomes = matches.map((match) => match.resolution.picks.best.outcome);
  const hits = outcomes.filter((outcome) => outcome === "hit").length;
  const misses = outcomes.filter((outcome) => outcome === "miss").length;
  return hits + misses === 0 ? null : { hits, misses, rate: hitRate(hits, hits + misses) };
}

export async function loadMatchweekPage(context: AppContext, request: Request) {
  const { league, matchweek } = requireRoutePage(request, "matchweek");
  const preview = await context.previewSessions.isActive(request);
  const now = context.clock.now();
  const season = seasonCodeFor(now);
  const [{ schedule, matches }, site] = await Promise.all([
    listMatchweekMatches(context, league, season, matchweek, preview),
    siteSeo(context, request),
  ]);
  const live = matches.some((match) => match.state === "live");
  const kickoffs = matches.map((match) => match.kickoffAt).sort();
  const { name, matchweeks } = LEAGUES[league];
  const record = matchweekHitRate(matches);
  const page = {
    league,
    name,
    seasonLabel: seasonLabel(season),
    matchweek,
    matchweeks,
    current: matchweeksAround(schedule, matchweekWindow(now)).current,
    dates: kickoffs.length ? { first: kickoffs[0], last: kickoffs[kickoffs.length - 1] } : null,
    played: matches.length > 0 && matches.every((match) => match.state === "post-match"),
    matches,
    hitRate: record,
  };
  return data(
    {
      kind: "matchweek" as const,
      live,
      content: renderServerHtml(<MatchweekPageContent page={page} />),
      meta: matchweekPageMeta(
        {
          league,
          name,
          matchweek,
          seasonLabel: page.seasonLabel,
          matches,
          hitRate: record && formatPercent(record.rate, 2),
        },
        site,
      ),
    },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}
