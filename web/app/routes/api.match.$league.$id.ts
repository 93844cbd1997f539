import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, matchRecord } from "../api/resources/matches.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getMatchById, getMatchBySlugs } from "../features/match/match-lookups.server";

/** GET /api/match/{league}/{home}-vs-{away}: the record of the match a canonical URL names. */
export const loader = endpointLoader(ENDPOINTS.matchBySlug, async ({ params: { league, id }, context, preview }) => {
  const found =
    id.by === "slug"
      ? await getMatchBySlugs(context, league, id.homeSlug, id.awaySlug, preview)
      : await getMatchById(context, id.id, preview);
  const match = found?.league === league ? found : null;
  return match ? ok(matchRecord(match), { live: match.state === "live" }) : notFound(API_ERRORS.matchNotFound);
});

export const action = endpointAction;
