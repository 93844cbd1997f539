/** The endpoints the internal test page calls; the pages' own paths are in shared/domain/urls.ts. */
export const FIND_UNITED_BRIGHTON_API = "/api/find-united-brighton";
export const LIVE_MATCH_API = "/api/live-match";
export const CREATE_MATCH_API = "/api/matches/from-api";
