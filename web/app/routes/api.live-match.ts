import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkInternalEndpoint } from "../features/internal/access.server";
import { handleLiveMatch } from "../features/internal/live-match.server";
import { methodNotAllowed } from "../method-not-allowed.server";

/** The test page's live-data check (internal: 404 without the token). */
export const loader = ({ request, context }: LoaderFunctionArgs) => handleLiveMatch(request, context);

export const action = ({ request, context }: LoaderFunctionArgs) =>
  checkInternalEndpoint(request, context.env) ?? methodNotAllowed("GET");
