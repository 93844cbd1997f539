import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { redirectMatchAlias } from "../features/match/match-page.server";
import { noindexMeta } from "../route-meta";
import { unclaimedPath } from "../route-page.server";
import { NOT_FOUND_TITLE } from "@shared/domain/site";

/**
 * Every path no route file claims: aliases of the route table get a 301 to their canonical
 * location (a match alias to the page of the league its teams play in); anything else is the
 * spec's not-found page with a real 404 status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectMatchAlias(context, request);
  return unclaimedPath(request);
}

export const meta: MetaFunction = () => noindexMeta({ title: NOT_FOUND_TITLE });

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
