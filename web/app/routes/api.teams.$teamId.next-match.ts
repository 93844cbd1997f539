import { API_ERRORS, ENDPOINTS } from "../api/endpoints.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getTeamNextFixture, resolveTeam } from "../teams.server";
import { seasonCodeFor } from "../../../shared/domain/matchweek";

/** GET /api/teams/{teamId}/next-match: the team page's block, from the same read function. */
export const loader = endpointLoader(ENDPOINTS.teamNextMatch, async ({ params, query, context }) => {
  const season = seasonCodeFor(context.clock.now());
  const team = resolveTeam(undefined, String(params.teamId), season);
  if (!team) return notFound(API_ERRORS.teamNotFound);
  const fixture = await getTeamNextFixture(context, team.teamId, query.league ?? team.league, season);
  return ok(fixture, { live: fixture?.fixture.state === "live" });
});

export const action = endpointAction;
