import { ENDPOINTS, leaderboardPlayer } from "../api/resources/leaderboards.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getLeaderboard } from "../features/player/leaderboard.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/players/top-scorers/{league}: the league page's leaderboard, this season. */
export const loader = endpointLoader(ENDPOINTS.topScorers, async ({ params, context }) => {
  const players = await getLeaderboard(context, params.league, seasonCodeFor(context.clock.now()), "top-scorers");
  return ok(players.map(leaderboardPlayer));
});

export const action = endpointAction;
