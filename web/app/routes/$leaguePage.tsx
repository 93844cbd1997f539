import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { useLiveRefresh } from "../features/match/components/useLiveRefresh";
import { ServerMarkup } from "../components/ServerMarkup";
import { publicPageHeaders } from "../cache-control";
import { loadLeaguePage } from "../features/league/league-page.server";
import { errorPageMeta } from "../route-meta";
import { LEAGUE_TABLE_ANCHOR } from "@shared/domain/urls";

/** A league's page, /{league-slug}-predictions: rendered on the server (LeaguePageContent), with live parlay buttons. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLeaguePage(context, request);
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => data?.meta ?? errorPageMeta(error);

export default function LeaguePage() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  useLiveRefresh(page.live);

  // Spec: "if the URL hash is table scroll smoothly to it, otherwise scroll to top".
  useEffect(() => {
    if (location.hash === `#${LEAGUE_TABLE_ANCHOR}`) {
      document.getElementById(LEAGUE_TABLE_ANCHOR)?.scrollIntoView({ behavior: "smooth" });
    }
  }, [location.hash]);

  return <ServerMarkup as="div" className="page league-page" markup={page.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
