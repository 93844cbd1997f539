/**
 * How the web process answers with Remix, through the page cache.
 *
 * - `serveFromCache` runs before Express for every request: an anonymous GET or HEAD whose page
 *   is cached and current is answered from memory (200 with the stored bytes, or 304 when
 *   If-None-Match names its ETag) without touching Express, loaders or the database.
 * - `remixHandler` is Express's last handler. A cacheable request that missed renders once
 *   (concurrent identical misses wait for the same render), is stored with the data versions it
 *   was rendered from, then answered like a hit. Everything else (preview, internal pages,
 *   writes, personal cookies) is rendered for that request alone and never stored.
 * - A page whose data changed is answered from its previous entry at once (`cache;desc=rerender`,
 *   with its Age) while one render in the background replaces it, for as long as the page's own
 *   Cache-Control lets a shared cache serve it stale. After each change of the data versions
 *   (`rerenderReadPages`), the pages read since they were rendered are rendered again, one at a
 *   time, before anyone asks.
 *
 * Every answer carries Server-Timing (cache hit, miss or bypass; loader, render and total time;
 * the statements the database ran) and every HTML answer a CSP allowing exactly its inline
 * scripts by hash. See docs/decisions/004-page-cache.md.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable, createRequestHandler as createRemixRequestHandler } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { DataScope, VersionVector } from "@shared/db/data-versions";
import { countQueries } from "@shared/db/query-count";
import { dependsOnLive } from "../app/cache-control";
import type { AppContext, RequestTiming } from "../app/load-context";
import { noteCacheOutcome } from "../observability/cache-outcome";
import { RETRY_AFTER_SECONDS } from "../outage";
import { surrogateKeyHeaders, surrogateKeys } from "../proxy/surrogate-keys";
import { createRouteMatcher } from "../route-match";
import {
  isDataRequestPath,
  NOT_STORED_HEADERS,
  serverTiming,
  sharedCacheMayStore,
  withoutStaleWhileRevalidate,
  type Timings,
} from "./answer-headers";
import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes, type CspOptions } from "./csp";
import { chooseEncoding, compress, etagMatches, etagOfBody, PageCache, type CachedPage } from "./page-cache";
import {
  cacheKeyOf,
  isApiTarget,
  isCacheableRequest,
  isPreviewRequest,
  pagePathOf,
  pageTarget,
  withUnreadQuery,
} from "./page-target";

/** Headers of a page as sent: all of them, those of a 304 (no Content-Type), and whether to compress. */
interface Wire {
  raw: string[];
  notModified: string[];
  compressible: boolean;
}

type SendablePage = Pick<CachedPage, "status" | "headers" | "body"> & { etag: string | null; wire?: Wire };

/**
 * What a cacheable page is rendered from, kept with its entry so that it can be rendered again
 * with no visitor's request: the public URL, the request headers a page may read, and the
 * headers the middleware set before the handler (security headers).
 */
interface Recipe {
  url: string;
  requestHeaders: Array<[string, string]>;
  base: Array<[string, string]>;
}

/** A render of a cacheable page under way, and its entry once stored (null: not stored). */
type Flight = Promise<{ rendered: Rendered; entry: CachedPage | null }>;

/** How many pages read since their last render are rendered again after a change, at most. */
export const READ_PAGES_RERENDERED = 64;

/** The page cache's headers that come from the middleware, as a render starts from them. */
function baseHeadersOf(res: ServerResponse): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    const lower = name.toLowerCase();
    if (value !== undefined && !NOT_STORED_HEADERS.has(lower))
      headers.push([lower, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  return headers;
}

/**
 * How long after it was rendered a page may stand in for itself while it is rendered again: as
 * long as its Cache-Control lets a shared cache serve it (s-maxage, then stale-while-revalidate),
 * and RERENDER_GRACE_MS more for the render itself. Without the grace, the live score (s-maxage
 * 15, the live tick's interval) would be just too old to stand in when the next tick comes.
 */
export function staleWindowMs(cacheControl: string): number {
  const seconds = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`, "i").exec(cacheControl)?.[1] ?? 0);
  const shared = (seconds("s-maxage") + seconds("stale-while-revalidate")) * 1000;
  return shared > 0 ? shared + RERENDER_GRACE_MS : 0;
}

/** The time a re-render may take, beyond a page's shared lifetime, while its previous answer stands in. */
export const RERENDER_GRACE_MS = 5_000;

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

/** How the app's server entry runs a render as a document's or a data request's (web/app/markup-scope.server.ts). */
type RequestScope = <T>(document: boolean, render: () => T) => T;

/** A rendered answer, whole: status, the page's own headers and the body. */
interface Rendered {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  etag: string | null;
  dependsOn: readonly DataScope[];
  versions: VersionVector;
  personal: boolean;
  /** How long after it is stored the page may stand in for itself while rendered again (`staleWindowMs`). */
  staleMs: number;
  loaderMs: number;
  renderMs: number;
  queries: number;
}

export interface PageServerOptions {
  build: ServerBuild;
  mode: string;
  cache: PageCache;
  /** The loader context of every request, without the per-request timing. */
  services: Omit<AppContext, "timing">;
  csp: CspOptions;
  versions: () => VersionVector;
  /** The public origin: cached pages are rendered for it, whatever Host a client sent. */
  siteOrigin: string;
}

export interface PageServer {
  serveFromCache(req: IncomingMessage, res: ServerResponse): boolean;
  remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void>;
  /**
   * Renders again, one at a time, the out-of-date pages read since they were rendered (call it
   * when the data versions change). Resolves when the pass is done.
   */
  rerenderReadPages(): Promise<void>;
}

export function createPageServer(options: PageServerOptions): PageServer {
  const { cache } = options;
  const handleRequest = createRemixRequestHandler(options.build, options.mode);
  /** Renders in progress, by cache key and versions: a burst of identical misses renders once. */
  const inFlight = new Map<string, Flight>();
  const matchRoute = createRouteMatcher(options.build.routes);

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

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: SendablePage,
    entry: CachedPage | null,
    timings: Timings,
    started: number,
  ) {
    noteCacheOutcome(res, timings.cache);
    const wire = wireOf(page, isApiTarget(req.url));
    const etag = page.etag;
    if (etag && page.status === 200 && etagMatches(req.headers["if-none-match"], etag)) {
      cache.count("notModified");
      const head = [...wire.notModified];
      if (timings.cache === "rerender") withoutSharing(head);
      res.writeHead(304, [
        ...head,
        "server-timing",
        serverTiming({ ...timings, totalMs: performance.now() - started }),
      ]);
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
      serverTiming({ ...timings, totalMs: performance.now() - started }),
    );
    res.writeHead(page.status, head);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    if (!cache.enabled || !isCacheableRequest(req)) return false;
    const started = performance.now();
    const found = cache.find(cacheKeyOf(req));
    if (!found) return false;
    if (found.current) {
      cache.count("hits");
      send(req, res, found.entry, found.entry, { cache: "hit", totalMs: 0 }, started);
    } else {
      cache.count("rerenders");
      void rerender(found.entry);
      send(req, res, found.entry, found.entry, { cache: "rerender", totalMs: 0 }, started);
    }
    return true;
  }

  const flightKeyOf = (key: string) => {
    const versions = options.versions();
    return `${versions.data}.${versions.live}.${versions.content} ${key}`;
  };

  /** Renders a cacheable page for everyone and stores it; joined by any miss of the same page meanwhile. */
  function startFlight(flightKey: string, key: string, recipe: Recipe): Flight {
    const flight: Flight = render(requestOf(recipe), recipe.base, false).then((rendered) => {
      if (rendered.status !== 200 || rendered.personal || !rendered.etag) return { rendered, entry: null };
      const entry = cache.store({
        key,
        status: rendered.status,
        headers: rendered.headers,
        body: rendered.body,
        etag: rendered.etag,
        dependsOn: rendered.dependsOn,
        versions: rendered.versions,
        staleMs: rendered.staleMs,
        recipe,
      });
      return { rendered, entry };
    });
    inFlight.set(flightKey, flight);
    void flight.finally(() => inFlight.delete(flightKey)).catch(() => undefined);
    return flight;
  }

  /**
   * Renders an out-of-date entry's page again in the background, once however many ask. When it
   * cannot be rendered (an error, the database out of reach, the page gone), the entry leaves the
   * cache for the page's last good answer, and the next request renders as on a miss.
   */
  async function rerender(stale: CachedPage): Promise<void> {
    const recipe = stale.recipe as Recipe | undefined;
    if (!recipe || !cache.isOutOfDate(stale)) return;
    const flightKey = flightKeyOf(stale.key);
    const flight = inFlight.get(flightKey) ?? startFlight(flightKey, stale.key, recipe);
    try {
      if (!(await flight).entry) cache.retire(stale);
    } catch {
      cache.retire(stale);
    }
  }

  let rerendering: Promise<void> | null = null;
  let rerenderAgain = false;
  function rerenderReadPages(): Promise<void> {
    if (rerendering) {
      rerenderAgain = true;
      return rerendering;
    }
    rerendering = (async () => {
      do {
        rerenderAgain = false;
        // One at a time: the requests that hit the cache meanwhile keep the event loop.
        for (const entry of cache.readSinceStored(READ_PAGES_RERENDERED)) await rerender(entry);
      } while (rerenderAgain);
    })().finally(() => {
      rerendering = null;
    });
    return rerendering;
  }

  /** Renders with Remix and reads the whole answer. */
  async function render(
    request: globalThis.Request,
    base: Array<[string, string]>,
    preview: boolean,
  ): Promise<Rendered> {
    const versions = options.versions();
    const started = performance.now();
    const timing: RequestTiming = {};
    const context: AppLoadContext = { ...options.services, timing };
    // Server markup is in a document's HTML once, not again in its loader data (web/app/markup-scope.server.ts).
    const inRequestScope = (options.build.entry.module as { inRequestScope?: RequestScope }).inRequestScope;
    const document = !isDataRequestPath(request.url);
    const { result: response, queries } = await countQueries(() =>
      inRequestScope
        ? inRequestScope(document, () => handleRequest(request, context))
        : handleRequest(request, context),
    );
    const loaderEnd = timing.renderStartedAt ?? performance.now();
    const body = Buffer.from(await response.arrayBuffer());
    // Security headers set by the middleware before this handler, then the route's own.
    const headers = new Map<string, string>(base);
    for (const [name, value] of response.headers) {
      if (name === "vary" || !NOT_STORED_HEADERS.has(name)) headers.set(name, value);
    }
    if ((response.headers.get("content-type") ?? "").includes("text/html")) {
      const html = body.toString("utf8");
      headers.set(
        "content-security-policy",
        contentSecurityPolicy(options.csp, inlineScriptHashes(html), inlineStyleHashes(html), {
          visualEditing: preview,
        }),
      );
    }
    const browserCacheControl = headers.get("cache-control");
    if (browserCacheControl && isDataRequestPath(request.url)) {
      // A client-side navigation's or a live refresh's data: the browser asks each time (a 304
      // when nothing changed) instead of showing its previous answer while fetching the same URL
      // again behind it. Shared caches keep their s-maxage.
      headers.set("cache-control", withoutStaleWhileRevalidate(browserCacheControl));
    }
    if (response.status === 503) {
      // The database is out of reach (web/outage.ts): come back soon, and let no cache keep this.
      headers.set("retry-after", response.headers.get("retry-after") ?? String(RETRY_AFTER_SECONDS));
      headers.set("cache-control", "no-store");
    }
    const cookies = response.headers.getSetCookie();
    const cacheControl = response.headers.get("cache-control") ?? "";
    const dependsOn: DataScope[] = dependsOnLive(cacheControl) ? ["data", "live", "content"] : ["data", "content"];
    if (cookies.length === 0 && sharedCacheMayStore(headers.get("cache-control") ?? "")) {
      // What a proxy in front may purge this answer by (web/proxy/surrogate-keys.ts).
      const route = matchRoute(pagePathOf(new URL(request.url).pathname));
      for (const [name, value] of surrogateKeyHeaders(surrogateKeys(dependsOn, route))) headers.set(name, value);
    }
    return {
      status: response.status,
      headers: [...headers, ...cookies.map((cookie): [string, string] => ["set-cookie", cookie])],
      body,
      etag: response.status === 200 ? etagOfBody(body) : response.headers.get("etag"),
      dependsOn,
      versions,
      personal: cookies.length > 0 || /\bprivate\b/i.test(cacheControl),
      staleMs: staleWindowMs(cacheControl),
      loaderMs: loaderEnd - started,
      renderMs: performance.now() - loaderEnd,
      queries,
    };
  }

  /**
   * What a cacheable page is rendered from: the public origin, no validators, no cookies (nothing
   * personal may reach a shared page), no abort (others may be waiting for it).
   */
  function recipeOf(req: ExpressRequest, res: ExpressResponse): Recipe {
    const requestHeaders: Array<[string, string]> = [];
    for (const name of ["accept", "accept-language", "user-agent"]) {
      const value = req.headers[name];
      if (typeof value === "string") requestHeaders.push([name, value]);
    }
    // Only what a page reads of the query: the answer is shared by every target with the same key.
    const url = new URL(pageTarget(req.originalUrl), options.siteOrigin).href;
    return { url, requestHeaders, base: baseHeadersOf(res) };
  }

  function requestOf(recipe: Recipe): globalThis.Request {
    return new Request(recipe.url, { method: "GET", headers: new Headers(recipe.requestHeaders) });
  }

  /**
   * The request as the client sent it, for answers rendered for that client alone: its own
   * origin (the internal pages check a POST's Origin against it), headers and body, aborted
   * when the client goes away.
   */
  function clientRequest(req: ExpressRequest, res: ExpressResponse): globalThis.Request {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
    if (req.method !== "GET" && req.method !== "HEAD") {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
    return new Request(new URL(req.originalUrl, clientOrigin(req)), init);
  }

  /** The origin the client addressed, or the public one when its Host header is not usable. */
  function clientOrigin(req: ExpressRequest): string {
    try {
      return new URL(`${req.protocol}://${req.get("host") ?? ""}`).origin;
    } catch {
      return options.siteOrigin;
    }
  }

  async function remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    const started = performance.now();
    try {
      if (!cache.enabled || !isCacheableRequest(req)) {
        cache.count("bypassed");
        const rendered = await render(clientRequest(req, res), baseHeadersOf(res), isPreviewRequest(req));
        send(
          req,
          res,
          rendered,
          null,
          {
            cache: "bypass",
            loaderMs: rendered.loaderMs,
            renderMs: rendered.renderMs,
            queries: rendered.queries,
            totalMs: 0,
          },
          started,
        );
        return;
      }
      const key = cacheKeyOf(req);
      // Another request may have stored it while this one went through the middleware.
      const current = cache.lookup(key);
      if (current) {
        cache.count("hits");
        send(req, res, current, current, { cache: "hit", totalMs: 0 }, started);
        return;
      }
      cache.count("misses");
      const flightKey = flightKeyOf(key);
      const joined = inFlight.get(flightKey);
      const recipe = recipeOf(req, res);
      let { rendered, entry } = await (joined ?? startFlight(flightKey, key, recipe));
      // A personal answer (one that sets a cookie) is never shared: render for this request.
      if (joined && rendered.personal) {
        rendered = await render(requestOf(recipe), recipe.base, false);
        entry = null;
      }
      if (rendered.status >= 300 && rendered.status < 400) {
        const headers = rendered.headers.map(([name, value]): [string, string] => [
          name,
          name === "location" ? withUnreadQuery(value, req.originalUrl) : value,
        ]);
        // A copy: others waiting for the same render have their own query strings (and no wire yet).
        rendered = Object.assign({}, rendered, { headers, wire: undefined });
      }
      // The page cannot be rendered now: its last good answer beats an error page.
      const fallback = rendered.status === 503 ? cache.fallback(key) : undefined;
      if (fallback) {
        send(req, res, fallback, fallback, { cache: "stale", totalMs: 0 }, started);
        return;
      }
      const timings: Timings = joined
        ? { cache: "miss", totalMs: 0 }
        : {
            cache: "miss",
            loaderMs: rendered.loaderMs,
            renderMs: rendered.renderMs,
            queries: rendered.queries,
            totalMs: 0,
          };
      send(req, res, entry ?? rendered, entry, timings, started);
    } catch (error) {
      next(error);
    }
  }

  return { serveFromCache, remixHandler, rerenderReadPages };
}
