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
 *   (`rerenderReadPages`), the pages read since they were rendered are rendered again before
 *   anyone asks. Background renders run one at a time, with a turn of the event loop between two,
 *   and while visitors are being answered, a pause that leaves them the share of the loop they
 *   were seen to use (`pauseAfterRender`).
 *
 * Every answer carries Server-Timing (cache hit, miss or bypass; loader, render and total time;
 * the statements the database ran) and every HTML answer a CSP allowing exactly its inline
 * scripts by hash. See docs/decisions/004-page-cache.md.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance as eventLoop } from "node:perf_hooks";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Timings } from "./answer-headers";
import { PageCache, type CachedPage } from "./page-cache";
import { cacheKeyOf, isCacheableRequest, isPreviewRequest, withUnreadQuery } from "./page-target";
import { createRenderer, type Rendered, type RenderOptions } from "./remix-render";
import { baseHeadersOf, clientRequest, recipeOf, requestOf, type Recipe } from "./render-requests";
import { createSender, type CacheAnswered } from "./send-answer";

/** A hit's timings, one object for all (the total is measured as the answer is sent). */
const HIT: Timings = Object.freeze({ cache: "hit" });

/** A render of a cacheable page under way, and its entry once stored (null: not stored). */
type Flight = Promise<{ rendered: Rendered; entry: CachedPage | null }>;

/** How long a background render may hold up the next one in the queue. */
export const BACKGROUND_RENDER_PATIENCE_MS = 10_000;

/**
 * What a page rendered in the background is compressed with before anyone asks: what browsers
 * accept. Otherwise the first visitor after each change waited for it on the request path
 * (brotli 5 on the home page 0.5 ms, on a league page 0.9 ms). Other encodings wait to be asked.
 */
export const BACKGROUND_ENCODING = "br";

/** How many pages read since their last render are rendered again after a change, at most. */
export const READ_PAGES_RERENDERED = 64;

/**
 * While visitors are being answered, background renders take this much of the event loop at
 * least (when visitors leave less spare time than that), and otherwise what visitors leave spare
 * less BACKGROUND_RENDER_HEADROOM. See `pauseAfterRender`.
 */
export const BACKGROUND_RENDER_MIN_SHARE = 0.15;
/** The share of the event loop kept free for visitors beyond what they were seen to use. */
export const BACKGROUND_RENDER_HEADROOM = 0.15;
/** Visitors answered this long before a background render began, or during it, call for a pause after it. */
export const VISITORS_RECENT_MS = 100;
/** The longest pause between two background renders. */
export const BACKGROUND_RENDER_MAX_PAUSE_MS = 1_000;

export interface PageServerOptions extends RenderOptions {
  cache: PageCache;
  /** The public origin: cached pages are rendered for it, whatever Host a client sent. */
  siteOrigin: string;
  /** How long a background render may hold up the next one (default BACKGROUND_RENDER_PATIENCE_MS). */
  backgroundRenderPatienceMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The pause after a background render of `tookMs` while visitors are being answered, so that the
 * renders after a change take a share of the event loop that leaves visitors their own: first as
 * long as the render took (renders take half at most), measuring meanwhile how busy visitors keep
 * the loop (its utilisation, no render running), then what makes the renders' share what visitors
 * leave spare less BACKGROUND_RENDER_HEADROOM, and BACKGROUND_RENDER_MIN_SHARE at least.
 *
 * `atMostMs` bounds it (the page server passes what the pages still waiting leave to spare).
 *
 * On the embedded database a render holds the event loop for its whole length (PGlite runs on the
 * same thread); side by side with only a turn of the loop between two, the renders after a live
 * tick took two thirds of the loop, and at 60% of its flat-out rate the Saturday mix queued
 * behind them (p99 114 ms, against 8 ms in the same run without a tick).
 */
export async function pauseAfterRender(tookMs: number, atMostMs = BACKGROUND_RENDER_MAX_PAUSE_MS): Promise<void> {
  const longest = Math.min(atMostMs, BACKGROUND_RENDER_MAX_PAUSE_MS);
  if (longest <= 0) return;
  const first = Math.min(tookMs, longest);
  const before = eventLoop.eventLoopUtilization();
  await sleep(first);
  const visitors = eventLoop.eventLoopUtilization(before).utilization;
  const share = Math.min(0.5, Math.max(BACKGROUND_RENDER_MIN_SHARE, 1 - visitors - BACKGROUND_RENDER_HEADROOM));
  const rest = Math.min(tookMs * ((1 - share) / share), longest) - first;
  if (rest > 0) await sleep(rest);
}

export interface PageServer {
  /**
   * Answers from the cache when it can (true). With `answered`, the answer carries its id and
   * notes the verdict on it (send-answer.ts); the server passes its observed request.
   */
  serveFromCache(req: IncomingMessage, res: ServerResponse, answered?: CacheAnswered): boolean;
  remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void>;
  /**
   * Renders again, one at a time, the out-of-date pages read since they were rendered (call it
   * when the data versions change). Resolves when the pass is done.
   */
  rerenderReadPages(): Promise<void>;
}

export function createPageServer(options: PageServerOptions): PageServer {
  const { cache } = options;
  const render = createRenderer(options);
  /** When the page server last took a visitor's request (performance.now()). */
  let lastVisitorAt = Number.NEGATIVE_INFINITY;
  const send = createSender(cache);
  /** Renders in progress, by cache key and versions: a burst of identical misses renders once. */
  const inFlight = new Map<string, Flight>();

  function serveFromCache(req: IncomingMessage, res: ServerResponse, answered?: CacheAnswered): boolean {
    if (!cache.enabled || !isCacheableRequest(req)) return false;
    const started = performance.now();
    const found = cache.find(cacheKeyOf(req));
    if (!found) return false;
    lastVisitorAt = started;
    if (found.current) {
      cache.count("hits");
      send(req, res, found.entry, found.entry, HIT, started, answered);
    } else {
      cache.count("rerenders");
      void queueRerender(found.entry, asked);
      send(req, res, found.entry, found.entry, { cache: "rerender" }, started, answered);
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
      const { entry } = await flight;
      if (!entry) cache.retire(stale);
      // Compressed now, off the request path: the first visitor after a change would wait for it.
      else if (PageCache.wantsCompression(entry)) cache.bodyFor(entry, BACKGROUND_ENCODING);
    } catch {
      cache.retire(stale);
    }
  }

  /**
   * Pages to render again in the background, one at a time, with a turn of the event loop between
   * two: the pages visitors asked for first, then those read since they were rendered (most read
   * first). A change puts dozens of pages out of date at once; rendered side by side, their
   * renders took the event loop from the requests the cache answers meanwhile (p99 275 ms at a
   * change on PostgreSQL, 8,300 req/s of the Saturday mix).
   */
  const asked = new Map<string, CachedPage>();
  const read = new Map<string, CachedPage>();
  let draining: Promise<void> | null = null;

  function queueRerender(stale: CachedPage, queue: Map<string, CachedPage>): Promise<void> {
    // A page a visitor asked for goes before the pages only read, even if it was queued among them.
    if (queue === asked) read.delete(stale.key);
    if (stale.recipe && !asked.has(stale.key) && !read.has(stale.key)) queue.set(stale.key, stale);
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  }

  async function drain(): Promise<void> {
    for (;;) {
      const next = asked.size > 0 ? asked : read;
      const first = next.values().next();
      if (first.done) return;
      next.delete(first.value.key);
      const began = performance.now();
      // A render that hangs (a loader waiting on a service with no answer) holds up the others
      // for BACKGROUND_RENDER_PATIENCE_MS at most; it goes on meanwhile, and is joined as before.
      let patience: NodeJS.Timeout | undefined;
      await Promise.race([
        rerender(first.value),
        new Promise<void>((resolve) => {
          patience = setTimeout(resolve, options.backgroundRenderPatienceMs ?? BACKGROUND_RENDER_PATIENCE_MS);
        }),
      ]);
      clearTimeout(patience);
      const tookMs = performance.now() - began;
      await nextTurn();
      // Nobody asked for anything lately: the next render starts at once.
      const visitorsSeen = lastVisitorAt > began - VISITORS_RECENT_MS;
      if (visitorsSeen && (asked.size > 0 || read.size > 0)) await pauseAfterRender(tookMs, spareMs(tookMs));
    }
  }

  /**
   * How long the renders still waiting can be held up without a page falling out of the time it
   * may stand in (it would then be rendered on a visitor's request): for each, the time it has
   * left less the renders before it and its own, each as long as the last took, twice over for
   * safety; the least of these, shared among the pauses before it.
   */
  function spareMs(tookMs: number): number {
    let spare = Number.POSITIVE_INFINITY;
    let before = 0;
    for (const queue of [asked, read])
      for (const entry of queue.values()) {
        before++;
        if (!cache.isOutOfDate(entry)) continue;
        spare = Math.min(spare, (cache.standInLeftMs(entry) - before * 2 * tookMs) / before);
      }
    return spare;
  }

  function rerenderReadPages(): Promise<void> {
    // The change is seen now: the pages it put out of date stand in while they are rendered again.
    cache.observeVersions();
    for (const entry of cache.readSinceStored(READ_PAGES_RERENDERED)) void queueRerender(entry, read);
    return draining ?? Promise.resolve();
  }

  async function remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    const started = performance.now();
    lastVisitorAt = started;
    try {
      if (!cache.enabled || !isCacheableRequest(req)) {
        cache.count("bypassed");
        const rendered = await render(
          clientRequest(req, res, options.siteOrigin),
          baseHeadersOf(res),
          isPreviewRequest(req),
        );
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
        send(req, res, current, current, HIT, started);
        return;
      }
      cache.count("misses");
      const flightKey = flightKeyOf(key);
      const joined = inFlight.get(flightKey);
      const recipe = recipeOf(req, res, options.siteOrigin);
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
        send(req, res, fallback, fallback, { cache: "stale" }, started);
        return;
      }
      const timings: Timings = joined
        ? { cache: "miss" }
        : {
            cache: "miss",
            loaderMs: rendered.loaderMs,
            renderMs: rendered.renderMs,
            queries: rendered.queries,
          };
      send(req, res, entry ?? rendered, entry, timings, started);
    } catch (error) {
      next(error);
    }
  }

  return { serveFromCache, remixHandler, rerenderReadPages };
}
