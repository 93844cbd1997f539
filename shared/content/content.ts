/**
 * Editorial content as the site and the worker read it: the queries of queries.ts run on a
 * content source, results parsed with zod, published reads cached in process. Preview reads
 * (drafts) bypass the cache. A document that fails parsing is reported and treated as missing,
 * so one bad document never breaks a page.
 */
import type { z } from "zod";
import type { LeagueKey } from "../domain/leagues";
import type { SeasonCode } from "../domain/teams/registry";
import {
  fixtureTag,
  MATCH_PREVIEW_LISTS_TAG,
  cacheTagsForChange,
  staticPageTag,
  teamProfileTag,
  type ContentChange,
} from "./cache-tags";
import {
  matchPreviewSchema,
  siteSettingsSchema,
  staticPageSchema,
  sundayParlaySchema,
  teamProfileSchema,
  type MatchPreview,
  type SiteSettings,
  type StaticPage,
  type SundayParlay,
  type TeamProfile,
} from "./documents";
import { DOCUMENT_TYPES, type FixtureKey, type StaticPageKey } from "./ids";
import type { MatchPreviewUpdate } from "./match-update-payload";
import { fixtureParams, writeMatchPreviewUpdate, type MatchPreviewWriteResult } from "./match-preview-writer";
import { PublishedContentCache, type PublishedCacheOptions } from "./published-cache";
import {
  MATCH_PREVIEW_QUERY,
  MATCH_PREVIEWS_QUERY,
  SITE_SETTINGS_QUERY,
  STATIC_PAGE_QUERY,
  SUNDAY_PARLAY_QUERY,
  TEAM_PROFILE_QUERY,
} from "./queries";
import type { ContentSource, QueryParams } from "./source";

export interface ReadOptions {
  /** Read drafts (an editor's preview) instead of published documents. */
  preview: boolean;
}

export interface Content {
  readonly source: ContentSource;
  getSiteSettings(options: ReadOptions): Promise<SiteSettings | null>;
  getMatchPreview(key: FixtureKey, options: ReadOptions): Promise<MatchPreview | null>;
  listMatchPreviews(filter: { season: SeasonCode; league?: LeagueKey }, options: ReadOptions): Promise<MatchPreview[]>;
  getSundayParlay(options: ReadOptions): Promise<SundayParlay | null>;
  getTeamProfile(teamSlug: string, options: ReadOptions): Promise<TeamProfile | null>;
  getStaticPage(page: StaticPageKey, options: ReadOptions): Promise<StaticPage | null>;
  /** Drops the cached reads a changed document affects; returns the tags purged. */
  purge(change: ContentChange): string[];
  /** Saves an automation update as a draft or published match preview. */
  updateMatchPreview(update: MatchPreviewUpdate): Promise<MatchPreviewWriteResult>;
  /** Drops every cached read (another process learnt of a change this one did not see). */
  clearCache(): void;
}

export interface ContentOptions {
  cache?: PublishedCacheOptions;
  /** Where reports of documents that fail parsing go. */
  warn?: (message: string) => void;
  /**
   * Called when published content changed through this process (a webhook purge, a published
   * update), so cached pages built from the old content can be dropped everywhere.
   */
  onPublishedChange?: () => void;
}

interface Read<Schema extends z.ZodType> {
  name: string;
  query: string;
  params: QueryParams;
  schema: Schema;
  tags: readonly string[];
}

/** Freezes a value and everything in it: a cached read is shared, and nobody may change it. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

export function createContent(source: ContentSource, options: ContentOptions = {}): Content {
  const cache = new PublishedContentCache(options.cache);
  const warn = options.warn ?? ((message: string) => console.warn(message));

  function parsed<Schema extends z.ZodType>(value: unknown, read: Read<Schema>): z.output<Schema> | null {
    const result = read.schema.safeParse(value);
    if (result.success) return result.data;
    const where = result.error.issues.map((issue) => `${issue.path.join(".") || "(document)"}: ${issue.message}`);
    warn(
      `Content: ${read.name} ${JSON.stringify(read.params)} does not match its schema, ignored (${where.join("; ")})`,
    );
    return null;
  }

  /**
   * A read's result: drafts straight from the source; published documents from the cache, which
   * keeps them parsed (`finish`) and frozen, shared by every page that reads them. Parsing the
   * cached documents again on every read cost the home page a tenth of a miss's time.
   */
  function run<T>(read: Read<z.ZodType>, { preview }: ReadOptions, finish: (value: unknown) => T): Promise<T> {
    if (preview) return source.query(read.query, read.params, "drafts").then(finish);
    const key = `${read.name}:${JSON.stringify(read.params)}`;
    return cache.read(key, read.tags, async () =>
      deepFreeze(finish(await source.query(read.query, read.params, "published"))),
    );
  }

  function one<Schema extends z.ZodType>(read: Read<Schema>, options: ReadOptions): Promise<z.output<Schema> | null> {
    return run(read, options, (value) => (value === null || value === undefined ? null : parsed(value, read)));
  }

  function many<Schema extends z.ZodType>(read: Read<Schema>, options: ReadOptions): Promise<z.output<Schema>[]> {
    return run(read, options, (value) =>
      Array.isArray(value)
        ? value.map((item) => parsed(item, read)).filter((item): item is z.output<Schema> => item !== null)
        : [],
    );
  }

  return {
    source,
    getSiteSettings: (options) =>
      one(
        {
          name: "siteSettings",
          query: SITE_SETTINGS_QUERY,
          params: {},
          schema: siteSettingsSchema,
          tags: [DOCUMENT_TYPES.siteSettings],
        },
        options,
      ),
    getMatchPreview: (key, options) =>
      one(
        {
          name: "matchPreview",
          query: MATCH_PREVIEW_QUERY,
          params: fixtureParams(key),
          schema: matchPreviewSchema,
          tags: [DOCUMENT_TYPES.matchPreview, fixtureTag(key)],
        },
        options,
      ),
    listMatchPreviews: (filter, options) =>
      many(
        {
          name: "matchPreviews",
          query: MATCH_PREVIEWS_QUERY,
          params: { season: filter.season, league: filter.league ?? null },
          schema: matchPreviewSchema,
          tags: [DOCUMENT_TYPES.matchPreview, MATCH_PREVIEW_LISTS_TAG],
        },
        options,
      ),
    getSundayParlay: (options) =>
      one(
        {
          name: "sundayParlay",
          query: SUNDAY_PARLAY_QUERY,
          params: {},
          schema: sundayParlaySchema,
          tags: [DOCUMENT_TYPES.sundayParlay],
        },
        options,
      ),
    getTeamProfile: (teamSlug, options) =>
      one(
        {
          name: "teamProfile",
          query: TEAM_PROFILE_QUERY,
          params: { team: teamSlug },
          schema: teamProfileSchema,
          tags: [DOCUMENT_TYPES.teamProfile, teamProfileTag(teamSlug)],
        },
        options,
      ),
    getStaticPage: (page, options) =>
      one(
        {
          name: "staticPage",
          query: STATIC_PAGE_QUERY,
          params: { page },
          schema: staticPageSchema,
          tags: [DOCUMENT_TYPES.staticPage, staticPageTag(page)],
        },
        options,
      ),
    purge(change) {
      const tags = cacheTagsForChange(change);
      cache.purge(tags);
      options.onPublishedChange?.();
      return tags;
    },
    async updateMatchPreview(update) {
      const result = await writeMatchPreviewUpdate(source, update);
      if (result.status === "published") {
        cache.purge([fixtureTag(update.fixture), MATCH_PREVIEW_LISTS_TAG]);
        options.onPublishedChange?.();
      }
      return result;
    },
    clearCache: () => cache.clear(),
  };
}
