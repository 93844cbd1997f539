/**
 * The three states of a match the site shows: before kick-off, in play, and finished, and how
 * often a page showing a live match reloads it. Kept in a module of its own so that code which
 * only needs the states (reading the stored parlay on every page) does not bring in the pick
 * rules of picks.ts.
 */
export const MATCH_STATES = ["pre-match", "live", "post-match"] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** Spec 9: "live refresh 15 s". */
export const LIVE_REFRESH_MS = 15_000;
