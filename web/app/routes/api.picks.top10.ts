import { leagueBadgeUrl } from "@shared/domain/urls";
import { ENDPOINTS, topLeaguePick } from "../api/resources/picks.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getTopPicks } from "../features/picks/picks.server";

/** GET /api/picks/top10: /picks's ten best picks of the week; an empty list when there are none. */
export const loader = endpointLoader(ENDPOINTS.topPicks, async ({ context, preview }) => {
  const picks = await getTopPicks(context, preview);
  return ok({
    lastUpdated: context.clock.now().toISOString(),
    picks: picks.map((match, index) => ({
      rank: index + 1,
      ...topLeaguePick(match),
      leagueBadgePath: leagueBadgeUrl(match.league),
    })),
  });
});

export const action = endpointAction;
