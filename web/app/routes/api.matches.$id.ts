import { API_ERRORS, ENDPOINTS } from "../api/endpoints.server";
import { matchRecord } from "../api/presenters.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getMatchById } from "../features/match/matches.server";

/** GET /api/matches/{id}: the match page's record of one match. */
export const loader = endpointLoader(ENDPOINTS.matchById, async ({ params, context, preview }) => {
  const match = await getMatchById(context, params.id, preview);
  return match ? ok(matchRecord(match), { live: match.state === "live" }) : notFound(API_ERRORS.matchNotFound);
});

export const action = endpointAction;
