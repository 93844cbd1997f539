/** The internal test page's failures (spec section 8, "Test pages"). */

export const FIND_FIXTURE_FAILED_TEXT = "Failed to find fixture";
export const LIVE_DATA_FAILED_TEXT = "Failed to get live data";
export const CREATE_MATCH_FAILED_TEXT = "Failed to create match";
