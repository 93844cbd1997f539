import { PAGE_NOT_FOUND, type NotFoundView } from "./not-found";
import { MATCH_NOT_FOUND } from "./features/match/match";
import { PLAYER_NOT_FOUND } from "./features/player/player";
import { TEAM_NOT_FOUND } from "./features/team/team";

const VIEWS = {
  page: PAGE_NOT_FOUND,
  match: MATCH_NOT_FOUND,
  team: TEAM_NOT_FOUND,
  player: PLAYER_NOT_FOUND,
} satisfies Record<string, NotFoundView>;

export type NotFoundKind = keyof typeof VIEWS;

/** The 404 a loader throws for something that does not exist; its body is the not-found page's title. */
export function notFound(kind: NotFoundKind = "page"): Response {
  return new Response(VIEWS[kind].title, { status: 404, statusText: "Not Found" });
}
