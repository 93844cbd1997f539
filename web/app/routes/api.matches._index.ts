import { ENDPOINTS, matchList } from "../api/resources/matches.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getTopPicks } from "../features/picks/picks.server";

/** GET /api/matches: this week's matches of the five leagues, ranked as /picks ranks them. */
export const loader = endpointLoader(ENDPOINTS.matches, async ({ context, preview }) => {
  const matches = await getTopPicks(context, preview, Number.POSITIVE_INFINITY);
  return ok(matchList(matches), { live: matches.some((match) => match.state === "live") });
});

export const action = endpointAction;
