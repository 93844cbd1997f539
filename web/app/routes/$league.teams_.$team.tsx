import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { useLiveRefresh } from "../features/match/components/useLiveRefresh";
import { ServerMarkup } from "../components/ServerMarkup";
import { useMyTeamStars } from "../features/team/components/my-teams/my-team-stars";
import { pageCacheControl } from "../cache-control";
import { errorPageMeta } from "../route-meta";
import { loadTeamPageMarkup } from "../features/team/team-page-markup.server";
import { requireTeamRoute } from "../features/team/team-page.server";
import { TEAM_NOT_FOUND } from "../features/team/team";

/** The not-found pages of this route (not-found.ts). */
const NOT_FOUND = [TEAM_NOT_FOUND];

/** The canonical team page, /{league-slug}/teams/{team-slug}; ids, codes and other prefixes redirect here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadTeamPageMarkup(context, request, requireTeamRoute(request, params.league));
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  "Cache-Control": errorHeaders?.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? pageCacheControl(false),
});

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error, NOT_FOUND);

export default function TeamPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  useMyTeamStars(page.content);
  return <ServerMarkup as="div" className="page team-page" markup={page.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}
