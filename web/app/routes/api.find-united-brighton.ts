import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkInternalEndpoint } from "../features/internal/access.server";
import { handleFindUnitedBrighton } from "../features/internal/united-brighton.server";
import { methodNotAllowed } from "../method-not-allowed.server";

/** The test page's fixture lookup (internal: 404 without the token). */
export const loader = ({ request, context }: LoaderFunctionArgs) => handleFindUnitedBrighton(request, context);

export const action = ({ request, context }: LoaderFunctionArgs) =>
  checkInternalEndpoint(request, context.env) ?? methodNotAllowed("GET");
