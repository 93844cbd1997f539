/**
 * The browser's share of page metadata. Each page's head tags (title, description, canonical
 * link, social cards, JSON-LD) are built on the server, in its loader (page-meta.server.ts with
 * seo.ts), and sent as `meta` in the loader data. Remix calls a route's `meta` export in the
 * browser too, on client-side navigations, so the export only hands those tags back:
 *
 *   export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);
 *
 * A page whose loader failed has no data; it is titled like the error view it shows and kept out
 * of search engines (`errorPageMeta`: a 404 takes the title of the route's not-found view it names, not-found.ts).
 */
import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { SITE_NAME } from "@shared/domain/site";
import { notFoundViewOf, type NotFoundView } from "./not-found";

export const ROBOTS_INDEX = "index, follow";
export const ROBOTS_NOINDEX = "noindex";

/** "Arsenal Team Stats | First Kick Picks"; a title naming the site already is kept as it is. */
export function documentTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** Whitespace runs, line breaks included, as single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A page search engines should not keep: not found, internal pages, previews, redirect screens. */
export function noindexMeta({ title, description }: { title: string; description?: string }): MetaDescriptor[] {
  return [
    { title: documentTitle(title) },
    ...(description ? [{ name: "description", content: oneLine(description) }] : []),
    { name: "robots", content: ROBOTS_NOINDEX },
  ];
}

/** The heading of the error view GeneralErrorBoundary shows: a 404 has the page's own not-found title. */
/** The error view of a page that cannot be shown because the database is out of reach (503). */
export const OUTAGE_TITLE = "Back in a Moment";
export const OUTAGE_TEXT = "We can't reach our match data right now. Please try again in a minute.";

export function errorTitle(error: unknown, notFoundViews: readonly NotFoundView[] = []): string {
  const notFound = notFoundViewOf(error, notFoundViews);
  if (notFound) return notFound.title;
  if (isRouteErrorResponse(error) && error.status === 503) return OUTAGE_TITLE;
  if (isRouteErrorResponse(error) && error.status < 500)
    return error.status === 400 ? "Bad Request" : `Error ${error.status}`;
  return "Something went wrong";
}

/** A page whose loader failed: titled like its error view, and kept out of search engines. */
export function errorPageMeta(error: unknown, notFoundViews: readonly NotFoundView[] = []): MetaDescriptor[] {
  return noindexMeta({ title: errorTitle(error, notFoundViews) });
}
