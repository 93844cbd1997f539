/**
 * What the loading views of client-side navigations need (club-route-page.ts loads it on
 * demand): the route table that tells a team or player page from the rest, and the views shown
 * while such a page's data is on its way.
 */
export { clubRoutePage } from "@shared/domain/route-pages";
export { PlayerPageSkeleton } from "~/features/player/components/PlayerSkeletonView";
export { TeamLoadingPill } from "~/features/team/components/TeamLoadingPill";
