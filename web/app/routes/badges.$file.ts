import type { LoaderFunctionArgs } from "@remix-run/node";
import { badgeResponse } from "../features/seo/badges.server";

/** /badges/{teamId}.svg: a club's generated badge (see shared/domain/teams/badge.ts). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return badgeResponse(request, params.file);
}
