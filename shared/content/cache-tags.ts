/**
 * Cache tags: what a cached read depends on, and which tags a changed document touches. The
 * Sanity webhook sends the changed document (and, with `before()`, its previous key fields);
 * the tags of both states are purged, so a preview moved to another fixture leaves no stale
 * entry behind under its old key.
 */
import { z } from "zod";
import { DOCUMENT_TYPES, isDraftId, isVersionId, type FixtureKey } from "./ids";

export const MATCH_PREVIEW_LISTS_TAG = `${DOCUMENT_TYPES.matchPreview}:lists`;

export function fixtureTag(key: Record<keyof FixtureKey, string>): string {
  return `${DOCUMENT_TYPES.matchPreview}:${key.league}:${key.season}:${key.homeTeam}:${key.awayTeam}`;
}

export function teamProfileTag(teamSlug: string): string {
  return `${DOCUMENT_TYPES.teamProfile}:${teamSlug}`;
}

// A static page's key, or any other slug an editor gave a static page.
export function staticPageTag(page: string): string {
  return `${DOCUMENT_TYPES.staticPage}:${page}`;
}

const keyFields = {
  league: z.string().nullish(),
  season: z.string().nullish(),
  homeTeam: z.string().nullish(),
  awayTeam: z.string().nullish(),
  team: z.string().nullish(),
  page: z.string().nullish(),
};

/**
 * The webhook body: the changed document's id and type, its key fields, and optionally
 * `before`, the same fields before the change (the projection README.md gives).
 */
export const contentChangeSchema = z.object({
  _id: z.string().min(1),
  _type: z.string().min(1),
  ...keyFields,
  before: z.object({ _type: z.string().nullish(), ...keyFields }).nullish(),
});
export type ContentChange = z.infer<typeof contentChangeSchema>;

type KeyState = Partial<Record<keyof typeof keyFields, string | null>>;

function tagsOfState(type: string, state: KeyState): string[] {
  switch (type) {
    case DOCUMENT_TYPES.matchPreview: {
      const { league, season, homeTeam, awayTeam } = state;
      return league && season && homeTeam && awayTeam
        ? [MATCH_PREVIEW_LISTS_TAG, fixtureTag({ league, season, homeTeam, awayTeam })]
        : [type];
    }
    case DOCUMENT_TYPES.teamProfile:
      return [state.team ? teamProfileTag(state.team) : type];
    case DOCUMENT_TYPES.staticPage:
      return [state.page ? staticPageTag(state.page) : type];
    case DOCUMENT_TYPES.siteSettings:
    case DOCUMENT_TYPES.sundayParlay:
      return [type];
    default:
      return [];
  }
}

/** The cache tags a change of a published document affects; a draft affects none. */
export function cacheTagsForChange(change: ContentChange): string[] {
  if (isDraftId(change._id) || isVersionId(change._id)) return [];
  const tags = tagsOfState(change._type, change);
  if (change.before) tags.push(...tagsOfState(change.before._type ?? change._type, change.before));
  return [...new Set(tags)];
}
