/**
 * Every not-found page of the site in one table: the site's own, and the spec's for a match, a
 * team and a player (sections 2 and 8). A loader throws `notFound(kind)`; the one error boundary
 * (components/GeneralErrorBoundary.tsx) and the page title (route-meta.ts) read the kind back.
 * The response's body is the page's title, so a plain-text reader sees it too.
 */
import { isRouteErrorResponse } from "@remix-run/react";
import { NOT_FOUND_TITLE } from "../../shared/domain/site";
import { MATCH_NOT_FOUND_TEXT, MATCH_NOT_FOUND_TITLE } from "./page-texts/match";
import { PLAYER_NOT_FOUND_TEXT, PLAYER_NOT_FOUND_TITLE } from "./page-texts/player";
import { PAGE_NOT_FOUND_TEXT } from "./page-texts/shared";
import { TEAM_NOT_FOUND_TEXT, TEAM_NOT_FOUND_TITLE } from "./page-texts/team";

export const NOT_FOUND_VIEWS = {
  page: { title: NOT_FOUND_TITLE, text: PAGE_NOT_FOUND_TEXT },
  match: { title: MATCH_NOT_FOUND_TITLE, text: MATCH_NOT_FOUND_TEXT },
  team: { title: TEAM_NOT_FOUND_TITLE, text: TEAM_NOT_FOUND_TEXT },
  player: { title: PLAYER_NOT_FOUND_TITLE, text: PLAYER_NOT_FOUND_TEXT },
} as const;

export type NotFoundKind = keyof typeof NOT_FOUND_VIEWS;
export type NotFoundView = (typeof NOT_FOUND_VIEWS)[NotFoundKind];

/** The 404 a loader throws for something that does not exist. */
export function notFound(kind: NotFoundKind = "page"): Response {
  return new Response(NOT_FOUND_VIEWS[kind].title, { status: 404, statusText: "Not Found" });
}

const KIND_BY_TITLE = new Map<string, NotFoundKind>(
  (Object.keys(NOT_FOUND_VIEWS) as NotFoundKind[]).map((kind) => [NOT_FOUND_VIEWS[kind].title, kind]),
);

/** The view of a caught 404 (the site's own for any other body); null for any other error. */
export function notFoundViewOf(error: unknown): NotFoundView | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const kind = typeof error.data === "string" ? KIND_BY_TITLE.get(error.data) : undefined;
  return NOT_FOUND_VIEWS[kind ?? "page"];
}
