/**
 * The Algo Results page's content: the overall and per-league hit rates with the latest
 * results, the calibration chart, the comparison with the market and the forecasts download.
 * Rendered on the server only (algo-results-page.server.tsx); the route shows the markup.
 */
import { formatLongDate, formatMatchDateMDYY, formatPercent } from "@shared/domain/format";
import { formatProfit } from "@shared/domain/picks";
import { FIXTURE_AUDIT_CSV, FORECASTS_CSV, LEDGER_CSV, leagueUrl } from "@shared/domain/urls";
import { ALGO_RESULTS_FAQ } from "~/features/content/faq";
import { FaqSection } from "~/features/content/components/FaqSection";
import { PERFORMANCE_UNAVAILABLE_TEXT } from "../results";
import { NO_COMPLETED_MATCHES_TEXT } from "~/page-texts/shared";
import type { ClosingLineRecord, ConfidenceReliability, MarketComparison } from "@shared/model";
import type { OddsCheckPayload } from "@shared/model/odds-check";
import type { LeaguePerformanceRecord, PerformanceRecord, RecentSettledMatch } from "../track-record.server";
import { PickOutcomeBadge } from "~/features/match/components/PickOutcomeBadge";
import { PageLink } from "~/components/PageLink";
import { ScrollRegion } from "~/components/ScrollRegion";
import { formatClv } from "./clv-format";
import { OddsCheckSection } from "./OddsCheckSection";
import { ReliabilityChart } from "./ReliabilityChart";

export interface AlgoResultsData {
  overall: (PerformanceRecord & { closingLine: ClosingLineRecord }) | null;
  leagues: Array<LeaguePerformanceRecord & { recent: RecentSettledMatch[]; closingLine: ClosingLineRecord }>;
  reliability: ConfidenceReliability;
  market: Array<MarketComparison & { kind: string; label: string; closingLine: ClosingLineRecord }>;
  /** The worker's latest check of the season and live odds; null until it has run on this site. */
  oddsCheck: OddsCheckPayload | null;
}

/** A rate or a profit of no picks at all. */
export const NOTHING_TO_COUNT = "n/a";

/** "November 21, 2026", the same on server and browser whatever their time zone. */
function longDate(value: Date | null): string {
  return value ? formatLongDate(value) : "N/A";
}

/** The best picks against the closing price, under a record's hit rates. */
function ClosingLineSummary({ record }: { record: ClosingLineRecord }) {
  if (record.picks === 0) {
    return <p className="hit-rates__close muted">{NO_CLOSING_LINE_TEXT}</p>;
  }
  return (
    <p className="hit-rates__close">
      Best picks that beat the closing price: <strong>{formatPercent(record.beatCloseRate, 2)}</strong> of{" "}
      {record.picks} · mean closing-line value <strong>{formatClv(record.meanClv)}</strong>
    </p>
  );
}

/** Before any settled best pick with a locked price and a closing price. */
export const NO_CLOSING_LINE_TEXT = "No best pick with a closing price has been settled yet.";

function HitRates({
  record,
  label,
}: {
  record: PerformanceRecord & { closingLine: ClosingLineRecord };
  label: string;
}) {
  const rates = [
    { name: "Best Pick", hits: record.bestPickHits, misses: record.bestPickMisses, accuracy: record.bestPickAccuracy },
    { name: "Over/Under", hits: record.ouGoalsHits, misses: record.ouGoalsMisses, accuracy: record.ouGoalsAccuracy },
    { name: "BTTS", hits: record.bttsHits, misses: record.bttsMisses, accuracy: record.bttsAccuracy },
  ];
  return (
    <>
      <dl className="hit-rates" aria-label={label}>
        {rates.map((rate) => (
          <div key={rate.name} className="hit-rate">
            <dt>{rate.name} hit rate</dt>
            <dd className="hit-rate__value">{formatPercent(rate.accuracy, 2)}</dd>
            <dd className="hit-rate__counts">
              {rate.hits} hits · {rate.misses} misses
            </dd>
          </div>
        ))}
      </dl>
      <p className="hit-rates__meta">
        <span>
          Total matches predicted: <strong>{record.totalMatchesPredicted}</strong>
        </span>
        <span>
          Tracking since <strong>{formatMatchDateMDYY(record.trackingStartDate)}</strong>
        </span>
        <span>
          Last updated <strong>{longDate(record.lastUpdated)}</strong>
        </span>
      </p>
      <ClosingLineSummary record={record.closingLine} />
    </>
  );
}

export function AlgoResultsContent({ page }: { page: AlgoResultsData }) {
  return (
    <>
      <header className="page-header">
        <p className="badge">Track record</p>
        <h1>Algo Results</h1>
        <p className="page-header__intro">
          Every pick is locked at kick-off and settled against the final score. These are the hit rates of our best
          pick, over/under and both-teams-to-score calls, overall and league by league, with the latest results.
        </p>
      </header>

      <section aria-labelledby="overall-title" className="page-section">
        <h2 id="overall-title">Overall Performance</h2>
        {page.overall ? (
          <HitRates record={page.overall} label="Overall hit rates" />
        ) : (
          <p className="empty-text">{PERFORMANCE_UNAVAILABLE_TEXT}</p>
        )}
      </section>

      {page.leagues.map((league) => (
        <section key={league.league} aria-labelledby={`${league.league}-title`} className="page-section results-league">
          <h2 id={`${league.league}-title`}>{league.leagueName}</h2>
          <HitRates record={league} label={`${league.leagueName} hit rates`} />
          <details className="recent-results" open>
            <summary>Recent {league.leagueName} matches</summary>
            {league.recent.length === 0 ? (
              <p className="empty-text">{NO_COMPLETED_MATCHES_TEXT}</p>
            ) : (
              <ScrollRegion label={`Recent ${league.leagueName} matches`}>
                <table className="data-table data-table--stacked">
                  <caption className="visually-hidden">
                    Recent {league.leagueName} matches and the best pick's result
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Match</th>
                      <th scope="col">Final score</th>
                      <th scope="col">Best pick</th>
                      <th scope="col">Result</th>
                      <th scope="col">Profit</th>
                    </tr>
                  </thead>
                  <tbody>
                    {league.recent.map((match, index) => (
                      <tr key={match.fixtureId ?? index}>
                        <td data-label="Date">{match.matchDate ? formatMatchDateMDYY(match.matchDate) : "N/A"}</td>
                        <td data-label="Match">
                          {match.matchUrl ? (
                            <PageLink to={match.matchUrl}>
                              {match.homeTeam} vs {match.awayTeam}
                            </PageLink>
                          ) : (
                            `${match.homeTeam} vs ${match.awayTeam}`
                          )}
                        </td>
                        <td data-label="Final score">{match.finalScore ?? "N/A"}</td>
                        <td data-label="Best pick">{match.bestPick ?? "N/A"}</td>
                        <td data-label="Result">
                          {match.bestPickResult ? <PickOutcomeBadge outcome={match.bestPickResult} /> : "N/A"}
                        </td>
                        <td data-label="Profit">
                          {match.bestPickProfit === null ? "N/A" : formatProfit(match.bestPickProfit)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </details>
          <p>
            <PageLink to={leagueUrl(league.league)}>
              This week's {league.leagueName} predictions <span aria-hidden="true">→</span>
            </PageLink>
          </p>
        </section>
      ))}

      <section aria-labelledby="reliability-title" className="page-section">
        <h2 id="reliability-title">How Honest Is Our Confidence?</h2>
        <p className="muted">
          When we say a best pick is 70% likely, it should hit about 7 times in 10. Points above the diagonal mean we
          were too modest; below it, too bold. Based on {page.reliability.picks} settled best picks; average gap between
          the confidence shown and the actual hit rate: {(page.reliability.ece * 100).toFixed(1)} points.
        </p>
        {page.reliability.picks === 0 ? (
          <p className="empty-text">{NO_COMPLETED_MATCHES_TEXT}</p>
        ) : (
          <ReliabilityChart
            id="best-pick-reliability"
            bins={page.reliability.bins}
            title="Best pick: confidence shown vs actual hit rate"
          />
        )}
      </section>

      <section aria-labelledby="market-title" className="page-section">
        <h2 id="market-title">Our Picks vs the Market</h2>
        <p className="muted">
          Each pick against the odds it was made at. The market rate is what those prices implied (bookmaker margin
          included); profit is one unit staked on every pick: a hit returns the odds minus 1, a miss loses 1.
        </p>
        <p className="muted">
          Against the close: the share of picks locked at a higher price than the market closed at, and the mean
          closing-line value, the expected return of the locked price if the closing market (its margin taken out) was
          right. Beating the close over many picks is the surest sign that picks have value. Every closing price is in
          the pick ledger below.
        </p>
        <ScrollRegion label={"Picks against the market"}>
          <table className="data-table">
            <caption className="visually-hidden">
              Hit rate, average confidence, market-implied rate, profit and the closing line per kind of pick
            </caption>
            <thead>
              <tr>
                <th scope="col">Pick</th>
                <th scope="col">Priced picks</th>
                <th scope="col">Hit rate</th>
                <th scope="col">Our confidence</th>
                <th scope="col">Market implied</th>
                <th scope="col">Profit (units)</th>
                <th scope="col">Return</th>
                <th scope="col">Beat the close</th>
                <th scope="col">Mean CLV</th>
              </tr>
            </thead>
            <tbody>
              {page.market.map((row) => {
                // Nothing priced and settled yet: no rate or profit to show, rather than a 0.00% that reads as a result.
                const counted = row.picks > 0;
                const closed = row.closingLine.picks > 0;
                return (
                  <tr key={row.kind}>
                    <th scope="row">{row.label}</th>
                    <td>{row.picks}</td>
                    <td>{counted ? formatPercent(row.hitRate, 2) : NOTHING_TO_COUNT}</td>
                    <td>{counted ? formatPercent(row.averageConfidence, 2) : NOTHING_TO_COUNT}</td>
                    <td>{counted ? formatPercent(row.marketImpliedRate, 2) : NOTHING_TO_COUNT}</td>
                    <td>{counted ? formatProfit(row.profit) : NOTHING_TO_COUNT}</td>
                    <td>{counted ? formatPercent(row.returnOnStake, 2) : NOTHING_TO_COUNT}</td>
                    <td>
                      {closed
                        ? `${formatPercent(row.closingLine.beatCloseRate, 2)} of ${row.closingLine.picks}`
                        : NOTHING_TO_COUNT}
                    </td>
                    <td>{closed ? formatClv(row.closingLine.meanClv) : NOTHING_TO_COUNT}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </section>

      <OddsCheckSection check={page.oddsCheck} />

      <section aria-labelledby="download-title" className="page-section">
        <h2 id="download-title">Download Every Forecast</h2>
        <p className="muted">
          Every forecast we stored, as it stood at kick-off, with the probabilities, expected goals, picks and the final
          score once known.
        </p>
        <a className="button" href={FORECASTS_CSV} download>
          Download forecasts (CSV)
        </a>
        <p className="muted">
          Every pick locked at kick-off is also published in a hash-chained ledger that anyone can save and check with{" "}
          <code>npm run ledger:verify</code>, which proves that no past pick or result has changed since:{" "}
          <a href={LEDGER_CSV} download>
            download the pick ledger (CSV)
          </a>
          . Beside it, the database's own record of every change of a match's kick-off or final score, which the
          verifier holds the ledger against, with the public results of the matches:{" "}
          <a href={FIXTURE_AUDIT_CSV} download>
            download the fixture audit (CSV)
          </a>
          .
        </p>
      </section>

      <FaqSection id="record-faq-title" title="Questions About This Record" items={ALGO_RESULTS_FAQ} />
    </>
  );
}
