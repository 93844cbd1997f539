/**
 * How the page server writes an answer: a 304 when If-None-Match names the page's ETag, else the
 * page's bytes, compressed as the client accepts, with Age when an older entry stands in and
 * Server-Timing always.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { noteCacheOutcome, type CacheOutcome } from "../observability/cache-outcome";
import { REQUEST_ID_HEADER } from "../observability/request-id";
import { serverTiming, withoutPageHeaders, type Timings } from "./answer-headers";
import { chooseEncoding, compress, etagMatches } from "./answer-encoding";
import { PageCache, type CachedPage } from "./page-cache";
import { isApiTarget } from "./page-target";

/** Headers of a page as sent: all of them, those of a 304 (no Content-Type), and whether to compress. */
interface Wire {
  raw: string[];
  notModified: string[];
  compressible: boolean;
}

type SendablePage = Pick<CachedPage, "status" | "headers" | "body"> & { etag: string | null; wire?: Wire };

/**
 * An answer from an out-of-date entry is the previous page for this request only: a caching
 * proxy in front (purged by the change) must not keep it, or it would serve it for its whole
 * s-maxage after the new page is ready. `Surrogate-Control: no-store` says so to the proxy
 * (deploy/varnish/site.vcl, which removes the header), while the page's Cache-Control stays the
 * one every visitor gets.
 */
function withoutSharing(head: string[]): void {
  head.push("surrogate-control", "no-store");
}

/** The headers every answer from a page carries, flattened for writeHead; made once per entry. */
function wireOf(page: SendablePage, api: boolean): Wire {
  if (page.wire) return page.wire;
  const compressible = PageCache.wantsCompression(page);
  const raw: string[] = [];
  let vary: string | null = null;
  for (const [name, value] of page.headers) {
    if (name === "vary") vary = value;
    else raw.push(name, value);
  }
  if (compressible) vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  // An API answer carries CORS headers for the Studio's origin and none for others: a shared
  // cache in front must keep one answer per Origin (web/studio-cors.ts).
  if (api && !/\borigin\b/i.test(vary ?? "")) vary = vary ? `Origin, ${vary}` : "Origin";
  if (vary) raw.push("vary", vary);
  if (page.etag) raw.push("etag", page.etag);
  const notModified: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i] !== "content-type") notModified.push(raw[i], raw[i + 1]);
  const wire = { raw, notModified, compressible };
  page.wire = wire;
  return wire;
}

/**
 * The request an answer from the cache belongs to, as the server observes it: the answer carries
 * its id in `X-Request-Id`, in the one list of headers given to writeHead, and the cache's
 * verdict is noted on it for its log line (web/observability/request-log.ts).
 */
export interface CacheAnswered {
  readonly id: string;
  cache: CacheOutcome | undefined;
}

/**
 * Writes a page's answer; `entry` is the cache entry it comes from (its compressed bodies are kept
 * there). Without `answered` (an answer Express is writing), the verdict is noted on the response
 * and the id is added by the response's own writeHead.
 */
export function createSender(cache: PageCache) {
  return function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: SendablePage,
    entry: CachedPage | null,
    timings: Timings,
    started: number,
    answered?: CacheAnswered,
  ): void {
    if (answered) answered.cache = timings.cache;
    else noteCacheOutcome(res, timings.cache);
    const wire = wireOf(page, isApiTarget(req.url));
    // Through Express, the middleware's headers are on the response already: the page's own win.
    if (!answered) withoutPageHeaders(res);
    const etag = page.etag;
    if (etag && page.status === 200 && etagMatches(req.headers["if-none-match"], etag)) {
      cache.count("notModified");
      const head = [...wire.notModified];
      if (timings.cache === "rerender") withoutSharing(head);
      head.push("server-timing", serverTiming(timings, performance.now() - started));
      if (answered) head.push(REQUEST_ID_HEADER, answered.id);
      res.writeHead(304, head);
      res.end();
      return;
    }
    let body = page.body;
    const head = [...wire.raw];
    if (wire.compressible) {
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      if (encoding !== "identity") {
        body = entry ? cache.bodyFor(entry, encoding) : compress(page.body, encoding);
        head.push("content-encoding", encoding);
      }
    }
    if (entry && (timings.cache === "rerender" || timings.cache === "stale"))
      head.push("age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
    if (timings.cache === "rerender") withoutSharing(head);
    head.push(
      "content-length",
      String(body.length),
      "server-timing",
      serverTiming(timings, performance.now() - started),
    );
    if (answered) head.push(REQUEST_ID_HEADER, answered.id);
    res.writeHead(page.status, head);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
