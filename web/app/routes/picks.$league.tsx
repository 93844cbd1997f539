import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "../components/Breadcrumb";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { useLiveRefresh } from "../components/match/useLiveRefresh";
import { RankedPicksList } from "../components/picks/RankedPicksList";
import { listLeagueMatches } from "../matches.server";
import { PICKS_TITLE } from "../page-texts";
import { requireRoutePage } from "../route-page.server";
import { breadcrumbJsonLd, errorPageMeta, leagueSocialImage, pageMeta, topMatchups } from "../seo";
import { LEAGUES } from "../../../shared/domain/leagues";
import { ALGO_RESULTS, HOME, leaguePicksUrl, leagueUrl, PICKS } from "../../../shared/domain/urls";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { league } = requireRoutePage(request, "league-picks");
  const preview = await context.previewSessions.isActive(request);
  const matches = await listLeagueMatches(context, league, preview);
  const live = matches.some((match) => match.state === "live");
  return data({ league, name: LEAGUES[league].name, matches, live }, { headers: { "Cache-Control": pageCacheControl(live) } });
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, error }) => {
  if (!page) return errorPageMeta(error);
  const top = topMatchups(page.matches);
  const path = leaguePicksUrl(page.league);
  return pageMeta({
    matches,
    title: `${page.name} Picks: Ranked by Confidence`,
    description: `This week's ${page.name} picks ranked by our algorithm's confidence${top ? `: ${top}` : ""}. Best pick, over/under and BTTS for every match.`,
    path,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: PICKS_TITLE, path: PICKS },
        { name: `${page.name} Picks`, path },
      ]),
    ],
  });
};

export default function LeaguePicksPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  return (
    <div className="page picks-page">
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: PICKS_TITLE, href: PICKS },
          { label: `${page.name} Picks`, href: leaguePicksUrl(page.league) },
        ]}
      />
      <header className="page-header">
        <p className="badge">{page.name}</p>
        <h1>{page.name} Picks</h1>
        <p className="page-header__intro">
          This week's {page.name} matches, ranked by how confident our algorithm is in each best pick.
        </p>
      </header>
      <section aria-labelledby="league-picks-title" className="page-section">
        <h2 id="league-picks-title">This Week's {page.name} Picks</h2>
        <RankedPicksList matches={page.matches} />
      </section>
      <p className="page-section">
        <Link to={leagueUrl(page.league)}>
          Full {page.name} predictions, table and leaderboard <span aria-hidden="true">→</span>
        </Link>
      </p>
      <p className="page-section">
        <Link className="button" to={ALGO_RESULTS}>
          View Latest Results & Hit Rates
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
