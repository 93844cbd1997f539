import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, overallPerformance } from "../api/resources/track-record.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getAlgoPerformance } from "../features/track-record/track-record.server";

/** GET /api/algo-performance/overall: /algo-results's overall record. */
export const loader = endpointLoader(ENDPOINTS.algoPerformanceOverall, async ({ context }) => {
  const { overall } = await getAlgoPerformance(context);
  return overall ? ok(overallPerformance(overall)) : notFound(API_ERRORS.performanceUnavailable);
});

export const action = endpointAction;
