import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/teams.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { resolveTeam } from "../features/team/teams.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/teams/resolve/{league}/{teamSlug}: the team a URL segment names, preferring the league. */
export const loader = endpointLoader(ENDPOINTS.teamResolveInLeague, async ({ params, context }) => {
  const team = resolveTeam(params.league, params.teamSlug, seasonCodeFor(context.clock.now()));
  return team ? ok(team) : notFound(API_ERRORS.teamNotFound);
});

export const action = endpointAction;
