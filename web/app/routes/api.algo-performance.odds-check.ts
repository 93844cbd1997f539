import { ENDPOINTS } from "../api/resources/odds-check.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getOddsCheck } from "../features/track-record/odds-check.server";

/** GET /api/algo-performance/odds-check: the figures of /algo-results' "How good are our season and live odds?". */
export const loader = endpointLoader(ENDPOINTS.algoPerformanceOddsCheck, async ({ context }) => {
  const check = await getOddsCheck(context);
  return ok({
    ranAt: check?.ranAt ?? null,
    outlook: check?.outlook ?? null,
    live: check?.live ?? null,
    scoreline: check?.scoreline ?? null,
    closingLine: check?.closingLine ?? null,
  });
});

export const action = endpointAction;
