/**
 * A club badge's URL, apart from urls.ts so that the team lists and pages reach the browser
 * without the leagues' table (shared/domain/leagues.ts).
 */
import { BADGE_DESIGN_VERSION } from "./badge";

/** A club's generated badge (SVG); the design version makes the URL safe to cache for good. */
export function teamBadgeUrl(teamId: number): string {
  return `/badges/${teamId}.svg?v=${BADGE_DESIGN_VERSION}`;
}
