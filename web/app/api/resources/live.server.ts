/** The live score of a match, polled every 15 s while it is live, and its presenter. */
import { z } from "zod";
import { liveMatchProbability } from "@shared/model/live-match-probability";
import type { LiveMatch } from "../../features/match/match-live.server";
import { API_ERRORS, API_TAGS, endpoint, LIVE_SCORE, noQuery, type Shape } from "../common/endpoint.server";
import { idParam } from "../params";
import { liveEvent } from "./matches.server";
import { liveScoreSchema } from "./live.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  live: endpoint({
    operationId: "getLiveScore",
    path: "/api/live/{fixtureId}",
    file: "api.live.$fixtureId.ts",
    tag: API_TAGS.matches,
    summary: "The live score of a match",
    description:
      "Score, minute, injury time and events, polled every 15 s while the match is live; they override the match record's. fixtureId is API-Football's fixture id; a match known only from the CSV files answers to its match id (the record's liveUrl is always right). Never stored while live.",
    params: z.object({
      fixtureId: idParam("fixtureId", "API-Football's fixture id, or the match id of a match without one."),
    }),
    query: noQuery,
    response: liveScoreSchema,
    errors: {
      400: "A fixtureId that is not a whole number from 1 to 2147483647.",
      404: `'${API_ERRORS.matchNotFound}'.`,
    },
    cache: LIVE_SCORE,
  }),
} as const;

export function liveScore(match: LiveMatch): Shape<typeof liveScoreSchema> {
  return {
    matchId: match.id,
    fixtureId: match.apiFootballFixtureId,
    matchState: match.state,
    status: match.status,
    homeScore: match.homeScore,
    awayScore: match.awayScore,
    liveMinute: match.minute,
    injuryTime: match.injuryTime,
    events: match.events.map(liveEvent),
    lastUpdated: match.lastApiUpdate,
    liveProbability: liveMatchProbability(match, match.forecast),
  };
}
