import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { MatchErrorBoundary, MatchView } from "../components/match/MatchView";
import { loadMatchPage } from "../match-page.server";
import { matchPageMeta } from "../match-meta";
import { requireRoutePage } from "../route-page.server";

/** The match page by id, /match/{id}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMatchPage(context, request, requireRoutePage(request, "match"));
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => matchPageMeta(args);

export default function MatchByIdPage() {
  const { match, table, keyPlayers, live } = useLoaderData<typeof loader>();
  return <MatchView match={match} table={table} keyPlayers={keyPlayers} live={live} />;
}

export function ErrorBoundary() {
  return <MatchErrorBoundary />;
}
