import { asc } from "drizzle-orm";
import { leagues } from "../../shared/db/schema";
import { LEAGUE_KEYS, type LeagueKey } from "../../shared/domain/leagues";
import { matchweekFor } from "../../shared/domain/matchweek";
import { HERO_BUTTON, HERO_HEADLINE, HERO_SUBTEXT } from "../../shared/domain/site";
import { leagueUrl } from "../../shared/domain/urls";
import type { AppContext } from "./load-context";

export interface HomeHero {
  headline: string;
  subtext: string;
  buttonLabel: string;
  buttonHref: string;
  matchweek: number;
  leagues: { key: LeagueKey; name: string; href: string }[];
}

/** The home page hero: the spec's texts, the matchweek by the clock, and the leagues the database covers. */
export async function getHomeHero({ db, clock }: Pick<AppContext, "db" | "clock">): Promise<HomeHero> {
  const rows = await db.db.select({ key: leagues.key, name: leagues.name }).from(leagues).orderBy(asc(leagues.key));
  rows.sort((a, b) => LEAGUE_KEYS.indexOf(a.key) - LEAGUE_KEYS.indexOf(b.key));
  return {
    headline: HERO_HEADLINE,
    subtext: HERO_SUBTEXT,
    buttonLabel: HERO_BUTTON,
    buttonHref: "/picks",
    matchweek: matchweekFor(clock.now()),
    leagues: rows.map((l) => ({ key: l.key, name: l.name, href: leagueUrl(l.key) })),
  };
}
