/**
 * The site's not-found pages: its own, and the spec's for a match, a team and a player (sections
 * 2 and 8). A loader throws `notFound(kind)` (not-found.server.ts), whose body is the page's
 * title; the one error boundary (components/GeneralErrorBoundary.tsx) and the page title
 * (route-meta.ts) show the view of that title among the views the route names, else the site's
 * own. The match, team and player views live with their pages' texts (page-texts/), so each
 * travels with its route's code and no page's first load carries another page's texts.
 */
import { isRouteErrorResponse } from "@remix-run/react";
import { NOT_FOUND_TITLE } from "@shared/domain/site";
import { PAGE_NOT_FOUND_TEXT } from "./page-texts/shared";

export interface NotFoundView {
  title: string;
  text: string;
}

export const PAGE_NOT_FOUND: NotFoundView = { title: NOT_FOUND_TITLE, text: PAGE_NOT_FOUND_TEXT };

/** The view of a caught 404: the route's view its body names, else the site's own; null for any other error. */
export function notFoundViewOf(error: unknown, views: readonly NotFoundView[] = []): NotFoundView | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  return views.find((view) => view.title === error.data) ?? PAGE_NOT_FOUND;
}
