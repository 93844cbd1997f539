import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, matchRecord } from "../api/resources/matches.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getMatchById } from "../features/match/match-lookups.server";

/** GET /api/matches/{id}: the match page's record of one match. */
export const loader = endpointLoader(ENDPOINTS.matchById, async ({ params, context, preview }) => {
  const match = await getMatchById(context, params.id, preview);
  return match ? ok(matchRecord(match), { live: match.state === "live" }) : notFound(API_ERRORS.matchNotFound);
});

export const action = endpointAction;
