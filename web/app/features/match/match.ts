/** The spec's texts of the match page (sections 2, 4 and 8), quoted exactly. */

import type { NotFoundView } from "~/not-found";

export const backToLeagueText = (league: string) => `Back to ${league} Predictions`;
export const MATCH_NOT_FOUND_TITLE = "Match Not Found";
export const MATCH_NOT_FOUND_TEXT = "The requested match could not be found.";
/** The not-found page of this page type (not-found.ts). */
export const MATCH_NOT_FOUND: NotFoundView = { title: MATCH_NOT_FOUND_TITLE, text: MATCH_NOT_FOUND_TEXT };

export const MATCH_SECTIONS = {
  summary: "Match Summary",
  insights: "Key Insights, Stats & Trends",
  table: "League Table Snapshot",
  lineups: "Recent Lineups",
  players: "Key Player Stats",
  form: "Team Form & Momentum",
  managers: "Manager's Notes",
  final: "Final Predictions & Best Pick",
} as const;
export const SEE_FULL_TABLE_TEXT = "See Full League Table";
/** Sub-headings of 'Key Insights, Stats & Trends' for the editors' tactical analysis and the meetings. */
export const TACTICAL_ANALYSIS_HEADING = "Tactical Analysis";
export const HEAD_TO_HEAD_HEADING = "Head-to-head";
export const NO_MEETINGS_TEXT = "No previous meetings in our data.";

export const SUMMARY_MISSING_TEXT = "Match preview will be available soon. Check back as the data comes in.";
export const LINEUPS_MISSING_TEXT = "Recent lineups coming soon with match analysis.";
export const FORMATION_COMING_SOON_TEXT = "(Formation Coming Soon)";
export const HEAD_COACH_COMING_SOON_TEXT = "Head Coach: Coming Soon";
export const LINEUP_LATER_TEXT = "Lineup data will be available closer to match time";
export const HIGH_RATING_TEXT = "High Rating";
export const TEAM_FORM_EMPTY_TEXT = "No team form data available.";
export const NO_LIVE_EVENTS_TEXT = "No live events yet";
/** A finished match with no goals and no events from its source. */
export const NO_GOALS_TEXT = "No goals. No other match events were recorded.";
/** Under goals read from the score as it changed (score-change-goals.ts), for a source without an event feed. */
export const NO_EVENT_FEED_TEXT =
  "This match's data source has no event feed: goals are listed from the score as it changed, at the minute the new score was first seen (~ approximate), without scorers or cards.";
