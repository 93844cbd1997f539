import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { SquadView } from "../components/player/SquadView";
import { squadHeading, TEAM_NOT_FOUND_TEXT, TEAM_NOT_FOUND_TITLE } from "../page-texts";
import { loadSquadPage } from "../player-page.server";
import { breadcrumbJsonLd, leagueSocialImage, noindexMeta, pageMeta } from "../seo";
import { HOME } from "../../../shared/domain/urls";
import playerStyles from "../styles/players.css";

/** A club's squad page, /{league}/teams/{team}/players. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSquadPage(context, request);
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  if (!page) return noindexMeta({ title: TEAM_NOT_FOUND_TITLE });
  const title = `${squadHeading(page.team.name)} ${page.seasonLabel}`;
  return pageMeta({
    matches,
    title,
    description: `${page.team.name}'s ${page.leagueName} squad for ${page.seasonLabel} by position, with each player's appearances, goals, assists and rating.`,
    path: page.team.playersHref,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: page.leagueName, path: page.leagueHref },
        { name: page.team.name, path: page.team.href },
        { name: "Players", path: page.team.playersHref },
      ]),
    ],
  });
};

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
