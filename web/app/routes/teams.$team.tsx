import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { errorPageMeta } from "../route-meta";
import { loadTeamPage, requireTeamRoute } from "../features/team/team-page.server";
import { TEAM_NOT_FOUND } from "../features/team/team";

/** The not-found pages of this route (not-found.ts). */
const NOT_FOUND = [TEAM_NOT_FOUND];

/**
 * /teams/{id} and /teams/{code}: links that know a club but not its league. Once the club is
 * found they redirect to its canonical page; a segment that names no club is 'Team Not Found'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadTeamPage(context, request, requireTeamRoute(request, undefined));
}

export const meta: MetaFunction = ({ error }) => errorPageMeta(error, NOT_FOUND);

/** Never rendered: the loader always redirects or fails. */
export default function TeamByIdOrCode() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}
