/**
 * What a request is, for the page cache: whether it may be answered from the cache and its answer
 * kept (no personal cookie, authorization or internal path), whether it is in draft preview or for
 * the JSON API, the page path a data request is for, and the target and cache key it is rendered
 * and stored under (only the query parameters read on its path, pageTarget), with a redirect's
 * Location given back the parameters left out.
 */
import type { IncomingMessage } from "node:http";

/** Cookies that make a request personal: the preview session and the internal pages' access. */
const PERSONAL_COOKIE = /(?:^|;\s*)fkp_/;
/** Paths never cached whoever asks: the internal pages, preview mode, content writes. */
const NEVER_CACHED =
  /^\/(?:test-api|api-status|api\/internal|api\/test-|api\/find-|api\/live-match|api\/create-|api\/preview-mode|api\/content\/)/;

/** Whether a request target is under /api/ (the JSON API, which the Studio reads cross-origin). */
export function isApiTarget(url: string | undefined): boolean {
  return (url ?? "").startsWith("/api/");
}

/** The page path a request is for: a data request's page (`/premier-league.data` is `/premier-league`). */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Whether the cache may answer this request and keep its answer. */
export function isCacheableRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  const cookie = req.headers.cookie;
  if (cookie && PERSONAL_COOKIE.test(cookie)) return false;
  return !NEVER_CACHED.test(req.url ?? "/");
}

/** A request in draft preview (its answers are never cached): it may load the visual-editing bridge. */
export function isPreviewRequest(req: IncomingMessage): boolean {
  return PREVIEW_COOKIE_SENT.test(req.headers.cookie ?? "");
}
const PREVIEW_COOKIE_SENT = /(?:^|;\s*)fkp_preview=/;

/**
 * The query parameters something reads, and on which paths: a league page's `week`, search's
 * `q`, a badge's `v`, the JSON API's parameters (its index's `format`, the team endpoints'
 * `league`, the debug endpoints' `debug`, its search's `q`), and Remix's own on data requests
 * (`_routes`, `_data`, `index`). A parameter counts on its paths alone: `/?v=1` or
 * `/about?q=x` is the page itself, so a stream of made-up values fills no memory and pushes no
 * page out of the cache. A test keeps this table in step with the code that reads the URL
 * (page-target.test.ts).
 */
export const QUERY_PARAMETERS_READ: ReadonlyArray<{ paths: RegExp; names: ReadonlySet<string> }> = [
  { paths: /\.data$/, names: new Set(["_routes", "_data", "index"]) },
  { paths: /^\/[^/]+-predictions(?:\.data)?$/, names: new Set(["week"]) },
  { paths: /^\/search(?:\.data)?$/, names: new Set(["q"]) },
  { paths: /^\/badges\//, names: new Set(["v"]) },
  { paths: /^\/api(?:\/|$)/, names: new Set(["format", "league", "debug", "q"]) },
];

/** Every parameter something reads somewhere (the request log writes their values out). */
export const READ_QUERY_PARAMETERS: ReadonlySet<string> = new Set(
  QUERY_PARAMETERS_READ.flatMap(({ names }) => [...names]),
);

/**
 * The target a cacheable request is rendered for and cached under: the path with only the query
 * parameters read on it (QUERY_PARAMETERS_READ), in the order sent. `?utm_source=…` or a random
 * `?x=123` shares the page's cached answer instead of rendering it again (the ledger CSV is
 * megabytes). Remix's route discovery (`/__manifest`) reads its own parameters and keeps them all.
 */
export function pageTarget(url: string = "/"): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  if (path === "/__manifest") return url;
  const read = QUERY_PARAMETERS_READ.filter(({ paths }) => paths.test(path));
  if (read.length === 0) return path;
  const kept = url
    .slice(queryStart + 1)
    .split("&")
    .filter((pair) => {
      const name = pair.split("=", 1)[0].replace(/\+/g, " ");
      try {
        const decoded = decodeURIComponent(name);
        return read.some(({ names }) => names.has(decoded));
      } catch {
        return false;
      }
    });
  return kept.length > 0 ? `${path}?${kept.join("&")}` : path;
}

/**
 * A redirect's Location with the query parameters pageTarget left out of the request put back:
 * a page that moved keeps `?utm_source=…` and the like, though the page never read them.
 */
export function withUnreadQuery(location: string, requested: string): string {
  const queryStart = requested.indexOf("?");
  if (queryStart === -1) return location;
  const target = pageTarget(requested);
  const keptStart = target.indexOf("?");
  const kept = new Set(keptStart === -1 ? [] : target.slice(keptStart + 1).split("&"));
  const hashAt = location.indexOf("#");
  const [base, hash] = hashAt === -1 ? [location, ""] : [location.slice(0, hashAt), location.slice(hashAt)];
  // A redirect that wrote a parameter itself (an alias that passes on what it read) keeps it once.
  const baseQueryAt = base.indexOf("?");
  const written = new Set(baseQueryAt === -1 ? [] : base.slice(baseQueryAt + 1).split("&"));
  const unread = requested
    .slice(queryStart + 1)
    .split("&")
    .filter((pair) => pair !== "" && !kept.has(pair) && !written.has(pair));
  if (unread.length === 0) return location;
  return `${base}${base.includes("?") ? "&" : "?"}${unread.join("&")}${hash}`;
}

/** The cache key: the page's target, and whether the client asked for HTML (/api answers both). */
export function cacheKeyOf(req: IncomingMessage): string {
  const html = (req.headers.accept ?? "").includes("text/html") ? "h" : "-";
  return `${html} ${pageTarget(req.url)}`;
}
