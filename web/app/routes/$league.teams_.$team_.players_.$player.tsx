import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { PlayerView } from "../features/player/components/PlayerView";
import { withPageMeta } from "../features/seo/page-meta.server";
import { playerPageMeta } from "../features/player/player-meta.server";
import { loadPlayerPage } from "../features/player/player-page.server";
import { errorPageMeta } from "../route-meta";
import { siteSeo } from "../features/seo/seo.server";
import { PLAYER_NOT_FOUND } from "../features/player/player";
import { TEAM_NOT_FOUND } from "../features/team/team";

/** The not-found pages of this route (not-found.ts). */
const NOT_FOUND = [PLAYER_NOT_FOUND, TEAM_NOT_FOUND];

/** The canonical player page, /{league}/teams/{team}/players/{name-id}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, site] = await Promise.all([loadPlayerPage(context, request), siteSeo(context, request)]);
  return withPageMeta(page, playerPageMeta(page.data, site));
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error, NOT_FOUND);

export default function PlayerPage() {
  return <PlayerView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}
