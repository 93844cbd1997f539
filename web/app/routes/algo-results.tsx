import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { loadAlgoResultsPage } from "../features/track-record/algo-results-page.server";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { ServerMarkup } from "../components/ServerMarkup";
import { errorPageMeta } from "../route-meta";

/** /algo-results: the honest track record, rendered on the server (AlgoResultsContent). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAlgoResultsPage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function AlgoResultsPage() {
  const page = useLoaderData<typeof loader>();
  return <ServerMarkup as="div" className="page results-page" markup={page.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
