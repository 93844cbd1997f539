/** The squad and player pages' head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import type { LeagueKey } from "@shared/domain/leagues";
import { HOME } from "@shared/domain/urls";
import { breadcrumbJsonLd, leagueSocialImage, pageMeta, type SiteSeo } from "../seo/seo";
import { squadHeading } from "./player";

interface ClubLinks {
  name: string;
  href: string;
  playersHref: string;
}

export function squadPageMeta(
  page: { league: LeagueKey; leagueName: string; leagueHref: string; seasonLabel: string; team: ClubLinks },
  site: SiteSeo,
): MetaDescriptor[] {
  const title = `${squadHeading(page.team.name)} ${page.seasonLabel}`;
  return pageMeta({
    site,
    title,
    description: `${page.team.name}'s ${page.leagueName} squad for ${page.seasonLabel} by position, with each player's appearances, goals, assists and rating.`,
    path: page.team.playersHref,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: page.leagueName, path: page.leagueHref },
        { name: page.team.name, path: page.team.href },
        { name: "Players", path: page.team.playersHref },
      ]),
    ],
  });
}

export function playerPageMeta(
  page: {
    canonical: string;
    league: LeagueKey;
    leagueName: string;
    leagueHref: string;
    seasonLabel: string;
    team: ClubLinks;
    player: { name: string; position: string };
  },
  site: SiteSeo,
): MetaDescriptor[] {
  const { player, team } = page;
  return pageMeta({
    site,
    title: `${player.name} Stats ${page.seasonLabel} – ${team.name}`,
    description: `${player.name} (${player.position}, ${team.name}): ${page.seasonLabel} appearances, minutes, goals, assists, shots, key passes and rating, and his last five matches.`,
    path: page.canonical,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: page.leagueName, path: page.leagueHref },
        { name: team.name, path: team.href },
        { name: "Players", path: team.playersHref },
        { name: player.name, path: page.canonical },
      ]),
    ],
  });
}
