import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, leaguePerformance } from "../api/resources/track-record.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getAlgoPerformance } from "../features/track-record/track-record.server";

/** GET /api/algo-performance/league/{league}: /algo-results's record of one league. */
export const loader = endpointLoader(ENDPOINTS.algoPerformanceLeague, async ({ params, context }) => {
  const { leagues } = await getAlgoPerformance(context);
  const record = leagues.find((row) => row.league === params.league);
  return record ? ok(leaguePerformance(record)) : notFound(API_ERRORS.performanceUnavailable);
});

export const action = endpointAction;
