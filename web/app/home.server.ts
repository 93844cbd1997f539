import { asc } from "drizzle-orm";
import { leagues } from "../../shared/db/schema";
import { LEAGUE_KEYS, type LeagueKey } from "../../shared/domain/leagues";
import { matchweekFor } from "../../shared/domain/matchweek";
import { leagueUrl } from "../../shared/domain/urls";
import type { AppContext } from "./load-context";
import { getSiteTexts } from "./site-texts.server";

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
 * texts by default), the matchweek by the clock, and the leagues the database covers.
 */
export async function getHomeHero(
  context: Pick<AppContext, "db" | "clock" | "content">,
  preview: boolean,
): Promise<HomeHero> {
  const { db, clock } = context;
  const [rows, texts] = await Promise.all([
    db.db.select({ key: leagues.key, name: leagues.name }).from(leagues).orderBy(asc(leagues.key)),
    getSiteTexts(context, preview),
  ]);
  rows.sort((a, b) => LEAGUE_KEYS.indexOf(a.key) - LEAGUE_KEYS.indexOf(b.key));
  return {
    headline: texts.heroHeadline,
    subtext: texts.heroSubtext,
    buttonLabel: texts.heroButtonLabel,
    buttonHref: "/picks",
    matchweek: matchweekFor(clock.now()),
    leagues: rows.map((l) => ({ key: l.key, name: l.name, href: leagueUrl(l.key) })),
  };
}
