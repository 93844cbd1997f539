/** The spec's texts of match cards and the match hero, shown on every page that lists matches. */

export const matchBreadcrumb = (home: string, away: string) => `${home} vs ${away} Prediction`;
export const FINAL_SCORE_TEXT = "Final Score";
export const LIVE_BADGE_TEXT = "LIVE";
export const VS_TEXT = "VS";
