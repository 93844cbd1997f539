import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { matchweekFor } from "@shared/domain/matchweek";
import { leagueUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import { getSiteTexts } from "~/site-texts.server";

export interface HomeHero {
  headline: string;
  subtext: string;
  buttonLabel: string;
  buttonHref: string;
  matchweek: number;
  leagues: { key: LeagueKey; name: string; href: string }[];
}

/**
 * The home page hero: the editors' texts from site settings (drafts in preview; the spec's
 * texts by default), the matchweek by the clock, and the leagues covered (the database's
 * leagues table is kept equal to the domain's list when it is opened, so it is not read here).
 */
export async function getHomeHero(
  context: Pick<AppContext, "db" | "clock" | "content">,
  preview: boolean,
): Promise<HomeHero> {
  const texts = await getSiteTexts(context, preview);
  return {
    headline: texts.heroHeadline,
    subtext: texts.heroSubtext,
    buttonLabel: texts.heroButtonLabel,
    buttonHref: "/picks",
    matchweek: matchweekFor(context.clock.now()),
    leagues: ALL_LEAGUES.map((l) => ({ key: l.key, name: l.name, href: leagueUrl(l.key) })),
  };
}
