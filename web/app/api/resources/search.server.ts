/** The site search behind the header's search box and /search. */
import { z } from "zod";
import { SEARCH_QUERY_MAX_LENGTH } from "../../features/search/search-index";
import { API_TAGS, endpoint, noParams, PAGE_DATA } from "../common/endpoint.server";
import { searchResultsSchema } from "./search.schema";

const SEARCH_QUERY_MESSAGE = `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`;
const searchQueryParam = z
  .string({ error: SEARCH_QUERY_MESSAGE })
  .max(SEARCH_QUERY_MAX_LENGTH, { error: SEARCH_QUERY_MESSAGE })
  .default("")
  .meta({ description: "What to look for: a club, two clubs, a player.", example: "bayern munchen" });
/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  search: endpoint({
    operationId: "search",
    path: "/api/search",
    file: "api.search.ts",
    tag: API_TAGS.teams,
    summary: "Search clubs, this week's matches and players",
    description:
      "The site search behind the header's search box and /search: clubs by any name the registry knows (aliases, nicknames, München = Munich, accents optional), this week's matches by their two teams ('arsenal chelsea'), players by name. Whole names first, then names starting with the query, then names whose words start with its words, then names containing it. Up to 8 results, each linking to its canonical page; an empty query finds nothing.",
    params: noParams,
    query: z.object({ q: searchQueryParam }),
    response: searchResultsSchema,
    errors: { 400: SEARCH_QUERY_MESSAGE },
    cache: PAGE_DATA,
  }),
} as const;
