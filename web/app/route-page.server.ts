import { redirect } from "@remix-run/node";
import { parseRoute, routePage, type RoutePage } from "@shared/domain/routes";
import { notFound } from "./not-found.server";

/**
 * The route-table page a request's path names, for dynamic route files that share a path shape
 * with other pages: an alias answers with a 301 to its canonical path (like the splat route),
 * and a path naming another page, or none, is a 404. Only the canonical path gets the page.
 */
export function requireRoutePage<Page extends RoutePage["page"]>(
  request: Request,
  page: Page,
): Extract<RoutePage, { page: Page }> {
  const url = new URL(request.url);
  const match = parseRoute(url.pathname);
  if ("redirectTo" in match && match.redirectTo) throw redirect(`${match.redirectTo}${url.search}`, 301);
  if (match.page !== page) throw notFound();
  return match as Extract<RoutePage, { page: Page }>;
}

/**
 * Whether a request's path is a matchweek page (`/{league}-predictions/matchweek-{n}`), which
 * shares its route file with the match page. Here, on the server, so that the route table stays
 * out of the match page's first-load JavaScript.
 */
export function isMatchweekPath(request: Request): boolean {
  return routePage(new URL(request.url).pathname)?.page === "matchweek";
}

/**
 * Every path no route file claims: an alias of the route table answers with a 301 to its
 * canonical location; anything else is the spec's not-found page with a real 404 status.
 */
export function unclaimedPath(request: Request): never {
  const url = new URL(request.url);
  const match = parseRoute(url.pathname);
  if ("redirectTo" in match && match.redirectTo) throw redirect(`${match.redirectTo}${url.search}`, 301);
  throw notFound();
}
