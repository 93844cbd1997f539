/** The spec's texts of the league and match pages (sections 2, 4 and 8), quoted exactly. */

export const leagueHeading = (league: string) => `${league} Predictions & Betting Tips`;
export const leagueLoadingText = (league: string) => `Loading ${league} fixtures...`;
export const NO_FIXTURES_TEXT = "No fixtures available for this week.";
export const NO_TABLE_DATA_TEXT = "No table data available yet";
export const NO_PLAYER_DATA_TEXT = "No player data available yet";
export const TOP_PLAYERS_HEADING = "Top Players Leaderboard";

export const matchBreadcrumb = (home: string, away: string) => `${home} vs ${away} Prediction`;
export const backToLeagueText = (league: string) => `Back to ${league} Predictions`;
export const MATCH_NOT_FOUND_TITLE = "Match Not Found";
export const MATCH_NOT_FOUND_TEXT = "The requested match could not be found.";

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

export const SUMMARY_MISSING_TEXT = "Match preview will be available soon. Check back as the data comes in.";
export const LINEUPS_MISSING_TEXT = "Recent lineups coming soon with match analysis.";
export const FORMATION_COMING_SOON_TEXT = "(Formation Coming Soon)";
export const HEAD_COACH_COMING_SOON_TEXT = "Head Coach: Coming Soon";
export const LINEUP_LATER_TEXT = "Lineup data will be available closer to match time";
export const PLAYER_STATS_MISSING_TEXT = "Player statistics coming soon with detailed analysis.";
export const PLAYER_DATA_COMING_SOON_TEXT = "Data coming soon";
export const HIGH_RATING_TEXT = "High Rating";
export const STANDINGS_MISSING_TEXT = "League table data coming soon";
export const TEAM_FORM_EMPTY_TEXT = "No team form data available.";
export const NO_LIVE_EVENTS_TEXT = "No live events yet";
export const FINAL_SCORE_TEXT = "Final Score";
export const LIVE_BADGE_TEXT = "LIVE";
export const VS_TEXT = "VS";

export const ALGO_RESULTS_TITLE = "Algo Results: Hit Rates & Track Record";
export const PERFORMANCE_UNAVAILABLE_TEXT = "Unable to load performance data";
export const NO_COMPLETED_MATCHES_TEXT = "No completed matches in current season yet";
export const PICKS_TITLE = "Picks & Parlays";
