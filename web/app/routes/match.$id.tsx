import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { MatchView } from "../features/match/components/MatchView";
import { loadMatchPage } from "../features/match/match-page.server";
import { errorPageMeta } from "../route-meta";
import { MATCH_NOT_FOUND } from "../features/match/match";

/** The not-found pages of this route (not-found.ts). */
const NOT_FOUND = [MATCH_NOT_FOUND];

/** The match page by id, /match/{id}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMatchPage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error, NOT_FOUND);

export default function MatchByIdPage() {
  const { hero, sections, live } = useLoaderData<typeof loader>();
  return <MatchView hero={hero} sections={sections} live={live} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}
