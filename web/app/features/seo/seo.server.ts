/**
 * Facts for page metadata that only the server has: the site's origin, draft preview and social
 * profile for every page (`siteSeo`), and where a match is played, from the stored fixture's
 * venue or else the home club's ground in the team registry (`matchPlace`).
 */
import type { LeagueKey } from "@shared/domain/leagues";
import { getTeamById } from "@shared/domain/teams/registry";
import type { AppContext } from "~/load-context";
import type { MatchPlace, SiteSeo } from "./seo";
import { getSiteTexts } from "~/site-texts.server";

/**
 * The site facts of a request's metadata: the public origin (SITE_URL), whether it is a draft
 * preview, and the social profile from the site settings (the same read as the root loader's,
 * served from the published-content cache outside preview).
 */
export async function siteSeo(
  context: Pick<AppContext, "env" | "content" | "previewSessions">,
  request: Request,
): Promise<Required<SiteSeo>> {
  const preview = await context.previewSessions.isActive(request);
  const texts = await getSiteTexts(context, preview);
  return { siteUrl: new URL(context.env.SITE_URL).origin, preview, socialUrl: texts.socialUrl };
}

const LEAGUE_COUNTRY_CODES: Readonly<Record<LeagueKey, string>> = {
  "premier-league": "GB",
  "la-liga": "ES",
  bundesliga: "DE",
  "serie-a": "IT",
  ligue1: "FR",
};

/** Clubs playing in a league of another country. */
const CITY_COUNTRY_CODES: Readonly<Record<string, string>> = { Monaco: "MC" };

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, "en", { sensitivity: "base" }) === 0;
}

export function matchPlace(match: {
  league: LeagueKey;
  venue: string | null;
  home: { id: number };
}): MatchPlace | null {
  const club = getTeamById(match.home.id);
  const clubCountry = club ? (CITY_COUNTRY_CODES[club.city] ?? LEAGUE_COUNTRY_CODES[match.league]) : null;
  if (match.venue) {
    // A venue other than the club's ground (a neutral venue) says nothing about its town.
    const atHome = club !== null && sameName(club.venue, match.venue);
    return {
      name: match.venue,
      locality: atHome ? club.city : null,
      country: atHome && clubCountry ? clubCountry : LEAGUE_COUNTRY_CODES[match.league],
    };
  }
  if (!club || !clubCountry) return null;
  return { name: club.venue, locality: club.city, country: clubCountry };
}
