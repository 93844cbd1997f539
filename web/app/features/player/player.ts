/** The spec's texts of the player and squad pages (spec 2 "Player page", spec 8), quoted exactly. */

import type { NotFoundView } from "~/not-found";

export const PLAYER_NOT_FOUND_TITLE = "Player Not Found";
export const PLAYER_NOT_FOUND_TEXT = "The requested player could not be found.";
/** The not-found page of this page type (not-found.ts). */
export const PLAYER_NOT_FOUND: NotFoundView = { title: PLAYER_NOT_FOUND_TITLE, text: PLAYER_NOT_FOUND_TEXT };
export const SEASON_STATS_HEADING = "Season Stats Summary";
export const RECENT_FORM_HEADING = "Recent Form (Last 5 Matches)";
export const NO_RECENT_MATCHES_TITLE = "No Recent Matches Found";
/** The spec names the 2025/26 season; the page names the season the clock is in. */
export const noRecentMatchesText = (seasonLabel: string) =>
  `Match data will appear here once the ${seasonLabel} season matches are available in the system.`;
export const squadHeading = (team: string) => `${team} Players`;
