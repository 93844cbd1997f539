import { ENDPOINTS, topLeaguePick } from "../api/resources/picks.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getMatchOfTheWeek } from "../features/home/home-picks.server";

/** GET /api/picks/match-of-the-week: the home page's featured match and its matchPageLink. */
export const loader = endpointLoader(ENDPOINTS.matchOfTheWeek, async ({ context, preview }) => {
  const match = await getMatchOfTheWeek(context, preview);
  return ok({ matchPageLink: match?.href ?? null, match: match && topLeaguePick(match) });
});

export const action = endpointAction;
