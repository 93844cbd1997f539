/** The algorithm's public track record (/algo-results): overall, by league and the recent settled matches, and their presenters. */
import type { LeagueKey } from "@shared/domain/leagues";
import type { ClosingLineRecord } from "@shared/model";
import type { PerformanceRecord, RecentSettledMatch } from "../../features/track-record/track-record.server";
import {
  API_ERRORS,
  API_TAGS,
  endpoint,
  leagueParams,
  noParams,
  noQuery,
  PAGE_DATA,
  type Shape,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import {
  leaguePerformanceSchema,
  overallPerformanceSchema,
  recentSettledMatchSchema,
  recentSettledMatchesSchema,
} from "./track-record.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  algoPerformanceOverall: endpoint({
    operationId: "getOverallPerformance",
    path: "/api/algo-performance/overall",
    file: "api.algo-performance.overall.ts",
    tag: API_TAGS.record,
    summary: "The overall track record",
    description:
      "Hits, misses and accuracy of the best pick, over/under and BTTS picks, from the picks frozen at kick-off, and the best picks against the market's closing price.",
    params: noParams,
    query: noQuery,
    response: overallPerformanceSchema,
    errors: { 404: `'${API_ERRORS.performanceUnavailable}' before the first settled pick.` },
    cache: PAGE_DATA,
  }),
  algoPerformanceLeague: endpoint({
    operationId: "getLeaguePerformance",
    path: "/api/algo-performance/league/{league}",
    file: "api.algo-performance.league.$league.ts",
    tag: API_TAGS.record,
    summary: "A league's track record",
    description: "The same record for one league.",
    params: leagueParams,
    query: noQuery,
    response: leaguePerformanceSchema,
    errors: {
      400: UNSUPPORTED_LEAGUE_400,
      404: `'${API_ERRORS.performanceUnavailable}' before the league's first settled pick.`,
    },
    cache: PAGE_DATA,
  }),
  algoRecentMatches: endpoint({
    operationId: "getRecentSettledMatches",
    path: "/api/algo-performance/recent-matches/{league}",
    file: "api.algo-performance.recent-matches.$league.ts",
    tag: API_TAGS.record,
    summary: "A league's recent settled matches",
    description:
      "The league's latest settled matches with the best pick, hit or miss, and its profit at the locked price.",
    params: leagueParams,
    query: noQuery,
    response: recentSettledMatchesSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
} as const;

export function overallPerformance(
  record: PerformanceRecord & { closingLine: ClosingLineRecord },
): Shape<typeof overallPerformanceSchema> {
  return {
    trackingStartDate: record.trackingStartDate,
    lastUpdated: record.lastUpdated?.toISOString() ?? null,
    totalMatchesPredicted: record.totalMatchesPredicted,
    bestPickHits: record.bestPickHits,
    bestPickMisses: record.bestPickMisses,
    bestPickAccuracy: record.bestPickAccuracy,
    ouGoalsHits: record.ouGoalsHits,
    ouGoalsMisses: record.ouGoalsMisses,
    ouGoalsAccuracy: record.ouGoalsAccuracy,
    bttsHits: record.bttsHits,
    bttsMisses: record.bttsMisses,
    bttsAccuracy: record.bttsAccuracy,
    closingLine: {
      picks: record.closingLine.picks,
      beatClose: record.closingLine.beatClose,
      beatCloseRate: record.closingLine.beatCloseRate,
      meanClv: record.closingLine.meanClv,
    },
  };
}

export function leaguePerformance(
  record: PerformanceRecord & { league: LeagueKey; leagueName: string; closingLine: ClosingLineRecord },
): Shape<typeof leaguePerformanceSchema> {
  return { league: record.league, leagueName: record.leagueName, ...overallPerformance(record) };
}

export function recentSettledMatch(match: RecentSettledMatch): Shape<typeof recentSettledMatchSchema> {
  return {
    matchId: match.fixtureId,
    league: match.league,
    matchDate: match.matchDate,
    homeTeam: match.homeTeam,
    awayTeam: match.awayTeam,
    finalScore: match.finalScore,
    bestPick: match.bestPick,
    bestPickResult: match.bestPickResult,
    bestPickProfit: match.bestPickProfit,
    matchUrl: match.matchUrl,
  };
}
