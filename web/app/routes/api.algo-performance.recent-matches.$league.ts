import { ENDPOINTS, recentSettledMatch } from "../api/resources/track-record.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getRecentSettledMatches } from "../features/track-record/track-record.server";

/** GET /api/algo-performance/recent-matches/{league}: /algo-results's recent matches of one league. */
export const loader = endpointLoader(ENDPOINTS.algoRecentMatches, async ({ params, context }) => {
  const byLeague = await getRecentSettledMatches(context, params.league);
  return ok((byLeague.get(params.league) ?? []).map(recentSettledMatch));
});

export const action = endpointAction;
