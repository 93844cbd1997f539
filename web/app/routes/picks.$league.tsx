import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { useLiveRefresh } from "../features/match/components/useLiveRefresh";
import { ServerMarkup } from "../components/ServerMarkup";
import { loadLeaguePicksPage } from "../features/picks/picks-page.server";
import { errorPageMeta } from "../route-meta";

/** /picks/{league}: one league's picks, rendered on the server (LeaguePicksPageContent), with live parlay buttons. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLeaguePicksPage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function LeaguePicksPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  return <ServerMarkup as="div" className="page picks-page" markup={page.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
