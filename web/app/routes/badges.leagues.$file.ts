import type { LoaderFunctionArgs } from "@remix-run/node";
import { leagueBadgeResponse } from "../features/seo/badges.server";

/** /badges/leagues/{league}.svg: a league's generated mark (see shared/domain/league-badge.ts). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return leagueBadgeResponse(request, params.file);
}
