import type { MetaDescriptor } from "@remix-run/node";
import { LEAGUES } from "../../shared/domain/leagues";
import { HOME, leagueUrl } from "../../shared/domain/urls";
import type { MatchCard } from "./matches.server";
import { MATCH_NOT_FOUND_TITLE, matchBreadcrumb } from "./page-texts";
import {
  breadcrumbJsonLd,
  errorPageMeta,
  leagueSocialImage,
  pageMeta,
  sportsEventJsonLd,
  type MatchPlace,
  type SeoMatches,
} from "./seo";

type MetaMatch = Pick<MatchCard, "league" | "home" | "away" | "href" | "resolution" | "kickoffAt" | "state" | "status">;

/**
 * A match page's metadata: title, description, canonical link, the league's social card, and
 * the match as a SportsEvent with the breadcrumb the page shows.
 */
export function matchPageMeta({
  data: page,
  matches,
  error,
}: {
  data: { match: MetaMatch; place: MatchPlace | null } | undefined;
  matches: SeoMatches;
  error?: unknown;
}): MetaDescriptor[] {
  if (!page) return errorPageMeta(error, MATCH_NOT_FOUND_TITLE);
  const { match, place } = page;
  const title = matchBreadcrumb(match.home.name, match.away.name);
  const leagueName = LEAGUES[match.league].name;
  const description = `${title}: best pick ${match.resolution.bestPick} (${match.resolution.confidenceLabel}), with the odds, form, head-to-head and the league table.`;
  const image = leagueSocialImage(match.league);
  return pageMeta({
    matches,
    title,
    description,
    path: match.href,
    image,
    jsonLd: (origin) => [
      sportsEventJsonLd(origin, {
        path: match.href,
        league: match.league,
        kickoffAt: match.kickoffAt,
        state: match.state,
        status: match.status,
        home: match.home,
        away: match.away,
        place,
        description,
        image,
      }),
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: `${leagueName} Predictions`, path: leagueUrl(match.league) },
        { name: title, path: match.href },
      ]),
    ],
  });
}
