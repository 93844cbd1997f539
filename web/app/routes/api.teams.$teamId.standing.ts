import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/teams.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getTeamStanding, resolveTeam } from "../features/team/teams.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/teams/{teamId}/standing: the team page's block, from the same read function. */
export const loader = endpointLoader(ENDPOINTS.teamStanding, async ({ params, query, context }) => {
  const season = seasonCodeFor(context.clock.now());
  const team = resolveTeam(undefined, String(params.teamId), season);
  if (!team) return notFound(API_ERRORS.teamNotFound);
  const standing = await getTeamStanding(context, team.teamId, query.league ?? team.league, season);
  return ok(standing);
});

export const action = endpointAction;
