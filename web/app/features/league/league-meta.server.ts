/** The league and matchweek pages' head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import type { LeagueKey } from "@shared/domain/leagues";
import { leagueUrl } from "@shared/domain/urls";
import type { MetaTeams } from "../seo/page-meta.server";
import { breadcrumbJsonLd, leagueSocialImage, pageMeta, topMatchups, type SiteSeo } from "../seo/seo";
import { leagueHeading, leaguePageCrumbs, matchweekHeading, matchweekPageCrumbs } from "./league";

/**
 * A league page; spec: "The top 3 matches feed page metadata". Its BreadcrumbList is the trail
 * the page shows up to the page itself: the Teams crumb after it is a link to a page below,
 * which a BreadcrumbList, ending at the page it describes, does not list.
 */
export function leaguePageMeta(
  page: { league: LeagueKey; name: string; matches: readonly MetaTeams[] },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = topMatchups(page.matches);
  const path = leagueUrl(page.league);
  const crumbs = leaguePageCrumbs(page.league, page.name);
  const trail = crumbs.slice(0, crumbs.findIndex((crumb) => crumb.current) + 1);
  return pageMeta({
    site,
    title: leagueHeading(page.name),
    description: `${page.name} predictions for this matchweek${top ? `: ${top}` : ""}. Best picks, 1X2, over/under and BTTS with confidence, plus the league table.`,
    path,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(
        origin,
        trail.map((crumb) => ({ name: crumb.label, path: crumb.href })),
      ),
    ],
  });
}

/** A matchweek page: the round's matches, and its hit rate once picks are settled. */
export function matchweekPageMeta(
  page: {
    league: LeagueKey;
    name: string;
    matchweek: number;
    seasonLabel: string;
    matches: readonly MetaTeams[];
    hitRate: string | null;
  },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = topMatchups(page.matches);
  const crumbs = matchweekPageCrumbs(page.league, page.name, page.matchweek);
  const record = page.hitRate ? ` Best pick hit rate: ${page.hitRate}.` : "";
  return pageMeta({
    site,
    title: `${matchweekHeading(page.name, page.matchweek)} ${page.seasonLabel}`,
    description: `${page.name} ${page.seasonLabel} matchweek ${page.matchweek}${top ? `: ${top}` : ""}. Final scores, the picks locked before kick-off and how they did, or the predictions to come.${record}`,
    path: crumbs[crumbs.length - 1].href,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(
        origin,
        crumbs.map((crumb) => ({ name: crumb.label, path: crumb.href })),
      ),
    ],
  });
}
