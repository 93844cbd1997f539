import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TeamErrorBoundary } from "../components/team/TeamNotFound";
import { TeamView } from "../components/team/TeamView";
import { useLiveRefresh } from "../components/match/useLiveRefresh";
import { pageCacheControl } from "../cache-control";
import { loadTeamPage, requireTeamRoute } from "../team-page.server";
import { teamPageMeta } from "../team-meta";
import teamStyles from "../styles/teams.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teamStyles }];

/** The canonical team page, /{league-slug}/teams/{team-slug}; ids, codes and other prefixes redirect here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadTeamPage(context, request, requireTeamRoute(request, params.leaguePage));
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  "Cache-Control": errorHeaders?.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? pageCacheControl(false),
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => teamPageMeta(data, matches);

export default function TeamPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  return <TeamView page={page} />;
}

export function ErrorBoundary() {
  return <TeamErrorBoundary />;
}
