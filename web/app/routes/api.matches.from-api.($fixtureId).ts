import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { checkInternalEndpoint } from "../features/internal/access.server";
import { handleCreateMatch } from "../features/internal/create-match.server";
import { methodNotAllowed } from "../method-not-allowed.server";

/** POST /api/matches/from-api/{fixtureId?}: the test page's "create a match" (internal: 404 without the token). */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  request.method === "POST"
    ? handleCreateMatch(request, context, params.fixtureId)
    : (checkInternalEndpoint(request, context.env) ?? methodNotAllowed("POST"));

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  checkInternalEndpoint(request, context.env) ?? methodNotAllowed("POST");
