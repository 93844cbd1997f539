/** The player page's blocks: a player's season and recent form. */
import { z } from "zod";
import { API_ERRORS, API_TAGS, endpoint, noQuery, PAGE_DATA } from "../common/endpoint.server";
import { idParam } from "../params";
import { playerRecentFormAnswerSchema, playerStatisticsAnswerSchema } from "./players.schema";

const playerParams = z.object({ id: idParam("id", "The player's API-Football id.") });
const PLAYER_ERRORS = {
  400: "An id that is not a whole number from 1 to 2147483647.",
  404: `'${API_ERRORS.playerNotFound}'.`,
} as const;
/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  playerStatistics: endpoint({
    operationId: "getPlayerStatistics",
    path: "/api/players/{id}/statistics",
    file: "api.players.$id.statistics.ts",
    tag: API_TAGS.players,
    summary: "A player's season",
    description:
      "The player page's 'Season Stats Summary': the player, his club and league, and his season's figures (null when he is known only from match sheets).",
    params: playerParams,
    query: noQuery,
    response: playerStatisticsAnswerSchema,
    errors: PLAYER_ERRORS,
    cache: PAGE_DATA,
  }),
  playerRecentForm: endpoint({
    operationId: "getPlayerRecentForm",
    path: "/api/players/{id}/recent-form",
    file: "api.players.$id.recent-form.ts",
    tag: API_TAGS.players,
    summary: "A player's last five matches",
    description:
      "'Recent Form (Last 5 Matches)': his last five matches of the season that have kicked off, most recent first, with minutes, rating, goals, assists and shots on target.",
    params: playerParams,
    query: noQuery,
    response: playerRecentFormAnswerSchema,
    errors: PLAYER_ERRORS,
    cache: PAGE_DATA,
  }),
} as const;
