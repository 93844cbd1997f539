/**
 * Which Remix route answers a path, and with which parameters, from the server build's route
 * table: for labels (metrics and logs name the route, never the raw URL) and for the surrogate
 * keys of an answer (the league, match or club it shows). Remix's own matcher ranks the routes;
 * the result is remembered per path, so a page served again costs a map lookup.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

export interface RouteMatch {
  /** The deepest matching route's id, such as `routes/$leaguePage_.$matchup`. */
  id: string;
  params: Readonly<Record<string, string | undefined>>;
}

export type RouteMatcher = (pathname: string) => RouteMatch | null;

/** Paths remembered at most (a crawler's unknown URLs must not grow the map without bound). */
const REMEMBERED_PATHS = 5_000;

type RouteTree = AgnosticRouteObject & { id: string; children?: RouteTree[] };

function routeTree(routes: ServerBuild["routes"]): RouteTree[] {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteTree[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = build(route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
    });
  return build(undefined);
}

export function createRouteMatcher(routes: ServerBuild["routes"]): RouteMatcher {
  const tree = routeTree(routes);
  const remembered = new Map<string, RouteMatch | null>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    let match: RouteMatch | null = null;
    try {
      // Remix answers a path it cannot decode with a 400; it names no route.
      decodeURI(pathname);
      const matches = matchRoutes(tree, pathname);
      const deepest = matches?.[matches.length - 1];
      if (deepest) match = { id: deepest.route.id, params: deepest.params };
    } catch {
      // A path Remix cannot decode (a stray %) matches nothing.
    }
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, match);
    return match;
  };
}
