import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/teams.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getTeamInfo, resolveTeam } from "../features/team/teams.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/teams/{teamId}/info: the team page's block, from the same read function. */
export const loader = endpointLoader(ENDPOINTS.teamInfo, async ({ params, query, context }) => {
  const season = seasonCodeFor(context.clock.now());
  const team = resolveTeam(undefined, String(params.teamId), season);
  if (!team) return notFound(API_ERRORS.teamNotFound);
  const info = await getTeamInfo(context, team.teamId, query.league ?? team.league, season);
  return info ? ok(info) : notFound(API_ERRORS.teamNotFound);
});

export const action = endpointAction;
