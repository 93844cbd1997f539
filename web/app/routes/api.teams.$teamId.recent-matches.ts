import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/teams.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getTeamRecentFixtures, resolveTeam } from "../features/team/teams.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/teams/{teamId}/recent-matches: the team page's block, from the same read function. */
export const loader = endpointLoader(ENDPOINTS.teamRecentMatches, async ({ params, query, context }) => {
  const season = seasonCodeFor(context.clock.now());
  const team = resolveTeam(undefined, String(params.teamId), season);
  if (!team) return notFound(API_ERRORS.teamNotFound);
  const fixtures = await getTeamRecentFixtures(context, team.teamId, query.league ?? team.league, season);
  return ok(fixtures);
});

export const action = endpointAction;
