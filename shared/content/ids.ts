/**
 * Document types and ids of the editorial dataset. Singletons and seeded documents have fixed
 * ids; a draft is the document of the same id under the `drafts.` prefix (Sanity's convention,
 * kept by the local dataset too). Ids never contain a dot of their own: Sanity treats dotted
 * ids as paths that only authenticated readers may see.
 */
import type { LeagueKey } from "../domain/leagues";
import type { SeasonCode } from "../domain/teams/registry";

export const DOCUMENT_TYPES = {
  matchPreview: "matchPreview",
  sundayParlay: "sundayParlay",
  teamProfile: "teamProfile",
  siteSettings: "siteSettings",
  staticPage: "staticPage",
} as const;

export const SITE_SETTINGS_ID = "siteSettings";
export const SUNDAY_PARLAY_ID = "sundayParlay";

export const STATIC_PAGES = ["about", "terms", "privacy", "responsible-gambling"] as const;
export type StaticPageKey = (typeof STATIC_PAGES)[number];

const DRAFTS_PREFIX = "drafts.";
const VERSIONS_PREFIX = "versions.";

export function isDraftId(id: string): boolean {
  return id.startsWith(DRAFTS_PREFIX);
}

/** A release version (`versions.{release}.{id}`): never part of the published or drafts view. */
export function isVersionId(id: string): boolean {
  return id.startsWith(VERSIONS_PREFIX);
}

export function publishedIdOf(id: string): string {
  return isDraftId(id) ? id.slice(DRAFTS_PREFIX.length) : id;
}

export function draftIdOf(id: string): string {
  return DRAFTS_PREFIX + publishedIdOf(id);
}

/** One fixture: a league season has each home-and-away pairing exactly once. */
export interface FixtureKey {
  league: LeagueKey;
  season: SeasonCode;
  /** Team slugs from the registry. */
  homeTeam: string;
  awayTeam: string;
}

/**
 * The match id editors and automation use: "premier-league/arsenal-vs-chelsea". With the
 * season it names one fixture; it is also the tail of the match page's `/matches/` alias.
 */
export function matchIdOf(key: Pick<FixtureKey, "league" | "homeTeam" | "awayTeam">): string {
  return `${key.league}/${key.homeTeam}-vs-${key.awayTeam}`;
}

/** The id a match preview created outside the Studio gets; Studio-created ones are random. */
export function matchPreviewDocumentId(key: FixtureKey): string {
  return `matchPreview-${key.season}-${key.league}-${key.homeTeam}-vs-${key.awayTeam}`;
}

export function staticPageDocumentId(page: StaticPageKey): string {
  return `staticPage-${page}`;
}
