import type { MetaDescriptor } from "@remix-run/node";
import { standingLabel } from "../../shared/domain/format";
import { LEAGUES, type LeagueKey } from "../../shared/domain/leagues";
import { HOME, leagueUrl, teamListUrl } from "../../shared/domain/urls";
import { TEAM_NOT_FOUND_TITLE, teamListHeading } from "./page-texts";
import { breadcrumbJsonLd, leagueSocialImage, noindexMeta, pageMeta, type SeoMatches } from "./seo";
import type { TeamInfo, TeamStanding } from "./teams.schema";

function leagueCrumbs(league: LeagueKey) {
  const { name } = LEAGUES[league];
  return [
    { name: "Home", path: HOME },
    { name: `${name} Predictions`, path: leagueUrl(league) },
    { name: "Teams", path: teamListUrl(league) },
  ];
}

/** A team page's metadata (canonical link, cards, breadcrumb data); the 404's when there is no team. */
export function teamPageMeta(
  page: { info: TeamInfo; seasonLabel: string; standing: TeamStanding | null } | undefined,
  matches: SeoMatches,
): MetaDescriptor[] {
  if (!page) return noindexMeta({ title: TEAM_NOT_FOUND_TITLE });
  const { team, league } = page.info;
  const standing =
    page.standing && page.standing.played > 0 ? ` ${standingLabel(page.standing.rank, page.standing.points)} in the ${league.name}.` : "";
  return pageMeta({
    matches,
    title: `${team.name} Stats, Form & Next Match ${page.seasonLabel}`,
    description: `${team.name} ${page.seasonLabel}:${standing} Recent results, form, the next match, team stats and key player stats.`,
    path: team.url,
    image: leagueSocialImage(league.key),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, [...leagueCrumbs(league.key), { name: team.name, path: team.url }])],
  });
}

/**
 * A team list page's metadata. The spec's titles count 18 Bundesliga clubs and 20 for Serie A
 * and Ligue 1; the count here is the clubs the page lists, so Ligue 1's reads 18.
 */
export function teamListMeta(
  page: { league: LeagueKey; name: string; seasonLabel: string; url: string; teams: readonly unknown[] } | undefined,
  matches: SeoMatches,
): MetaDescriptor[] {
  if (!page) return noindexMeta({ title: TEAM_NOT_FOUND_TITLE });
  const count = page.teams.length;
  return pageMeta({
    matches,
    title: `${teamListHeading(page.name)} ${page.seasonLabel}: All ${count} Clubs`,
    description: `All ${count} ${page.name} clubs of the ${page.seasonLabel} season: each team's standing, form, next match, team stats and key players.`,
    path: page.url,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [breadcrumbJsonLd(origin, leagueCrumbs(page.league))],
  });
}
