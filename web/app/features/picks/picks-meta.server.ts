/** The picks pages' head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import type { LeagueKey } from "@shared/domain/leagues";
import { HOME, leaguePicksUrl, PICKS } from "@shared/domain/urls";
import { PICKS_FAQ } from "../content/faq";
import { PICKS_TITLE } from "../league/league";
import type { MetaTeams } from "../seo/page-meta.server";
import { breadcrumbJsonLd, faqPageJsonLd, leagueSocialImage, pageMeta, topMatchups, type SiteSeo } from "../seo/seo";

export function picksPageMeta(
  page: { topPicks: ReadonlyArray<MetaTeams & { resolution: { bestPick: string } }>; topPicksLimit: number },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = page.topPicks
    .slice(0, 3)
    .map((m) => `${m.home.name} vs ${m.away.name} (${m.resolution.bestPick})`)
    .join(", ");
  const limit = page.topPicksLimit;
  return pageMeta({
    site,
    title: `${PICKS_TITLE}: This Week's Top ${limit} Soccer Picks`,
    description: `This week's top ${limit} soccer picks across the Premier League, La Liga, Bundesliga, Serie A and Ligue 1, ranked by confidence, plus the Sunday 5-team cross-league parlay${top ? `. Top picks: ${top}` : ""}.`,
    path: PICKS,
    jsonLd: () => [faqPageJsonLd(PICKS_FAQ)],
  });
}

export function leaguePicksPageMeta(
  page: { league: LeagueKey; name: string; matches: readonly MetaTeams[] },
  site: SiteSeo,
): MetaDescriptor[] {
  const top = topMatchups(page.matches);
  const path = leaguePicksUrl(page.league);
  return pageMeta({
    site,
    title: `${page.name} Picks: Ranked by Confidence`,
    description: `This week's ${page.name} picks ranked by our algorithm's confidence${top ? `: ${top}` : ""}. Best pick, over/under and BTTS for every match.`,
    path,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: PICKS_TITLE, path: PICKS },
        { name: `${page.name} Picks`, path },
      ]),
    ],
  });
}
