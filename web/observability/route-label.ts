/**
 * The label a request is counted and logged under: the id of the Remix route that answers it
 * (`routes/$leaguePage_.$matchup`), or a fixed name for what is answered before Remix. Never the
 * raw URL: the metrics keep a bounded number of series whatever addresses clients send.
 */
import { readdirSync } from "node:fs";
import type { ServerBuild } from "@remix-run/node";
import { createRouteMatcher } from "../route-match";

/**
 * Answers that are not a route's: build assets and public files, the load balancer's probes,
 * /metrics, targets refused before any route (web/request-guards.ts), redirects of `//` paths,
 * the Studio's CORS preflights, Remix's route discovery, and a path no route matches.
 */
export type FixedLabel = "static" | "probe" | "metrics" | "refused" | "redirect" | "cors" | "manifest" | "not-found";

export type RouteLabeller = (url: string | undefined) => string;

/** The top-level names under public/: directories (`build`, `social`...) and files (`favicon.svg`). */
export function publicEntries(publicDir: string): { directories: string[]; files: string[] } {
  try {
    const entries = readdirSync(publicDir, { withFileTypes: true });
    return {
      directories: entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
      files: entries.filter((entry) => entry.isFile()).map((entry) => entry.name),
    };
  } catch {
    return { directories: ["build"], files: [] };
  }
}

/**
 * Labels a request target: `static` under public/'s directories or for its files, `manifest` for
 * `/__manifest`, else the deepest matching route's id (a data request `/x.data` counts as its page
 * `/x`), or `not-found`. Route matches are remembered per path (web/route-match.ts), so labelling
 * a page served again costs a map lookup.
 */
export function createRouteLabeller(routes: ServerBuild["routes"], publicDir: string): RouteLabeller {
  const match = createRouteMatcher(routes);
  const { directories, files } = publicEntries(publicDir);
  const staticPrefixes = directories.map((name) => `/${name}/`);
  const staticFiles = new Set(files.map((name) => `/${name}`));
  return (url) => {
    const target = url ?? "/";
    const queryAt = target.indexOf("?");
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    if (staticFiles.has(path) || staticPrefixes.some((prefix) => path.startsWith(prefix))) return "static";
    if (path === "/__manifest") return "manifest";
    const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
    return match(page)?.id ?? "not-found";
  };
}
