/**
 * Builders for every public URL. Each page has exactly one canonical shape, built here; every
 * other path the product has ever used for that page is an alias that `parseRoute` (routes.ts)
 * recognises and 301-redirects to the shape built here.
 *
 * Canonical shapes:
 * - league page:  /{league-slug}-predictions (its table is the #table anchor on that page).
 * - matchweek:    /{league-slug}-predictions/matchweek-{n}; /{league-slug}/matchweek-{n} and
 *   leading zeros are aliases.
 *   The spec's 'See Full League Table' targets (/leagues/premier-league, /la-liga, ...) are
 *   aliases; a browser keeps the #table fragment across the redirect.
 * - match:        /{league-slug}-predictions/{home-slug}-vs-{away-slug}-prediction, or /match/{id}
 *   when only the id is known.
 * - team list:    /{league-slug}/teams for all five leagues. The spec links Ligue 1's list as
 *   /ligue-1-predictions/teams and the others without -predictions; one shape for all leagues
 *   keeps team, team-players and player URLs nested under the list they belong to, and the
 *   -predictions forms stay as aliases.
 * - team:         /{league-slug}/teams/{team-slug}, or /teams/{id} when only the id is known.
 * - player:       /{league-slug}/teams/{team-slug}/players/{player-slug}.
 *
 * Slug arguments are taken as given (team slugs come from the registry); they are lowercased
 * and percent-encoded so that whatever string is passed, the result is a path that parses back
 * to the same page without a redirect.
 */
import { LEAGUE_BADGE_DESIGN_VERSION } from "./league-badge";
import { ALL_LEAGUES, LEAGUES, type LeagueKey } from "./leagues";
import { PICKS, type NavLink } from "./site";
import { slugify } from "./slug";

export { HOME, PICKS, ALGO_RESULTS, ABOUT, TERMS, PRIVACY, RESPONSIBLE_GAMBLING, NAV_LINKS } from "./site";
export type { NavLink } from "./site";
export { teamBadgeUrl } from "./teams/badge-url";

/** Every stored forecast as a CSV download. */
export const FORECASTS_CSV = "/algo-results/forecasts.csv";
/** The pick ledger with its hash chains as a CSV download (`npm run ledger:verify` checks it). */
export const LEDGER_CSV = "/algo-results/ledger.csv";
/** Every change of a fixture's kick-off or final score, and every deleted fixture, beside the ledger. */
export const FIXTURE_AUDIT_CSV = "/algo-results/fixture-audit.csv";
export const TEST_API = "/test-api";
export const API_STATUS = "/api-status";
/** The social-sharing card preview (1200×630), not the editors' draft preview. */
export const SOCIAL_CARD_PAGE = "/preview";
/** Admin-looking paths the footer links invisibly, for scrapers only; robots.txt keeps crawlers out. */
export const DECOY_PATHS: readonly string[] = ["/admin", "/wp-admin", "/administrator/login"];
export const SITEMAP = "/sitemap.xml";
/** The old site's bare /leagues path: a screen that sends visitors on to the Premier League page. */
export const LEAGUE_REDIRECT = "/leagues";

/** The id of the league table section on a league page. */
export const LEAGUE_TABLE_ANCHOR = "table";
/** The id of the Season Outlook section on a league page. */
export const SEASON_OUTLOOK_ANCHOR = "season-outlook";

/** Short league codes the home page's league pick links use. */
export const LEAGUE_PICKS_CODES: Readonly<Record<LeagueKey, string>> = {
  "premier-league": "epl",
  "la-liga": "laliga",
  bundesliga: "bundesliga",
  "serie-a": "seriea",
  ligue1: "ligue1",
};

function segment(slug: string): string {
  return encodeURIComponent(slug.toLowerCase());
}

export function leagueUrl(league: LeagueKey): string {
  return `/${LEAGUES[league].urlSlug}-predictions`;
}

/** A round of the league's season: /{league-slug}-predictions/matchweek-{n}. */
export function matchweekUrl(league: LeagueKey, matchweek: number): string {
  return `${leagueUrl(league)}/matchweek-${matchweek}`;
}

export function leagueTableUrl(league: LeagueKey): string {
  return `${leagueUrl(league)}#${LEAGUE_TABLE_ANCHOR}`;
}

export function seasonOutlookUrl(league: LeagueKey): string {
  return `${leagueUrl(league)}#${SEASON_OUTLOOK_ANCHOR}`;
}

/** The league's season outlook as a CSV download. */
export function seasonOutlookCsvUrl(league: LeagueKey): string {
  return `${leagueUrl(league)}/season-outlook.csv`;
}

export function matchUrl(league: LeagueKey, homeSlug: string, awaySlug: string): string {
  return `${leagueUrl(league)}/${segment(homeSlug)}-vs-${segment(awaySlug)}-prediction`;
}

export function matchUrlById(id: number): string {
  return `/match/${id}`;
}

export function teamListUrl(league: LeagueKey): string {
  return `/${LEAGUES[league].urlSlug}/teams`;
}

export function teamUrl(league: LeagueKey, teamSlug: string): string {
  return `${teamListUrl(league)}/${segment(teamSlug)}`;
}

export function teamUrlById(id: number): string {
  return `/teams/${id}`;
}

/** The spec's last-resort team link, by 3-letter club code. */
export function teamUrlByCode(code: string): string {
  return `/teams/${segment(code)}`;
}

/** A league's generated mark (SVG), versioned like club badges. */
export function leagueBadgeUrl(league: LeagueKey): string {
  return `/badges/leagues/${league}.svg?v=${LEAGUE_BADGE_DESIGN_VERSION}`;
}

export function teamPlayersUrl(league: LeagueKey, teamSlug: string): string {
  return `${teamUrl(league, teamSlug)}/players`;
}

export function playerUrl(league: LeagueKey, teamSlug: string, playerSlug: string): string {
  return `${teamPlayersUrl(league, teamSlug)}/${segment(playerSlug)}`;
}

export function leaguePicksUrl(league: LeagueKey): string {
  return `${PICKS}/${LEAGUE_PICKS_CODES[league]}`;
}

/**
 * A player's URL slug: the name slug followed by the provider id, e.g. "robert-lewandowski-521".
 * The page is found by the trailing id, so a renamed or misspelt slug still reaches the player.
 */
export function playerSlug(name: string, id: number): string {
  const nameSlug = slugify(name);
  return nameSlug ? `${nameSlug}-${id}` : String(id);
}

export interface LeagueLink extends NavLink {
  league: LeagueKey;
}

/** The footer's Leagues column: each league's predictions page. */
export const LEAGUE_LINKS: readonly LeagueLink[] = ALL_LEAGUES.map((l) => ({
  league: l.key,
  label: l.name,
  href: leagueUrl(l.key),
}));
