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

/** The team list and team pages (spec sections 2 and 8). */
export const teamListHeading = (league: string) => `${league} Teams`;
export const TEAM_NOT_FOUND_TITLE = "Team Not Found";
export const TEAM_NOT_FOUND_TEXT = "The team you're looking for doesn't exist or may have been moved.";
export const GO_BACK_HOME_TEXT = "Go Back Home";
export const TEAM_LOADING_TEXT = "Loading team information...";
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

/** Player and squad pages (spec 2 "Player page", spec 8). */
export const PLAYER_NOT_FOUND_TITLE = "Player Not Found";
export const PLAYER_NOT_FOUND_TEXT = "The requested player could not be found.";
export const SEASON_STATS_HEADING = "Season Stats Summary";
export const RECENT_FORM_HEADING = "Recent Form (Last 5 Matches)";
export const NO_RECENT_MATCHES_TITLE = "No Recent Matches Found";
/** The spec names the 2025/26 season; the page names the season the clock is in. */
export const noRecentMatchesText = (seasonLabel: string) =>
  `Match data will appear here once the ${seasonLabel} season matches are available in the system.`;
export const squadHeading = (team: string) => `${team} Players`;

/** The home page's sections after Top League Picks (spec 2, "Home page"), in the spec's order. */
export const HOME_SECTIONS = {
  matchOfTheWeek: "Match of the Week",
  howItWorks: "How First Kick Picks Works",
  coverage: "World League Coverage",
  parlay: "Parlay Builder",
  algoLab: "Inside the Algo Lab",
} as const;
export const HOW_IT_WORKS_STEPS = [
  {
    title: "We Analyze",
    text: "Every week our Dixon-Coles model reads years of results and shots on target for each club, weighs recent matches more, and blends that with the betting market's prices. Out comes a probability for every scoreline, and from it the 1X2, over/under 2.5 and both-teams-to-score chances of each match.",
  },
  {
    title: "We Rank",
    text: "Each match gets a best pick: the call our calibrated probabilities are surest about, shown with its confidence. The matches are then ranked by that confidence, so the strongest calls of the week sit at the top of every league page.",
  },
  {
    title: "You Win",
    text: "You win time: five leagues' worth of research in a few minutes. Read the reasoning, compare it with your own view and make the call yourself. Picks can and do miss, so our public record shows every hit and every miss.",
  },
] as const;
export const VIEW_RESULTS_TEXT = "View Latest Results & Hit Rates";
export const FULL_ANALYSIS_TEXT = "View Full Match Analysis";
export const LEAGUE_REDIRECT_TEXT = "Redirecting to Premier League Predictions...";

/** The internal test page's failures (spec section 8, "Test pages"). */
export const FIND_FIXTURE_FAILED_TEXT = "Failed to find fixture";
export const LIVE_DATA_FAILED_TEXT = "Failed to get live data";
export const CREATE_MATCH_FAILED_TEXT = "Failed to create match";
