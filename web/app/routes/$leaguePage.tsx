import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { Breadcrumb } from "../components/Breadcrumb";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { LeagueTableView, TableBandKey } from "../components/league/LeagueTableView";
import { RankedMatchCard } from "../components/match/RankedMatchCard";
import { useLiveRefresh } from "../components/match/useLiveRefresh";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { getLeaderboards } from "../leaderboard.server";
import { LeaderboardTables } from "../components/league/LeaderboardTables";
import playerStyles from "../styles/players.css";
import { breadcrumbJsonLd, errorPageMeta, leagueSocialImage, pageMeta, topMatchups } from "../seo";
import { listLeagueMatches } from "../matches.server";
import {
  NO_FIXTURES_TEXT,
  NO_TABLE_DATA_TEXT,
  TOP_PLAYERS_HEADING,
  leagueHeading,
} from "../page-texts";
import { requireRoutePage } from "../route-page.server";
import { getLeagueTable } from "../standings.server";
import { LEAGUES } from "../../../shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "../../../shared/domain/matchweek";
import { ALGO_RESULTS, HOME, LEAGUE_TABLE_ANCHOR, leagueUrl, teamListUrl } from "../../../shared/domain/urls";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { league } = requireRoutePage(request, "league");
  const preview = await context.previewSessions.isActive(request);
  const season = seasonCodeFor(context.clock.now());
  const [matches, table, leaderboards] = await Promise.all([
    listLeagueMatches(context, league, preview),
    getLeagueTable(context, league, season),
    getLeaderboards(context, league, season),
  ]);
  const live = matches.some((match) => match.state === "live");
  const { name, bands } = LEAGUES[league];
  return data(
    { league, name, bands, seasonLabel: seasonLabel(season), matches, table, leaderboards, live },
    { headers: { "Cache-Control": pageCacheControl(live) } },
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerStyles }];

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, error }) => {
  if (!page) return errorPageMeta(error);
  const top = topMatchups(page.matches);
  const path = leagueUrl(page.league);
  return pageMeta({
    matches,
    title: leagueHeading(page.name),
    description: `${page.name} predictions for this matchweek${top ? `: ${top}` : ""}. Best picks, 1X2, over/under and BTTS with confidence, plus the league table.`,
    path,
    image: leagueSocialImage(page.league),
    jsonLd: (origin) => [
      breadcrumbJsonLd(origin, [
        { name: "Home", path: HOME },
        { name: `${page.name} Predictions`, path },
      ]),
    ],
  });
};

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

  return (
    <div className="page league-page">
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: `${page.name} Predictions`, href: leagueUrl(page.league) },
          { label: "Teams", href: teamListUrl(page.league) },
        ]}
      />
      <header className="page-header">
        <p className="badge">
          {page.name} · {page.seasonLabel}
        </p>
        <h1>{leagueHeading(page.name)}</h1>
        <p className="page-header__intro">
          This week's {page.name} matches, ranked by how confident our algorithm is in each best pick. Every card
          shows the pick and its confidence; open a match for the full prediction, the odds, form and head-to-head.
        </p>
      </header>

      <section aria-labelledby="matches-title" className="page-section">
        <h2 id="matches-title">This Week's {page.name} Picks</h2>
        {page.matches.length === 0 ? (
          <p className="empty-text">{NO_FIXTURES_TEXT}</p>
        ) : (
          <ol className="match-list">
            {page.matches.map((match, index) => (
              <li key={match.id}>
                <RankedMatchCard match={match} rank={index + 1} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section id={LEAGUE_TABLE_ANCHOR} aria-labelledby="table-title" className="page-section">
        <h2 id="table-title">{page.name} Table</h2>
        {page.table.hasData ? (
          <>
            <LeagueTableView rows={page.table.rows} caption={`${page.name} table ${page.seasonLabel}`} />
            <TableBandKey bands={page.bands} />
          </>
        ) : (
          <p className="empty-text">{NO_TABLE_DATA_TEXT}</p>
        )}
      </section>

      <section aria-labelledby="players-title" className="page-section">
        <h2 id="players-title">{TOP_PLAYERS_HEADING}</h2>
        <LeaderboardTables boards={page.leaderboards} leagueName={page.name} />
      </section>

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
