/** A league's player leaderboards: top scorers, top assists and best rated, and their presenter. */
import type { LeaderboardPlayer } from "../../features/player/leaderboard.server";
import {
  API_TAGS,
  endpoint,
  LEADERBOARD,
  leagueParams,
  noQuery,
  type Shape,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import { leaderboardPlayerSchema, leaderboardSchema } from "./leaderboards.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  topScorers: endpoint({
    operationId: "getTopScorers",
    path: "/api/players/top-scorers/{league}",
    file: "api.players.top-scorers.$league.ts",
    tag: API_TAGS.players,
    summary: "A league's top scorers",
    description: "The season's top 10 by goals (assists, then fewer minutes, break ties). Cached 30 minutes.",
    params: leagueParams,
    query: noQuery,
    response: leaderboardSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: LEADERBOARD,
  }),
  topAssists: endpoint({
    operationId: "getTopAssists",
    path: "/api/players/top-assists/{league}",
    file: "api.players.top-assists.$league.ts",
    tag: API_TAGS.players,
    summary: "A league's top assist providers",
    description: "The season's top 10 by assists (goals, then fewer minutes, break ties). Cached 30 minutes.",
    params: leagueParams,
    query: noQuery,
    response: leaderboardSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: LEADERBOARD,
  }),
  topRated: endpoint({
    operationId: "getTopRated",
    path: "/api/players/top-rated/{league}",
    file: "api.players.top-rated.$league.ts",
    tag: API_TAGS.players,
    summary: "A league's best-rated players",
    description:
      "The season's top 10 by average rating, among players with at least a third of the minutes of the league's busiest player. Cached 30 minutes.",
    params: leagueParams,
    query: noQuery,
    response: leaderboardSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: LEADERBOARD,
  }),
} as const;

export function leaderboardPlayer(player: LeaderboardPlayer): Shape<typeof leaderboardPlayerSchema> {
  const { id, name, team, position, goals, assists, appearances, minutes, rating } = player;
  return { id, name, team, position, goals, assists, appearances, minutes, rating };
}
