import type { MetaDescriptor } from "@remix-run/node";
import { HOME } from "../../shared/domain/urls";
import type { PlayerPageData } from "./components/player/PlayerView";
import { PLAYER_NOT_FOUND_TITLE } from "./page-texts";
import { breadcrumbJsonLd, leagueSocialImage, noindexMeta, pageMeta, type SeoMatches } from "./seo";
import type { LeagueKey } from "../../shared/domain/leagues";

/** Title, description, canonical link and breadcrumb data of a player page. */
export function playerPageMeta(
  page: (PlayerPageData & { canonical: string; league: LeagueKey }) | undefined,
  matches: SeoMatches,
): MetaDescriptor[] {
  if (!page) return noindexMeta({ title: PLAYER_NOT_FOUND_TITLE });
  const { player, team } = page;
  return pageMeta({
    matches,
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
