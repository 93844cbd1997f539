/** The team list and team pages' head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import { standingLabel } from "@shared/domain/format";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { HOME, leagueUrl, teamListUrl } from "@shared/domain/urls";
import { breadcrumbJsonLd, leagueSocialImage, pageMeta, type SiteSeo } from "../seo/seo";
import { teamListHeading } from "./team";
import type { TeamInfo, TeamStanding } from "./teams.schema";

function leagueCrumbs(league: LeagueKey) {
  const { name } = LEAGUES[league];
  return [
    { name: "Home", path: HOME },
    { name: `${name} Predictions`, path: leagueUrl(league) },
    { name: "Teams", path: teamListUrl(league) },
  ];
}

/**
 * A team list page. The spec's titles count 18 Bundesliga clubs and 20 for Serie A and Ligue 1;
 * the count here is the clubs the page lists, so Ligue 1's reads 18.
 */
export function teamListPageMeta(
  page: { league: LeagueKey; name: string; seasonLabel: string; url: string; teams: readonly unknown[] },
  site: SiteSeo,
): MetaDescriptor[] {
  const count = page.teams.length;
  return pageMeta({
    site,
    title: `${teamListHeading(page.name)} ${page.seasonLabel}: All ${count} Clubs`,
    description: `All ${count} ${page.name} clubs of the ${page.seasonLabel} season: each team's standing, form, next match, team stats and key players.`,
    path: page.url,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, leagueCrumbs(page.league))],
  });
}

/** A team page: its standing when the season has started, and the breadcrumb the page shows. */
export function teamPageMeta(
  page: { info: TeamInfo; seasonLabel: string; standing: TeamStanding | null },
  site: SiteSeo,
): MetaDescriptor[] {
  const { team, league } = page.info;
  const standing =
    page.standing && page.standing.played > 0
      ? ` ${standingLabel(page.standing.rank, page.standing.points)} in the ${league.name}.`
      : "";
  return pageMeta({
    site,
    title: `${team.name} Stats, Form & Next Match ${page.seasonLabel}`,
    description: `${team.name} ${page.seasonLabel}:${standing} Recent results, form, the next match, team stats and key player stats.`,
    path: team.url,
    image: leagueSocialImage(league.key),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, [...leagueCrumbs(league.key), { name: team.name, path: team.url }])],
  });
}
