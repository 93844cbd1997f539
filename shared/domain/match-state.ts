/**
 * The three states of a match the site shows: before kick-off, in play, and finished. Kept in
 * a module of its own so that code which only needs the states (reading the stored parlay on
 * every page) does not bring in the pick rules of picks.ts.
 */
export const MATCH_STATES = ["pre-match", "live", "post-match"] as const;
export type MatchState = (typeof MATCH_STATES)[number];
