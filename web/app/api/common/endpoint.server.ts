/**
 * What the JSON API's endpoint definitions (spec section 7) share: the endpoint type (path,
 * route file, parameters, response schema, errors and caching), the cache policies, the error
 * texts, the tags and the common parameters. Each resource module (resources/*.server.ts) defines
 * its endpoints with `endpoint`; the catalog (catalog.server.ts) lists them all for the OpenAPI
 * description.
 */
import { z } from "zod";
import { LIVE_PAGE_CACHE, LIVE_SCORE_CACHE, PUBLIC_PAGE_CACHE } from "../../cache-control";
import { PERFORMANCE_UNAVAILABLE_TEXT } from "../../features/track-record/results";
import { debugQuery, leagueParam } from "../params";

/** Cache-Control of an answer: `live` when it shows a match in play. Preview answers are always `no-store`. */
export interface CachePolicy {
  normal: string;
  live: string;
}

/** Pages' policy: a short shared lifetime, shorter while a match is live. */
export const PAGE_DATA: CachePolicy = { normal: PUBLIC_PAGE_CACHE, live: LIVE_PAGE_CACHE };
/** Spec 7: the live score is polled every 15 s "only while live": a shared copy lives one poll at most, purged on each tick. */
export const LIVE_SCORE: CachePolicy = { normal: PUBLIC_PAGE_CACHE, live: LIVE_SCORE_CACHE };
/** Spec 9: "leaderboards and top-player calls cached 30 min". */
const THIRTY_MINUTES = "public, max-age=1800, s-maxage=1800, stale-while-revalidate=600";
export const LEADERBOARD: CachePolicy = { normal: THIRTY_MINUTES, live: THIRTY_MINUTES };
/** Spec 9: "Match of the Week cache 5 min". */
const FIVE_MINUTES = "public, max-age=300, s-maxage=300, stale-while-revalidate=60";
export const MATCH_OF_THE_WEEK: CachePolicy = { normal: FIVE_MINUTES, live: FIVE_MINUTES };
/** Spec 7: top 10 picks, "no caching". */
export const NOT_STORED: CachePolicy = { normal: "no-store", live: "no-store" };

/** The errors the endpoints answer with (spec 8's texts where it has one). */
export const API_ERRORS = {
  matchNotFound: "Match not found",
  teamNotFound: "Team not found",
  playerNotFound: "Player not found",
  performanceUnavailable: PERFORMANCE_UNAVAILABLE_TEXT,
} as const;

export const API_TAGS = {
  matches: "Matches",
  matchBlocks: "Match page blocks",
  standings: "Standings",
  picks: "Picks",
  teams: "Teams",
  players: "Players",
  record: "Track record",
  site: "Editorial and preview",
  internal: "Internal",
  description: "This description",
} as const;
export type Tag = (typeof API_TAGS)[keyof typeof API_TAGS];

export type ErrorStatus = 400 | 404;

export interface JsonEndpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  operationId: string;
  /** OpenAPI path: /api/matches/{id}. */
  path: string;
  /** The resource route under web/app/routes that serves it. */
  file: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Path parameters, named as in `path` and in the route file. */
  params: Params;
  query: Query;
  response: Response;
  /** What each error status means here. */
  errors: Partial<Record<ErrorStatus, string>>;
  cache: CachePolicy;
}

export function endpoint<Params extends z.ZodType, Query extends z.ZodType, Response extends z.ZodType>(
  definition: JsonEndpoint<Params, Query, Response>,
): JsonEndpoint<Params, Query, Response> {
  return definition;
}

export const noParams = z.object({});
export const noQuery = z.object({});
export const debugOnly = z.object({ debug: debugQuery });

export const UNSUPPORTED_LEAGUE_400 = "'Unsupported league' for a league the site does not cover.";
export const leagueParams = z.object({ league: leagueParam });

/** What a presenter returns: the output of the resource's schema. */
export type Shape<Schema extends z.ZodType> = z.output<Schema>;
