import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/players.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getPlayer, getPlayerRecentForm } from "../features/player/players.server";

/** GET /api/players/{id}/recent-form: the player page's last five matches. */
export const loader = endpointLoader(ENDPOINTS.playerRecentForm, async ({ params, context }) => {
  const [player, form] = await Promise.all([getPlayer(context, params.id), getPlayerRecentForm(context, params.id)]);
  return player ? ok(form) : notFound(API_ERRORS.playerNotFound);
});

export const action = endpointAction;
