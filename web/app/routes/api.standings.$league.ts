import { ENDPOINTS, standingRow } from "../api/resources/standings.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getLeagueTable } from "../features/standings/standings.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/standings/{league}: the league's latest table this season. */
export const loader = endpointLoader(ENDPOINTS.standings, async ({ params, context }) => {
  const table = await getLeagueTable(context, params.league, seasonCodeFor(context.clock.now()));
  return ok(table.rows.map(standingRow));
});

export const action = endpointAction;
