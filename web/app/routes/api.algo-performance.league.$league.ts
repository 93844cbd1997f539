import { API_ERRORS, ENDPOINTS } from "../api/endpoints.server";
import { leaguePerformance } from "../api/presenters.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getAlgoPerformance } from "../features/track-record/track-record.server";

/** GET /api/algo-performance/league/{league}: /algo-results's record of one league. */
export const loader = endpointLoader(ENDPOINTS.algoPerformanceLeague, async ({ params, context }) => {
  const { leagues } = await getAlgoPerformance(context);
  const record = leagues.find((row) => row.league === params.league);
  return record ? ok(leaguePerformance(record)) : notFound(API_ERRORS.performanceUnavailable);
});

export const action = endpointAction;
