/** The spec's texts of the league and picks pages (sections 2, 4 and 8), quoted exactly. */

export const leagueHeading = (league: string) => `${league} Predictions & Betting Tips`;
export const leagueLoadingText = (league: string) => `Loading ${league} fixtures...`;
export const NO_FIXTURES_TEXT = "No fixtures available for this week.";
export const NO_TABLE_DATA_TEXT = "No table data available yet";
export const NO_PLAYER_DATA_TEXT = "No player data available yet";
export const TOP_PLAYERS_HEADING = "Top Players Leaderboard";
export const PICKS_TITLE = "Picks & Parlays";
export const LEAGUE_REDIRECT_TEXT = "Redirecting to Premier League Predictions...";
