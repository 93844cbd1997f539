/**
 * The headers of the page server's answers: which headers of a rendering's answer are not stored
 * with the page, how Cache-Control is read (whether a shared cache may keep it, stale-while-
 * revalidate left out for browsers on data requests), and the Server-Timing header every answer
 * carries.
 */

/** Headers of the rendering request's answer that are not the page's own. */
export const NOT_STORED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "server-timing",
  "set-cookie",
  "vary",
  "ratelimit-limit",
  "ratelimit-remaining",
  "retry-after",
  // Per request, set before the page is looked up: CORS for the Studio's origin (web/studio-cors.ts)
  // and HSTS over https only (web/server.ts). A stored page must not repeat one client's.
  "access-control-allow-origin",
  "access-control-expose-headers",
  "strict-transport-security",
  // Each request's own id (web/observability/request-log.ts).
  "x-request-id",
]);

/** Whether a shared cache may keep an answer with this Cache-Control. */
export function sharedCacheMayStore(cacheControl: string): boolean {
  return /\bpublic\b/i.test(cacheControl) && !/\b(?:no-store|private|no-cache)\b/i.test(cacheControl);
}

/** Whether a URL is Remix's data request for a page (single fetch: `/path.data`, `/_root.data`). */
export function isDataRequestPath(url: string): boolean {
  return new URL(url).pathname.endsWith(".data");
}

/** The Cache-Control without stale-while-revalidate, which browsers honour too. */
export function withoutStaleWhileRevalidate(cacheControl: string): string {
  return cacheControl
    .split(",")
    .map((part) => part.trim())
    .filter((part) => !/^stale-while-revalidate\b/i.test(part))
    .join(", ");
}

export interface Timings {
  /**
   * 'rerender': the page's previous entry while it is rendered again in the background;
   * 'stale': the page could not be rendered (database out of reach); its last good answer.
   */
  cache: "hit" | "miss" | "bypass" | "rerender" | "stale";
  loaderMs?: number;
  renderMs?: number;
  totalMs: number;
  queries?: number;
}

export function serverTiming(t: Timings): string {
  const parts = [`cache;desc=${t.cache}`];
  if (t.loaderMs !== undefined) parts.push(`loader;dur=${t.loaderMs.toFixed(2)}`);
  if (t.renderMs !== undefined) parts.push(`render;dur=${t.renderMs.toFixed(2)}`);
  if (t.queries !== undefined) parts.push(`db;desc="${t.queries} statements"`);
  parts.push(`total;dur=${t.totalMs.toFixed(2)}`);
  return parts.join(", ");
}
