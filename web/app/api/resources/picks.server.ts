/** The ranked picks: Match of the Week, each league's first match and the week's ten best, and their presenter. */
import { LEAGUES } from "@shared/domain/leagues";
import type { MatchCard } from "../../features/match/match-card.server";
import {
  API_TAGS,
  endpoint,
  MATCH_OF_THE_WEEK,
  noParams,
  noQuery,
  NOT_STORED,
  PAGE_DATA,
  type Shape,
} from "../common/endpoint.server";
import { matchSlugOf } from "./matches.server";
import { matchOfTheWeekSchema, topLeaguePickSchema, topLeaguePicksSchema, topPicksSchema } from "./picks.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  matchOfTheWeek: endpoint({
    operationId: "getMatchOfTheWeek",
    path: "/api/picks/match-of-the-week",
    file: "api.picks.match-of-the-week.ts",
    tag: API_TAGS.picks,
    summary: "Match of the Week",
    description:
      "This week's featured match from the league rotation, with its matchPageLink; null when there is none yet ('Coming Soon'). Cached 5 minutes.",
    params: noParams,
    query: noQuery,
    response: matchOfTheWeekSchema,
    errors: {},
    cache: MATCH_OF_THE_WEEK,
  }),
  topLeaguePicks: endpoint({
    operationId: "getTopLeaguePicks",
    path: "/api/picks/top-league-picks",
    file: "api.picks.top-league-picks.ts",
    tag: API_TAGS.picks,
    summary: "Top League Picks",
    description: "Each league's first-ranked match of the week, keyed by league name.",
    params: noParams,
    query: noQuery,
    response: topLeaguePicksSchema,
    errors: {},
    cache: PAGE_DATA,
  }),
  topPicks: endpoint({
    operationId: "getTopPicks",
    path: "/api/picks/top10",
    file: "api.picks.top10.ts",
    tag: API_TAGS.picks,
    summary: "The week's ten best picks",
    description:
      "The ten most confident picks of the week across the five leagues, ranked. Not cached. There is no sample data: with no matches the list is empty.",
    params: noParams,
    query: noQuery,
    response: topPicksSchema,
    errors: {},
    cache: NOT_STORED,
  }),
} as const;

/** The fields of a featured match the home page and /picks show. */
export type FeaturedMatch = Pick<
  MatchCard,
  "id" | "league" | "href" | "kickoffAt" | "state" | "home" | "away" | "homeScore" | "awayScore" | "resolution"
>;

export function topLeaguePick(match: FeaturedMatch): Shape<typeof topLeaguePickSchema> {
  return {
    league: LEAGUES[match.league].name,
    leagueKey: match.league,
    matchId: match.id,
    matchSlug: matchSlugOf(match.home, match.away),
    matchPageLink: match.href,
    homeTeam: match.home.name,
    awayTeam: match.away.name,
    kickoffTime: match.kickoffAt,
    matchState: match.state,
    homeScore: match.homeScore,
    awayScore: match.awayScore,
    fkpBestPick: match.resolution.bestPick,
    fkpConfidence: match.resolution.confidence,
    projectedScore: match.resolution.projectedScore,
  };
}
