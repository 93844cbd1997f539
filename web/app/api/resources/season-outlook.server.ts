/** A league's season outlook, simulated by the worker. */
import {
  API_TAGS,
  endpoint,
  leagueParams,
  noQuery,
  PAGE_DATA,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import { seasonOutlookSchema } from "./season-outlook.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  seasonOutlook: endpoint({
    operationId: "getSeasonOutlook",
    path: "/api/season-outlook/{league}",
    file: "api.season-outlook.$league.ts",
    tag: API_TAGS.standings,
    summary: "A league's season outlook",
    description:
      "The rest of the current season simulated 20,000 times by the worker from today's table and the prediction engine's scorelines, with each club's rating uncertainty: expected points and goal difference, P(title), P(Champions League places), P(Europa League places), P(relegation) and the distribution of final positions. The same as CSV: /{league-slug}-predictions/season-outlook.csv.",
    params: leagueParams,
    query: noQuery,
    response: seasonOutlookSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
} as const;
