/** The header's link to the day page of today (match-day.ts): kept apart so the browser loads only these two strings. */
export const TODAY_PATH = "/today";
export const TODAY_NAV_LABEL = "Today";
