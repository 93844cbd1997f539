/** The spec's placeholder texts that more than one page type shows, quoted exactly. */

/** The way back from every error and not-found page. */
export const GO_BACK_HOME_TEXT = "Go Back Home";
/** The site's own not-found text (the match, team and player pages have the spec's own). */
export const PAGE_NOT_FOUND_TEXT = "We couldn't find that page. It may have moved, or the link may be mistyped.";

/** Player statistics: the match page's key players, the team, squad and player pages. */
export const PLAYER_STATS_MISSING_TEXT = "Player statistics coming soon with detailed analysis.";
export const PLAYER_DATA_COMING_SOON_TEXT = "Data coming soon";
/** A standing: the match page's table snapshot and the team page. */
export const STANDINGS_MISSING_TEXT = "League table data coming soon";
/** Settled matches: the Algo Results page and the team page. */
export const NO_COMPLETED_MATCHES_TEXT = "No completed matches in current season yet";
