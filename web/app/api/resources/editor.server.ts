/**
 * The Studio's editor desk: the fixtures editors write previews for and the numbers beside one
 * preview (features/editor-desk/editor-desk.server.ts reads them).
 */
import { z } from "zod";
import {
  API_ERRORS,
  API_TAGS,
  endpoint,
  leagueParams,
  noQuery,
  PAGE_DATA,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import { leagueParam } from "../params";
import { editorFixtureDataSchema, editorFixtureListSchema } from "./editor.schema";

const SEASON_MESSAGE = "season must be a season code of the editors' content, e.g. 2526";
const seasonParam = z
  .string({ error: SEASON_MESSAGE })
  .regex(/^\d{4}$/, { error: SEASON_MESSAGE })
  .meta({ description: "The season code: '2526' is 2025/26.", example: "2526" });
const TEAM_SLUG_PARAM_MESSAGE = "team slugs are 1 to 100 lower-case letters, digits and hyphens";
const slugParam = (description: string, example: string) =>
  z
    .string({ error: TEAM_SLUG_PARAM_MESSAGE })
    .regex(/^[a-z0-9-]{1,100}$/, { error: TEAM_SLUG_PARAM_MESSAGE })
    .meta({ description, example });
const EDITOR_DESK =
  "Read by the Sanity Studio, whose origin the site allows by CORS (STUDIO_ORIGIN): GET and HEAD only, published content only, cached like the pages.";
/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
  editorFixtures: endpoint({
    operationId: "listEditorFixtures",
    path: "/api/editor/fixtures/{league}",
    file: "api.editor.fixtures.$league.ts",
    tag: API_TAGS.site,
    summary: "The fixtures editors write previews for",
    description: `This week's and next week's fixtures of a league (from Monday 00:00 UTC of the site clock's week, 14 days), earliest first, each with the key and document id of its preview and whether a published preview covers it. ${EDITOR_DESK}`,
    params: leagueParams,
    query: noQuery,
    response: editorFixtureListSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
  editorFixture: endpoint({
    operationId: "getEditorFixture",
    path: "/api/editor/fixture/{league}/{season}/{homeTeam}/{awayTeam}",
    file: "api.editor.fixture.$league.$season.$homeTeam.$awayTeam.ts",
    tag: API_TAGS.site,
    summary: "The numbers beside a preview",
    description: `One fixture by its key, with the match page's record, the algorithm's prediction before editorial content, the market's fair probabilities, the table around the two clubs, the pick on record once kicked off and the published preview's 'Needs review' reasons. ${EDITOR_DESK}`,
    params: z.object({
      league: leagueParam,
      season: seasonParam,
      homeTeam: slugParam("The home club's slug.", "arsenal"),
      awayTeam: slugParam("The away club's slug.", "sunderland"),
    }),
    query: noQuery,
    response: editorFixtureDataSchema,
    errors: {
      400: `${UNSUPPORTED_LEAGUE_400} A season that is not four digits, or a team slug that is not lower-case letters, digits and hyphens.`,
      404: `'${API_ERRORS.matchNotFound}'.`,
    },
    cache: PAGE_DATA,
  }),
} as const;
