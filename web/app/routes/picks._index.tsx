import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageCacheControl, publicPageHeaders } from "../cache-control";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { useLiveRefresh } from "../components/match/useLiveRefresh";
import { ParlayBuilderExplainer } from "../components/picks/ParlayBuilderExplainer";
import { RankedPicksList } from "../components/picks/RankedPicksList";
import { PICKS_TITLE } from "../page-texts";
import { getSundayParlayView, getTopPicks, TOP_PICKS_LIMIT } from "../picks.server";
import { errorPageMeta, pageMeta } from "../seo";
import { formatConfidence } from "../../../shared/domain/format";
import { ALL_LEAGUES } from "../../../shared/domain/leagues";
import { ALGO_RESULTS, leaguePicksUrl, leagueUrl, PICKS } from "../../../shared/domain/urls";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const preview = await context.previewSessions.isActive(request);
  const [parlay, topPicks] = await Promise.all([getSundayParlayView(context, preview), getTopPicks(context, preview)]);
  const live = topPicks.some((match) => match.state === "live");
  return data({ parlay, topPicks, topPicksLimit: TOP_PICKS_LIMIT, live }, { headers: { "Cache-Control": pageCacheControl(live) } });
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, error }) => {
  if (!page) return errorPageMeta(error);
  const top = page.topPicks
    .slice(0, 3)
    .map((m) => `${m.home.name} vs ${m.away.name} (${m.resolution.bestPick})`)
    .join(", ");
  const limit = page.topPicksLimit;
  return pageMeta({
    matches,
    title: `${PICKS_TITLE}: This Week's Top ${limit} Soccer Picks`,
    description: `This week's top ${limit} soccer picks across the Premier League, La Liga, Bundesliga, Serie A and Ligue 1, ranked by confidence, plus the Sunday 5-team cross-league parlay${top ? `. Top picks: ${top}` : ""}.`,
    path: PICKS,
  });
};

export default function PicksPage() {
  const page = useLoaderData<typeof loader>();
  useLiveRefresh(page.live);
  return (
    <div className="page picks-page">
      <header className="page-header">
        <p className="badge">Five leagues · one list</p>
        <h1>{PICKS_TITLE}</h1>
        <p className="page-header__intro">
          Our algorithm's strongest calls of the week across Europe's top five leagues, the editors' Sunday cross-league
          parlay, and everything you need to build your own.
        </p>
      </header>

      <section aria-labelledby="sunday-parlay-title" className="page-section">
        <h2 id="sunday-parlay-title">{page.parlay?.title ?? "Sunday 5-Team Cross-League Parlay"}</h2>
        {page.parlay && page.parlay.legs.length > 0 ? (
          <>
            <p className="muted">Last updated {page.parlay.lastUpdated}</p>
            <ol className="parlay-legs">
              {page.parlay.legs.map((leg) => (
                <li key={leg.matchId} className="parlay-leg">
                  <p className="parlay-leg__match">{leg.match}</p>
                  <dl className="parlay-leg__facts">
                    <div>
                      <dt>League</dt>
                      <dd>{leg.league}</dd>
                    </div>
                    <div>
                      <dt>Selection</dt>
                      <dd>{leg.selection}</dd>
                    </div>
                    <div>
                      <dt>Predicted score</dt>
                      <dd>{leg.predictedScore ?? "Coming Soon"}</dd>
                    </div>
                    <div>
                      <dt>Confidence</dt>
                      <dd>{formatConfidence(leg.confidence)}</dd>
                    </div>
                  </dl>
                  <Link className="match-card__link" to={leg.matchPageLink}>
                    Match prediction<span className="visually-hidden">: {leg.match}</span> <span aria-hidden="true">→</span>
                  </Link>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="empty-text">Coming Soon</p>
        )}
      </section>

      <section aria-labelledby="top-picks-title" className="page-section">
        <h2 id="top-picks-title">This Week's Top {page.topPicksLimit} Picks</h2>
        <RankedPicksList matches={page.topPicks} />
      </section>

      <section aria-labelledby="league-picks-title" className="page-section">
        <h2 id="league-picks-title">League Picks</h2>
        <ul className="league-picks-links">
          {ALL_LEAGUES.map((league) => (
            <li key={league.key}>
              <Link to={leagueUrl(league.key)}>{league.name}</Link>
            </li>
          ))}
        </ul>
        <p className="muted">
          Or just the ranked picks of one league:{" "}
          {ALL_LEAGUES.map((league, index) => (
            <span key={league.key}>
              {index > 0 ? " · " : ""}
              <Link to={leaguePicksUrl(league.key)}>{league.name} picks</Link>
            </span>
          ))}
        </p>
      </section>

      <ParlayBuilderExplainer />

      <section aria-labelledby="performance-title" className="page-section">
        <h2 id="performance-title">Performance Tracking</h2>
        <p className="muted">Every pick is locked at kick-off and settled against the final score, hits and misses alike.</p>
        <Link className="button" to={ALGO_RESULTS}>
          View Latest Results & Hit Rates
        </Link>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
