/** The team page's blocks and the team resolver; the route files answer with the team read model's shapes. */
import { z } from "zod";
import { API_ERRORS, API_TAGS, endpoint, noQuery, PAGE_DATA, UNSUPPORTED_LEAGUE_400 } from "../common/endpoint.server";
import { idParam, leagueParam } from "../params";
import {
  resolvedTeamAnswerSchema,
  teamInfoAnswerSchema,
  teamNextMatchSchema,
  teamRecentMatchesSchema,
  teamSquadStatsSchema,
  teamStandingAnswerSchema,
  teamStatisticsAnswerSchema,
} from "./teams.schema";

const teamParams = z.object({ teamId: idParam("teamId", "The club's API-Football id (also our team id).") });
const teamQuery = z.object({ league: leagueParam.optional() });
const TEAM_LEAGUE = "?league= names the league (by default the one the club plays in this season).";
const TEAM_ERRORS = {
  400: `A teamId that is not a whole number from 1 to 2147483647; ${UNSUPPORTED_LEAGUE_400}`,
  404: `'${API_ERRORS.teamNotFound}' for an id that is not a club of the five leagues.`,
} as const;
const TEAM_SLUG_MESSAGE = "teamSlug must be 1 to 100 characters";
const teamSlugParam = z
  .string({ error: TEAM_SLUG_MESSAGE })
  .min(1, { error: TEAM_SLUG_MESSAGE })
  .max(100, { error: TEAM_SLUG_MESSAGE })
  .meta({
    description: "A team id, slug, 3-letter code or name, as a team URL carries it.",
    example: "manchester-united",
  });
const RESOLVE_DESCRIPTION =
  "The team a URL segment names: all digits is the team id; otherwise the exact slug, a 3-letter club code, then the name lookup (exact name, slug, fuzzy match; München = Munich; nicknames), preferring the given league. The answer's league is where the club plays this season. Not retried by the site.";
/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  teamInfo: endpoint({
    operationId: "getTeamInfo",
    path: "/api/teams/{teamId}/info",
    file: "api.teams.$teamId.info.ts",
    tag: API_TAGS.teams,
    summary: "A club and its league",
    description: `The team page header: the club's name, code, venue, badge and page, and the league's name. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamInfoAnswerSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamStatistics: endpoint({
    operationId: "getTeamStatistics",
    path: "/api/teams/{teamId}/statistics",
    file: "api.teams.$teamId.statistics.ts",
    tag: API_TAGS.teams,
    summary: "A club's season figures",
    description: `'Team Stats Overview': average goals scored and conceded, clean sheets, over 2.5 and BTTS percentages, home and away win rates; null before the club's first completed match. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamStatisticsAnswerSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamStanding: endpoint({
    operationId: "getTeamStanding",
    path: "/api/teams/{teamId}/standing",
    file: "api.teams.$teamId.standing.ts",
    tag: API_TAGS.teams,
    summary: "A club's place in the table",
    description: `Rank, points, record and form from the league's latest table; null when the table has no row for the club. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamStandingAnswerSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamRecentMatches: endpoint({
    operationId: "getTeamRecentMatches",
    path: "/api/teams/{teamId}/recent-matches",
    file: "api.teams.$teamId.recent-matches.ts",
    tag: API_TAGS.teams,
    summary: "A club's last five results",
    description: `'Recent Results (Last 5 Matches)': the club's last five finished league matches up to now, most recent first. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamRecentMatchesSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamNextMatch: endpoint({
    operationId: "getTeamNextMatch",
    path: "/api/teams/{teamId}/next-match",
    file: "api.teams.$teamId.next-match.ts",
    tag: API_TAGS.teams,
    summary: "A club's next match and its pick",
    description: `The club's match in play, else its next scheduled league match, with its best pick as the match page shows it ('Coming Soon' before there is one); null when none is known. The home page's 'My Teams' strip reads it for each of the reader's clubs. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamNextMatchSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamPlayers: endpoint({
    operationId: "getTeamPlayers",
    path: "/api/teams/{teamId}/players",
    file: "api.teams.$teamId.players.ts",
    tag: API_TAGS.teams,
    summary: "A club's players this season",
    description: `'Key Player Stats' and 'Goalkeeper Stats': every player's season for the club, key players first. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamSquadStatsSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamResolveInLeague: endpoint({
    operationId: "resolveTeamInLeague",
    path: "/api/teams/resolve/{league}/{teamSlug}",
    file: "api.teams.resolve.$league.$teamSlug.ts",
    tag: API_TAGS.teams,
    summary: "Resolve a team segment within a league",
    description: RESOLVE_DESCRIPTION,
    params: z.object({ league: leagueParam, teamSlug: teamSlugParam }),
    query: noQuery,
    response: resolvedTeamAnswerSchema,
    errors: { 400: `${UNSUPPORTED_LEAGUE_400} A teamSlug over 100 characters.`, 404: `'${API_ERRORS.teamNotFound}'.` },
    cache: PAGE_DATA,
  }),
  teamResolve: endpoint({
    operationId: "resolveTeam",
    path: "/api/teams/resolve/{teamSlug}",
    file: "api.teams.resolve.$teamSlug.ts",
    tag: API_TAGS.teams,
    summary: "Resolve a team segment",
    description: RESOLVE_DESCRIPTION,
    params: z.object({ teamSlug: teamSlugParam }),
    query: noQuery,
    response: resolvedTeamAnswerSchema,
    errors: { 400: "A teamSlug over 100 characters.", 404: `'${API_ERRORS.teamNotFound}'.` },
    cache: PAGE_DATA,
  }),
} as const;
