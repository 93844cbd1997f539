/**
 * The list of the JSON API's endpoints (spec section 7), gathered from the resource modules
 * (resources/*.server.ts), and the other routes under /api. The resource routes serve from the
 * resources' definitions (endpointLoader) and the OpenAPI description at /api is generated from
 * this list, in this order, so the two cannot drift; a test checks that every api.* route file
 * is listed here.
 */
import { API_TAGS, type Tag } from "./common/endpoint.server";
import { ENDPOINTS as EDITOR } from "./resources/editor.server";
import { ENDPOINTS as LEADERBOARDS } from "./resources/leaderboards.server";
import { ENDPOINTS as LIVE } from "./resources/live.server";
import { ENDPOINTS as MATCH_BLOCKS } from "./resources/match-blocks.server";
import { ENDPOINTS as MATCHES } from "./resources/matches.server";
import { ENDPOINTS as ODDS_CHECK } from "./resources/odds-check.server";
import { ENDPOINTS as PICKS } from "./resources/picks.server";
import { ENDPOINTS as PLAYERS } from "./resources/players.server";
import { ENDPOINTS as SEARCH } from "./resources/search.server";
import { ENDPOINTS as SEASON_OUTLOOK } from "./resources/season-outlook.server";
import { ENDPOINTS as STANDINGS } from "./resources/standings.server";
import { ENDPOINTS as TEAMS } from "./resources/teams.server";
import { ENDPOINTS as TRACK_RECORD } from "./resources/track-record.server";

/** Every JSON endpoint, in the order the description lists them. */
export const ENDPOINTS = {
  matchById: MATCHES.matchById,
  editorFixtures: EDITOR.editorFixtures,
  editorFixture: EDITOR.editorFixture,
  matchBySlug: MATCHES.matchBySlug,
  matches: MATCHES.matches,
  leagueMatches: MATCHES.leagueMatches,
  live: LIVE.live,
  standings: STANDINGS.standings,
  lineups: MATCH_BLOCKS.lineups,
  playerStats: MATCH_BLOCKS.playerStats,
  teamForm: MATCH_BLOCKS.teamForm,
  matchOfTheWeek: PICKS.matchOfTheWeek,
  topLeaguePicks: PICKS.topLeaguePicks,
  topPicks: PICKS.topPicks,
  topScorers: LEADERBOARDS.topScorers,
  topAssists: LEADERBOARDS.topAssists,
  topRated: LEADERBOARDS.topRated,
  teamInfo: TEAMS.teamInfo,
  teamStatistics: TEAMS.teamStatistics,
  teamStanding: TEAMS.teamStanding,
  teamRecentMatches: TEAMS.teamRecentMatches,
  teamNextMatch: TEAMS.teamNextMatch,
  teamPlayers: TEAMS.teamPlayers,
  teamResolveInLeague: TEAMS.teamResolveInLeague,
  teamResolve: TEAMS.teamResolve,
  playerStatistics: PLAYERS.playerStatistics,
  playerRecentForm: PLAYERS.playerRecentForm,
  algoPerformanceOverall: TRACK_RECORD.algoPerformanceOverall,
  algoPerformanceLeague: TRACK_RECORD.algoPerformanceLeague,
  algoRecentMatches: TRACK_RECORD.algoRecentMatches,
  algoPerformanceOddsCheck: ODDS_CHECK.algoPerformanceOddsCheck,
  seasonOutlook: SEASON_OUTLOOK.seasonOutlook,
  search: SEARCH.search,
} as const;

/** Routes under /api that are not JSON read endpoints, described by hand. */
export interface OtherRoute {
  method: "GET" | "POST";
  path: string;
  file: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Status → meaning. */
  responses: Record<number, string>;
  /**
   * Kept out of the served description: the catch-all, and the internal endpoints, which answer
   * like an unknown path unless INTERNAL_PAGES_TOKEN is presented, so they are not advertised.
   */
  unlisted?: "fallback" | "internal";
}

export const OTHER_ROUTES: readonly OtherRoute[] = [
  {
    method: "GET",
    path: "/api",
    file: "api._index.ts",
    tag: API_TAGS.description,
    summary: "This description",
    description: "The OpenAPI 3.1 description of the API as JSON; a browser asking for text/html gets it as a page.",
    responses: {
      200: "The OpenAPI document (application/json), or its HTML view.",
      400: "format is neither json nor html.",
    },
  },
  {
    method: "POST",
    path: "/api/content/match-updates",
    file: "api.content.match-updates.ts",
    tag: API_TAGS.site,
    summary: "Content automation: update a match preview",
    description:
      'Takes an update payload (match_id, final_prediction, confidence_score 0-100, ...) with Authorization: Bearer <CONTENT_AUTOMATION_TOKEN> and saves it as a draft match preview (or publishes it with "publish": true). See the README.',
    responses: {
      200: "The preview was updated.",
      201: "A new preview was created.",
      400: "Invalid payload: every invalid field is listed; nothing was written.",
      401: "Missing or wrong token.",
      404: "Content automation is not configured.",
      409: "The document changed during the write.",
      503: "The content source cannot be written.",
    },
  },
  {
    method: "POST",
    path: "/api/content/webhook",
    file: "api.content.webhook.ts",
    tag: API_TAGS.site,
    summary: "Sanity webhook",
    description:
      "Called by Sanity on a content change, signed with SANITY_WEBHOOK_SECRET; purges the cached reads the change affects. A signature more than 5 minutes from the server's clock is refused, and each delivery is accepted once.",
    responses: {
      200: "Purged.",
      400: "Not a content change.",
      401: "Bad or stale signature.",
      404: "The webhook is not configured.",
      409: "Delivery already received: nothing was changed.",
      413: "The body is too large.",
      503: "The delivery could not be recorded; nothing was changed.",
    },
  },
  {
    method: "GET",
    path: "/api/preview-mode/enable",
    file: "api.preview-mode.enable.ts",
    tag: API_TAGS.site,
    summary: "Open draft preview",
    description:
      "With sanity-preview-secret (and sanity-preview-pathname) sets the signed preview cookie and redirects; in preview every answer, this API's included, reads drafts and is sent with Cache-Control: no-store.",
    responses: { 307: "Preview opened.", 401: "Invalid preview secret.", 404: "Preview is not configured." },
  },
  {
    method: "POST",
    path: "/api/preview-mode/disable",
    file: "api.preview-mode.disable.ts",
    tag: API_TAGS.site,
    summary: "Close draft preview",
    description:
      "The preview banner's Exit preview button: clears the preview cookie and redirects to ?redirect= (a path of this site) or /. Only a POST from this site's own pages (its Origin); a GET answers 405.",
    responses: { 303: "Preview closed.", 403: "Another site's page sent it.", 405: "Not a POST." },
  },
  {
    method: "GET",
    path: "/api/{path}",
    file: "api.$.ts",
    tag: API_TAGS.description,
    summary: "Any other path under /api",
    description: 'A JSON 404: { "error": "Not Found" }.',
    responses: { 404: "No such endpoint." },
    unlisted: "fallback",
  },
  {
    method: "GET",
    path: "/api/find-united-brighton",
    file: "api.find-united-brighton.ts",
    tag: API_TAGS.internal,
    summary: "Internal test page: find a fixture",
    description: "Called by /test-api with INTERNAL_PAGES_TOKEN.",
    responses: { 200: "The fixture.", 404: "Closed, or no such fixture." },
    unlisted: "internal",
  },
  {
    method: "GET",
    path: "/api/live-match",
    file: "api.live-match.ts",
    tag: API_TAGS.internal,
    summary: "Internal test page: live data",
    description: "Called by /test-api with INTERNAL_PAGES_TOKEN.",
    responses: { 200: "The live data.", 404: "Closed." },
    unlisted: "internal",
  },
  {
    method: "POST",
    path: "/api/matches/from-api/{fixtureId}",
    file: "api.matches.from-api.($fixtureId).ts",
    tag: API_TAGS.internal,
    summary: "Internal test page: create a match",
    description: "Called by /test-api with INTERNAL_PAGES_TOKEN; the fixture id is optional.",
    responses: {
      200: "The match existed.",
      201: "The match was created.",
      400: "Bad fixture id.",
      404: "Closed, or no such fixture.",
    },
    unlisted: "internal",
  },
];
