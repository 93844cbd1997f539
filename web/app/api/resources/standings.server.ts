/** A league's table, and the presenter of its rows (the editor desk shows them too). */
import type { LeagueTableRow } from "../../features/standings/standings.server";
import {
  API_TAGS,
  endpoint,
  leagueParams,
  noQuery,
  PAGE_DATA,
  type Shape,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import { standingRowSchema, standingsSchema } from "./standings.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  standings: endpoint({
    operationId: "getStandings",
    path: "/api/standings/{league}",
    file: "api.standings.$league.ts",
    tag: API_TAGS.standings,
    summary: "A league's table",
    description:
      "The latest table of the league's current season with each position's band (Champions League, Europa League, mid-table, relegation), as the league and match pages show it. Keys premier-league, la-liga, bundesliga, serie-a, ligue1 (ligue-1 too).",
    params: leagueParams,
    query: noQuery,
    response: standingsSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
} as const;

export function standingRow(row: LeagueTableRow): Shape<typeof standingRowSchema> {
  return {
    position: row.position,
    teamId: row.teamId,
    teamName: row.teamName,
    teamHref: row.teamHref,
    played: row.played,
    wins: row.won,
    draws: row.drawn,
    losses: row.lost,
    goalDifference: row.goalDifference,
    points: row.points,
    form: row.form,
    band: row.band,
  };
}
