import { ENDPOINTS } from "../api/resources/search.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { SEARCH_SUGGESTION_LIMIT, searchSite } from "../features/search/search.server";

/** GET /api/search?q=: the header's suggestions. */
export const loader = endpointLoader(ENDPOINTS.search, async ({ query, context }) => {
  return ok({ query: query.q, results: await searchSite(context, query.q, SEARCH_SUGGESTION_LIMIT) });
});

export const action = endpointAction;
