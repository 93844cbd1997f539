import type { DataScope } from "@shared/db/data-versions";

/**
 * Cache-Control of public pages, fit for a CDN: a short shared lifetime and a longer window to
 * serve stale while revalidating. A page showing a live match refreshes every 15 s, so its
 * shared copy lives 10 s. Preview responses are `no-store` whatever a route says (entry.server.tsx).
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const LIVE_PAGE_CACHE = "public, max-age=0, s-maxage=10, stale-while-revalidate=20";
/**
 * The live score while its match is in play (`/api/live/{id}`, polled every 15 s): browsers ask
 * every time (a 304 when unchanged), and a shared cache in front keeps it for one polling
 * interval at most. Every live tick purges it (surrogate key `live`), so a proxy passes one
 * request per match per tick to the site and fans see the new score on their next poll.
 */
export const LIVE_SCORE_CACHE = "public, max-age=0, s-maxage=15";

export function pageCacheControl(live: boolean): string {
  return live ? LIVE_PAGE_CACHE : PUBLIC_PAGE_CACHE;
}

/**
 * The `headers` export of a public page: the Cache-Control its loader chose (shorter while a
 * match is live), else the public default.
 */
export const publicPageHeaders = ({ loaderHeaders }: { loaderHeaders: Headers }): HeadersInit => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? pageCacheControl(false),
});

/**
 * Whether an answer with this Cache-Control shows a match in play, so that the page cache
 * renders it again after every live tick: the live page and live score policies, or `no-store`
 * (answers the spec says are never cached, such as the top 10).
 */
export function dependsOnLive(cacheControl: string): boolean {
  return cacheControl === LIVE_PAGE_CACHE || cacheControl === LIVE_SCORE_CACHE || /\bno-store\b/.test(cacheControl);
}

/**
 * The data an answer with this Cache-Control is built from, for the page cache (rendered again
 * when one of them changes) and the surrogate keys a proxy purges it by:
 * - `immutable` (Remix's route manifest, whose URL names the build; a club badge, whose URL names
 *   its version): nothing. It never changes at its URL, so no write makes it out of date;
 * - a live policy or `no-store` (dependsOnLive): the data, the live scores and the content;
 * - any other: the data and the content.
 */
export function dataScopesOf(cacheControl: string): DataScope[] {
  if (/\bimmutable\b/.test(cacheControl) && !/\bno-store\b/.test(cacheControl)) return [];
  return dependsOnLive(cacheControl) ? ["data", "live", "content"] : ["data", "content"];
}
