/** The spec's texts of the team list and team pages (sections 2 and 8), quoted exactly. */

import type { NotFoundView } from "~/not-found";

export const teamListHeading = (league: string) => `${league} Teams`;
export const TEAM_NOT_FOUND_TITLE = "Team Not Found";
export const TEAM_NOT_FOUND_TEXT = "The team you're looking for doesn't exist or may have been moved.";
/** The not-found page of this page type (not-found.ts). */
export const TEAM_NOT_FOUND: NotFoundView = { title: TEAM_NOT_FOUND_TITLE, text: TEAM_NOT_FOUND_TEXT };
export const TEAM_FORM_NO_DATA_TEXT = "No data";
export const NEXT_MATCH_BUTTON_TEXT = "View Full Match Analysis →";
export const TEAM_SECTIONS = {
  nextMatch: "Next Match",
  overview: "Team Overview",
  stats: "Team Stats Overview",
  recent: "Recent Results",
  players: "Key Player Stats",
  goalkeepers: "Goalkeeper Stats",
} as const;
