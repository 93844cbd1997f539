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

/**
 * The security headers that only a document uses (framing, window isolation, the old browsers'
 * XSS filter and download prompt, DNS prefetching, Flash and PDF policies). A JSON answer (the
 * API, the live score polled every 15 s) is never a page: it keeps nosniff, its Cross-Origin-
 * Resource-Policy and a CSP that allows nothing, as OWASP's REST cheat sheet advises, and sheds
 * the rest: a cached API answer's headers went from 1,037 to 593 bytes, for a body of 2 to a
 * few hundred bytes.
 */
const DOCUMENT_ONLY_HEADERS = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** The CSP of a JSON answer: nothing may load, and nothing may frame it. */
export const JSON_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Whether a Content-Type names JSON (application/json, or any +json type). */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  return /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType ?? "");
}

/** A JSON answer's headers: without the document-only ones, with the CSP that allows nothing. */
export function withJsonAnswerHeaders(headers: Map<string, string>): void {
  for (const name of DOCUMENT_ONLY_HEADERS) headers.delete(name);
  headers.set("content-security-policy", JSON_ANSWER_CSP);
}

/**
 * Takes off a response, before a page's answer is written through Express, the headers the page
 * carries itself: the middleware's (helmet's) are stored with each page as its render shaped them
 * (a JSON answer without the document-only ones), and Node keeps headers set on a response beside
 * those given to writeHead. Those of this request alone (NOT_STORED_HEADERS: rate limits, CORS,
 * HSTS) stay. Without this, a JSON answer rendered on a miss carried the document-only headers
 * and the same answer from the cache did not.
 */
export function withoutPageHeaders(res: { getHeaderNames(): string[]; removeHeader(name: string): void }): void {
  for (const name of res.getHeaderNames()) if (!NOT_STORED_HEADERS.has(name)) res.removeHeader(name);
}

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
  queries?: number;
}

/** The Server-Timing header of an answer with these timings, which took `totalMs` in all. */
export function serverTiming(t: Timings, totalMs: number): string {
  // A cached page's: its verdict and total alone.
  if (t.loaderMs === undefined && t.renderMs === undefined && t.queries === undefined)
    return `cache;desc=${t.cache}, total;dur=${totalMs.toFixed(2)}`;
  const parts = [`cache;desc=${t.cache}`];
  if (t.loaderMs !== undefined) parts.push(`loader;dur=${t.loaderMs.toFixed(2)}`);
  if (t.renderMs !== undefined) parts.push(`render;dur=${t.renderMs.toFixed(2)}`);
  if (t.queries !== undefined) parts.push(`db;desc="${t.queries} statements"`);
  parts.push(`total;dur=${totalMs.toFixed(2)}`);
  return parts.join(", ");
}
