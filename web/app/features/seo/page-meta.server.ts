/**
 * Each public page type's head tags are built in its loader from the page's data and the site
 * facts (seo.server.ts `siteSeo`) and sent as `meta` in the loader data; each feature keeps its
 * pages' builder beside them (`home/home-meta.server.ts`, `match/match-meta.server.ts`, ...). The
 * routes' `meta` exports only return them (route-meta.ts), so the titles, descriptions and JSON-LD
 * builders stay on the server, although Remix also calls `meta` in the browser on client-side
 * navigations.
 */
import { data, type MetaDescriptor } from "@remix-run/node";

/** What a page loader answers with: its data, and the status and headers to send. */
type PageResponse<T> = ReturnType<typeof data<T>>;

/** A page loader's answer with the page's head tags added to its data; status and headers kept. */
export function withPageMeta<T extends object>(
  page: PageResponse<T>,
  meta: MetaDescriptor[],
): PageResponse<T & { meta: MetaDescriptor[] }> {
  return data({ ...page.data, meta }, page.init ?? undefined);
}

/** The two clubs of a match, as the page descriptions name them. */
export type MetaTeams = { home: { name: string }; away: { name: string } };
