import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { parseRoute } from "../../../shared/domain/routes";
import { NOT_FOUND_TITLE } from "../../../shared/domain/site";
import { noindexMeta } from "../seo";

/**
 * Every path no route file claims: aliases of the route table get a 301 to their canonical
 * location; anything else is the spec's not-found page with a real 404 status.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const match = parseRoute(url.pathname);
  if ("redirectTo" in match && match.redirectTo) {
    throw redirect(`${match.redirectTo}${url.search}`, 301);
  }
  throw new Response(NOT_FOUND_TITLE, { status: 404 });
}

export const meta: MetaFunction = () => noindexMeta({ title: NOT_FOUND_TITLE });

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
