import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, liveScore } from "../api/resources/live.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getLiveMatch } from "../features/match/match-live.server";

/** GET /api/live/{fixtureId}: score, minute and events, polled every 15 s while live. */
export const loader = endpointLoader(ENDPOINTS.live, async ({ params, context }) => {
  const match = await getLiveMatch(context, params.fixtureId);
  return match ? ok(liveScore(match), { live: match.state === "live" }) : notFound(API_ERRORS.matchNotFound);
});

export const action = endpointAction;
