import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { MatchView } from "../components/match/MatchView";
import { loadMatchPage } from "../match-page.server";
import { errorPageMeta } from "../route-meta";
import liveProbabilityStyles from "../styles/live-probability.css";

/** The canonical match page, /{league-slug}-predictions/{home}-vs-{away}-prediction. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadMatchPage(context, request);
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveProbabilityStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function MatchBySlugPage() {
  const { hero, sections, live } = useLoaderData<typeof loader>();
  return <MatchView hero={hero} sections={sections} live={live} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
