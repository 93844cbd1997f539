/** How good are our season and live odds: the worker's latest walk-forward check. */
import { API_TAGS, endpoint, noParams, noQuery, PAGE_DATA } from "../common/endpoint.server";
import { oddsCheckSchema } from "./odds-check.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  algoPerformanceOddsCheck: endpoint({
    operationId: "getOddsCheck",
    path: "/api/algo-performance/odds-check",
    file: "api.algo-performance.odds-check.ts",
    tag: API_TAGS.record,
    summary: "How good are our season and live odds?",
    description:
      "The worker's latest walk-forward check: the season outlook's Brier scores for P(title), P(Champions League places) and P(relegation) against a points-per-game baseline, and the half-time win probability's RPS against the pre-match forecast and the half-time leader, with its calibration; and the log score of every scoreline (the actual final score under our published grid) against independent Poisson goals fitted to the market's 1X2 and over/under 2.5 prices; and the walk-forward picks against the closing price (the share that beat it and the mean closing-line value).",
    params: noParams,
    query: noQuery,
    response: oddsCheckSchema,
    errors: {},
    cache: PAGE_DATA,
  }),
} as const;
