import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/players.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getPlayerStatistics } from "../features/player/players.server";

/** GET /api/players/{id}/statistics: the player page's season summary. */
export const loader = endpointLoader(ENDPOINTS.playerStatistics, async ({ params, context }) => {
  const statistics = await getPlayerStatistics(context, params.id);
  return statistics ? ok(statistics) : notFound(API_ERRORS.playerNotFound);
});

export const action = endpointAction;
