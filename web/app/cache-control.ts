/**
 * Cache-Control of public pages, fit for a CDN: a short shared lifetime and a longer window to
 * serve stale while revalidating. A page showing a live match refreshes every 15 s, so its
 * shared copy lives 10 s. Preview responses are `no-store` whatever a route says (entry.server.tsx).
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const LIVE_PAGE_CACHE = "public, max-age=0, s-maxage=10, stale-while-revalidate=20";

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
 * renders it again after every live tick: the live page policy, or `no-store` (the live score
 * while a match is on, and answers the spec says are never cached, such as the top 10).
 */
export function dependsOnLive(cacheControl: string): boolean {
  return cacheControl === LIVE_PAGE_CACHE || /\bno-store\b/.test(cacheControl);
}
