import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { useLiveRefresh } from "../features/match/components/useLiveRefresh";
import { ServerMarkup } from "../components/ServerMarkup";
import { loadPicksPage } from "../features/picks/picks-page.server";
import { errorPageMeta } from "../route-meta";

/** /picks: the week's top picks across the five leagues, rendered on the server (PicksPageContent), with live parlay buttons. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadPicksPage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function PicksPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  return <ServerMarkup as="div" className="page picks-page" markup={page.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
