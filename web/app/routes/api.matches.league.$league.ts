import { ENDPOINTS, matchList } from "../api/resources/matches.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { listLeagueMatches } from "../features/match/match-lists.server";

/** GET /api/matches/league/{league}: the league page's ranked matches of the week. */
export const loader = endpointLoader(ENDPOINTS.leagueMatches, async ({ params, context, preview }) => {
  const matches = await listLeagueMatches(context, params.league, preview);
  return ok(matchList(matches), { live: matches.some((match) => match.state === "live") });
});

export const action = endpointAction;
