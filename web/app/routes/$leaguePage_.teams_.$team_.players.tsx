import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { SquadView } from "../components/player/SquadView";
import { TEAM_NOT_FOUND_TEXT, TEAM_NOT_FOUND_TITLE } from "../page-texts/team";
import { squadPageMeta, withPageMeta } from "../page-meta.server";
import { loadSquadPage } from "../player-page.server";
import { noindexMeta } from "../route-meta";
import { siteSeo } from "../seo.server";
import { HOME } from "../../../shared/domain/urls";
import playerStyles from "../styles/players.css";

/** A club's squad page, /{league}/teams/{team}/players. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, site] = await Promise.all([loadSquadPage(context, request), siteSeo(context, request)]);
  return withPageMeta(page, squadPageMeta(page.data, site));
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? noindexMeta({ title: TEAM_NOT_FOUND_TITLE });

export default function SquadPage() {
  return <SquadView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data === TEAM_NOT_FOUND_TITLE) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{TEAM_NOT_FOUND_TITLE}</h1>
        <p>{TEAM_NOT_FOUND_TEXT}</p>
        <Link className="button" to={HOME}>
          Go Back Home
        </Link>
      </section>
    );
  }
  return <GeneralErrorBoundary />;
}
