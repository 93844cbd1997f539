import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { MatchView } from "../features/match/components/MatchView";
import { useLiveRefresh } from "../features/match/components/useLiveRefresh";
import { ServerMarkup, type ServerHtml } from "../components/ServerMarkup";
import { loadMatchPage } from "../features/match/match-page.server";
import { loadMatchweekPage } from "../features/league/matchweek-page.server";
import { isMatchweekPath } from "../route-page.server";
import { errorPageMeta } from "../route-meta";
import { MATCH_NOT_FOUND } from "../features/match/match";

/** The not-found pages of this route (not-found.ts). */
const NOT_FOUND = [MATCH_NOT_FOUND];

/**
 * The second segment under a league: the canonical match page,
 * /{league-slug}-predictions/{home}-vs-{away}-prediction, or a round of the season,
 * /{league-slug}-predictions/matchweek-{n}.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isMatchweekPath(request)) return loadMatchweekPage(context, request);
  return loadMatchPage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error, NOT_FOUND);

/** A matchweek page: its server markup, refreshed while one of its matches is live. */
function MatchweekView({ content, live }: { content: ServerHtml; live: boolean }) {
  useLiveRefresh(live);
  return <ServerMarkup as="div" className="page league-page" markup={content} />;
}

export default function MatchBySlugPage() {
  const page = useLoaderData<typeof loader>();
  if ("kind" in page) return <MatchweekView content={page.content} live={page.live} />;
  return <MatchView hero={page.hero} sections={page.sections} live={page.live} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}
