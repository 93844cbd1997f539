import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { VersionVector } from "@shared/db/data-versions";
import { silentLog, type AppLog } from "@shared/observability/log";
import { createMetricsRegistry, isMetricsTarget, sendMetrics, type Registry } from "@shared/observability/metrics";
import { analyticsConfig } from "./app/analytics";
import type { AppContext } from "./app/load-context";
import { contentSecurityPolicy, type CspOptions } from "./page-cache/csp";
import { headerLinesOf, loadBuildAssets } from "./build-assets/build-assets";
import { createPageServer } from "./page-cache/http";
import { PageCache } from "./page-cache/page-cache";
import { servePublicFiles } from "./public-files";
import { createRateLimiter, rateLimitTiers } from "./rate-limit";
import { limitRequestBodies } from "./request-limits";
import { requestIdOfResponse } from "./observability/request-id";
import { createRequestObserver, type ObservedRequest } from "./observability/request-log";
import { createRouteLabeller } from "./observability/route-label";
import { registerHttpMetrics, registerPageCacheMetrics } from "./observability/web-metrics";
import { answerProbe, probeTarget, withOutageAnswers } from "./outage";
import { answerStudioCors, studioOrigins } from "./studio-cors";
import { collapsedTarget, errorAnswer, refusedTarget, sendCollapsedRedirect, sendRefusal } from "./request-guards";
import { setTransportSecurity, type TrustProxyFn } from "./transport-security";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type ServerServices = Omit<AppContext, "timing" | "pageCacheStats">;

export interface SiteServer {
  /** The HTTP server: cached pages are answered before Express sees the request. */
  server: Server;
  app: express.Express;
  cache: PageCache;
  /** The process's metrics, as /metrics shows them. */
  registry: Registry;
  /**
   * Renders again the out-of-date pages visitors read since they were rendered: call it when the
   * data versions change, after whatever the change clears (the content cache).
   */
  rerenderReadPages(): Promise<void>;
}

export interface SiteObservability {
  /** Where request lines and errors go; default nowhere. */
  log?: AppLog;
  /** The process's metrics registry (the embedded worker's metrics join it); default one of the server's own. */
  registry?: Registry;
}

/**
 * The web process's HTTP server: cached pages straight from memory; otherwise static assets,
 * security headers, rate limits, then Remix through the page cache. Every request gets an id,
 * a log line and its place in the metrics (web/observability/).
 */
export function createSiteServer(
  build: ServerBuild,
  services: ServerServices,
  versions: () => VersionVector,
  observability: SiteObservability = {},
): SiteServer {
  const { env } = services;
  const log = observability.log ?? silentLog;
  const registry = observability.registry ?? createMetricsRegistry();
  const cache = new PageCache({
    maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    maxAgeMs: env.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
    versions,
  });

  // The analytics tag's host, only when analytics is configured: its script and its hits.
  const analytics = analyticsConfig(env);
  const csp: CspOptions = {
    analyticsSources: analytics ? [analytics.host] : [],
    // The Studio's Presentation tool shows the site in an iframe.
    frameAncestors: env.SANITY_STUDIO_URL ? [new URL(env.SANITY_STUDIO_URL).origin] : [],
  };
  const pages = createPageServer({
    build: withOutageAnswers(build),
    // Remix's development mode sends loaders' error stacks to the browser; no answer may show
    // one, whatever NODE_ENV says (the log keeps them).
    mode: "production",
    cache,
    services: { ...services, pageCacheStats: () => cache.stats() },
    csp,
    versions,
    siteOrigin: new URL(env.SITE_URL).origin,
  });

  const app = express();
  app.disable("x-powered-by");
  // Off by default: X-Forwarded-For names the client only when it comes from a trusted proxy.
  app.set("trust proxy", env.TRUST_PROXY);

  const basePolicy = contentSecurityPolicy(csp);
  app.use((_req, res, next) => {
    // HTML pages replace it with one that allows their inline scripts by hash.
    res.setHeader("Content-Security-Policy", basePolicy);
    next();
  });
  const securityHeaders = helmet({
    contentSecurityPolicy: false,
    // frame-ancestors above decides who may frame the site; X-Frame-Options cannot name the Studio.
    xFrameOptions: env.SANITY_STUDIO_URL ? false : { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only over https, and on cached pages too: set below, before the cache answers.
    strictTransportSecurity: false,
  });
  app.use(securityHeaders);
  // The build's scripts and stylesheets, answered from memory before Express with the same
  // security headers; a path not found there goes on to express.static below.
  const assets = loadBuildAssets(path.join(root, "public/build"), {
    mount: "/build/",
    headers: [["content-security-policy", basePolicy], ...headerLinesOf(securityHeaders)],
  });

  // Fingerprinted build assets never change; everything else in public/ may.
  const compress = compression();
  app.use("/build", compress, express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // Every answer from here on passes through compression: the page server compresses its own
  // answers (compression leaves those alone), and its writeHead wrapper is what keeps repeated
  // headers given to writeHead as a list (an internal page's Set-Cookie per path) once helmet has
  // set headers on the response (Node's own writeHead then keeps only the last of each name).
  app.use(compress);
  app.use(servePublicFiles(path.join(root, "public")));

  app.use(createRateLimiter(rateLimitTiers(env)));
  app.use(limitRequestBodies({ maxBytes: env.MAX_REQUEST_BODY_KB * 1024 }));
  app.all("*", pages.remixHandler);
  app.use(errorAnswer((message, res) => log.error({ reqId: requestIdOfResponse(res) }, message)));

  const corsOrigins = studioOrigins(env);
  const trustProxy = app.get("trust proxy fn") as TrustProxyFn;
  const requestTimeout = env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  registerPageCacheMetrics(registry, cache);
  const observe = createRequestObserver({
    log,
    metrics: registerHttpMetrics(registry),
    trustProxy,
    routeLabel: createRouteLabeller(build.routes, path.join(root, "public")),
  });
  // Served on this port only with a token; METRICS_PORT is a listener of its own (web/start.ts).
  const metrics = env.METRICS_TOKEN
    ? { registry, token: env.METRICS_TOKEN, warn: (message: string) => log.warn(message) }
    : null;
  /**
   * Answers what is answered before Express (naming it for the log and the metrics), else hands it
   * on. Every answer carries the request's id: the page cache writes it with a cached page's
   * headers; any other answer gets it from writeHead, hooked just before it is written.
   */
  const dispatch = (req: IncomingMessage, res: ServerResponse, request: ObservedRequest): void => {
    setTransportSecurity(req, res, trustProxy);
    const refused = refusedTarget(req.url);
    if (refused) {
      request.label = "refused";
      request.identifyAnswers();
      return sendRefusal(req, res, refused.status, refused.message);
    }
    const collapsed = collapsedTarget(req.url);
    if (collapsed) {
      request.label = "redirect";
      request.identifyAnswers();
      return sendCollapsedRedirect(req, res, collapsed);
    }
    // The page cache answers GET and HEAD alone: anything else (a preflight) is identified now.
    if (req.method !== "GET" && req.method !== "HEAD") request.identifyAnswers();
    if (answerStudioCors(req, res, corsOrigins)) {
      request.label = "cors";
      return;
    }
    if (probeTarget(req.url)) {
      request.label = "probe";
      request.identifyAnswers();
      answerProbe(req, res, services);
      return;
    }
    if (metrics && isMetricsTarget(req.url)) {
      request.label = "metrics";
      request.identifyAnswers();
      return sendMetrics(req, res, metrics);
    }
    if (assets.serve(req, res, request)) return;
    if (pages.serveFromCache(req, res, request)) return;
    request.identifyAnswers();
    app(req, res);
  };
  const server = createServer(
    {
      // Node's defaults (60 s for the headers, 300 s for a request, checked every 30 s) let a
      // trickling client hold a connection for minutes. A page's request is one short line of
      // headers and at most MAX_REQUEST_BODY_KB of body.
      headersTimeout: Math.min(env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout),
      requestTimeout,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      const request = observe(req, res);
      dispatch(req, res, request);
      request.settle();
    },
  );
  return { server, app, cache, registry, rerenderReadPages: pages.rerenderReadPages };
}
