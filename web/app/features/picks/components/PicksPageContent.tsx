/**
 * The picks page's content: the editors' Sunday parlay (each leg settled once its match is over),
 * the week's top picks across the five leagues, links to each league's picks and how the Parlay
 * Builder works. Rendered on the server only (picks-page.server.tsx); the route shows the markup
 * and brings the cards' parlay buttons to life (ParlayButtonSlots).
 */
import { formatConfidence } from "@shared/domain/format";
import { ALL_LEAGUES } from "@shared/domain/leagues";
import { ALGO_RESULTS, leaguePicksUrl, leagueUrl } from "@shared/domain/urls";
import type { MatchCard } from "~/features/match/match-card.server";
import { PICKS_TITLE } from "~/features/league/league";
import type { SundayParlayView } from "../picks.server";
import { PickOutcomeBadge } from "~/features/match/components/PickOutcomeBadge";
import { PICKS_FAQ } from "~/features/content/faq";
import { FaqSection } from "~/features/content/components/FaqSection";
import { PageLink } from "~/components/PageLink";
import { ParlayBuilderExplainer } from "./ParlayBuilderExplainer";
import { RankedPicksList } from "./RankedPicksList";

/** The Sunday parlay is the editors' own, not the algorithm's pick: said beside every selection. */
export const EDITORS_SELECTION = "Editors' selection";

export function PicksPageContent({
  page,
}: {
  page: { parlay: SundayParlayView | null; topPicks: MatchCard[]; topPicksLimit: number };
}) {
  return (
    <>
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
            <p className="parlay-legs__note">
              <strong>{EDITORS_SELECTION}.</strong> Our editors chose these five legs; a leg's selection can differ from
              the algorithm's best pick on its match page. Each leg shows HIT or MISS once its match is over.
            </p>
            <ol className="parlay-legs">
              {page.parlay.legs.map((leg) => (
                <li key={leg.matchId} className="parlay-leg">
                  <div className="parlay-leg__header">
                    <p className="parlay-leg__match">{leg.match}</p>
                    {leg.result ? (
                      <p className="parlay-leg__result">
                        <span>Final Score {leg.result.finalScore}</span>
                        <PickOutcomeBadge outcome={leg.result.outcome} />
                      </p>
                    ) : null}
                  </div>
                  <dl className="parlay-leg__facts">
                    <div>
                      <dt>League</dt>
                      <dd>{leg.league}</dd>
                    </div>
                    <div>
                      <dt>{EDITORS_SELECTION}</dt>
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
                  <PageLink className="match-card__link" to={leg.matchPageLink}>
                    Match prediction<span className="visually-hidden">: {leg.match}</span>{" "}
                    <span aria-hidden="true">→</span>
                  </PageLink>
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
              <PageLink to={leagueUrl(league.key)}>{league.name}</PageLink>
            </li>
          ))}
        </ul>
        <p className="muted">
          Or just the ranked picks of one league:{" "}
          {ALL_LEAGUES.map((league, index) => (
            <span key={league.key}>
              {index > 0 ? " · " : ""}
              <PageLink to={leaguePicksUrl(league.key)}>{league.name} picks</PageLink>
            </span>
          ))}
        </p>
      </section>

      <ParlayBuilderExplainer />

      <FaqSection id="picks-faq-title" title="Questions About Our Picks" items={PICKS_FAQ} />

      <section aria-labelledby="performance-title" className="page-section">
        <h2 id="performance-title">Performance Tracking</h2>
        <p className="muted">
          Every pick is locked at kick-off and settled against the final score, hits and misses alike.
        </p>
        <PageLink className="button" to={ALGO_RESULTS}>
          View Latest Results & Hit Rates
        </PageLink>
      </section>
    </>
  );
}
