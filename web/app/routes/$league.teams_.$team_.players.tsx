import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { SquadView } from "../features/player/components/SquadView";
import { withPageMeta } from "../features/seo/page-meta.server";
import { squadPageMeta } from "../features/player/player-meta.server";
import { loadSquadPage } from "../features/player/player-page.server";
import { errorPageMeta } from "../route-meta";
import { siteSeo } from "../features/seo/seo.server";
import { TEAM_NOT_FOUND } from "../features/team/team";

/** The not-found pages of this route (not-found.ts). */
const NOT_FOUND = [TEAM_NOT_FOUND];

/** A club's squad page, /{league}/teams/{team}/players. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, site] = await Promise.all([loadSquadPage(context, request), siteSeo(context, request)]);
  return withPageMeta(page, squadPageMeta(page.data, site));
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error, NOT_FOUND);

export default function SquadPage() {
  return <SquadView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={NOT_FOUND} />;
}
