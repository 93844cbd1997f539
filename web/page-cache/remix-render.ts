/**
 * One render of a page with Remix, read whole: the status, the page's own headers (the
 * middleware's security headers first, a CSP allowing exactly its inline scripts by hash, the
 * surrogate keys a proxy in front may purge it by), the body and its ETag, the data it depends
 * on and the versions it was rendered from, and the loader, render and database figures for
 * Server-Timing.
 */
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler as createRemixRequestHandler } from "@remix-run/node";
import type { DataScope, VersionVector } from "@shared/db/data-versions";
import { countQueries } from "@shared/db/query-count";
import { dataScopesOf } from "../app/cache-control";
import type { AppContext, RequestTiming } from "../app/load-context";
import { RETRY_AFTER_SECONDS } from "../outage";
import { surrogateKeyHeaders, surrogateKeys } from "../proxy/surrogate-keys";
import { createRouteMatcher } from "../route-match";
import {
  isDataRequestPath,
  isJsonContentType,
  NOT_STORED_HEADERS,
  sharedCacheMayStore,
  withJsonAnswerHeaders,
  withoutStaleWhileRevalidate,
} from "./answer-headers";
import { contentSecurityPolicy, inlineHashes, type CspOptions } from "./csp";
import { etagOfBody } from "./answer-encoding";
import { pagePathOf } from "./page-target";
import { staleWindowMs } from "./stale-window";

/** How the app's server entry runs a render as a document's or a data request's (web/app/markup-scope.server.ts). */
type RequestScope = <T>(document: boolean, render: () => T) => T;

/** A rendered answer, whole: status, the page's own headers and the body. */
export interface Rendered {
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

/** What every render needs: the build, the loaders' services, the CSP's options and the data versions now. */
export interface RenderOptions {
  build: ServerBuild;
  mode: string;
  /** The loader context of every request, without the per-request timing. */
  services: Omit<AppContext, "timing">;
  csp: CspOptions;
  versions: () => VersionVector;
}

/** The page server's renderer: Remix's request handler for the build, and the routes to match a page's path against. */
export function createRenderer(options: RenderOptions) {
  const handleRequest = createRemixRequestHandler(options.build, options.mode);
  const matchRoute = createRouteMatcher(options.build.routes);

  /** Renders with Remix and reads the whole answer. */
  return async function render(
    request: globalThis.Request,
    base: Array<[string, string]>,
    preview: boolean,
  ): Promise<Rendered> {
    const versions = options.versions();
    const started = performance.now();
    const timing: RequestTiming = {};
    const context: AppLoadContext = { ...options.services, timing };
    // Server markup is in a document's HTML once, not again in its loader data (web/app/markup-scope.server.ts).
    const entry = options.build.entry.module as {
      inRequestScope?: RequestScope;
      renderedDocument?: (response: globalThis.Response) => Buffer | undefined;
    };
    const inRequestScope = entry.inRequestScope;
    const document = !isDataRequestPath(request.url);
    // The body is made inside both scopes: React renders it before the entry answers, and each
    // scope is switched off once the last render in it ends (shared/async/scoped-storage.ts).
    let handled = 0;
    const renderWhole = async () => {
      const answer = await handleRequest(request, context);
      handled = performance.now();
      // A document comes whole from the entry (web/app/entry.server.tsx): its bytes as they are.
      return { response: answer, body: entry.renderedDocument?.(answer) ?? Buffer.from(await answer.arrayBuffer()) };
    };
    const {
      result: { response, body },
      queries,
    } = await countQueries(() => (inRequestScope ? inRequestScope(document, renderWhole) : renderWhole()));
    const loaderEnd = timing.renderStartedAt ?? handled;
    // Security headers set by the middleware before this handler, then the route's own.
    const headers = new Map<string, string>(base);
    for (const [name, value] of response.headers) {
      if (name === "vary" || !NOT_STORED_HEADERS.has(name)) headers.set(name, value);
    }
    const contentType = response.headers.get("content-type");
    if (isJsonContentType(contentType)) withJsonAnswerHeaders(headers);
    else if ((contentType ?? "").includes("text/html")) {
      const { scripts, styles } = inlineHashes(body);
      headers.set(
        "content-security-policy",
        contentSecurityPolicy(options.csp, scripts, styles, {
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
    const dependsOn: DataScope[] = dataScopesOf(cacheControl);
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
  };
}
