import { ENDPOINTS, topLeaguePick } from "../api/resources/picks.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import type { topLeaguePicksSchema } from "../api/resources/picks.schema";
import { getTopLeaguePicks } from "../features/home/home-picks.server";
import type { z } from "zod";

/** GET /api/picks/top-league-picks: the home page's Top League Picks, keyed by league name. */
export const loader = endpointLoader(ENDPOINTS.topLeaguePicks, async ({ context, preview }) => {
  const picks = await getTopLeaguePicks(context, preview);
  const byLeague = Object.fromEntries(picks.map((pick) => [pick.leagueName, pick.match && topLeaguePick(pick.match)]));
  return ok(byLeague as z.output<typeof topLeaguePicksSchema>, {
    live: picks.some((pick) => pick.match?.state === "live"),
  });
});

export const action = endpointAction;
