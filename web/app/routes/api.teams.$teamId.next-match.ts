import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS } from "../api/resources/teams.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getMatchPick } from "../features/match/match-lookups.server";
import { getTeamNextFixture, resolveTeam } from "../features/team/teams.server";
import { COMING_SOON } from "@shared/domain/picks";
import { seasonCodeFor } from "@shared/domain/matchweek";

/**
 * GET /api/teams/{teamId}/next-match: the team page's block, from the same read function, with
 * the match's best pick (the home page's 'My Teams' strip shows both).
 */
export const loader = endpointLoader(ENDPOINTS.teamNextMatch, async ({ params, query, context, preview }) => {
  const season = seasonCodeFor(context.clock.now());
  const team = resolveTeam(undefined, String(params.teamId), season);
  if (!team) return notFound(API_ERRORS.teamNotFound);
  const fixture = await getTeamNextFixture(context, team.teamId, query.league ?? team.league, season);
  if (!fixture) return ok(null);
  const pick = (await getMatchPick(context, fixture.fixture.id, preview)) ?? {
    bestPick: COMING_SOON,
    confidence: 0,
    confidenceLabel: COMING_SOON,
    isLocked: false,
  };
  return ok({ ...fixture, pick }, { live: fixture.fixture.state === "live" });
});

export const action = endpointAction;
