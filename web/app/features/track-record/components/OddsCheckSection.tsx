/**
 * /algo-results' "How good are our season and live odds?": the worker's latest walk-forward check
 * of the season outlook, of the live win probability at half-time (shared/model/odds-check.ts) and
 * of every scoreline (shared/model/scoreline-check.ts), as small tables with a plain-language line each. Rendered on the server only.
 */
import type { LiveCheckFigures, OddsCheckPayload, OutlookCheckFigures, OutlookMetric } from "@shared/model/odds-check";
import type { ClosingLineCheckFigures } from "@shared/model/closing-line-check";
import type { ScorelineCheckFigures } from "@shared/model/scoreline-check";
import { LEAGUES } from "@shared/domain/leagues";
import { formatLongDate, formatPercent } from "@shared/domain/format";
import { ScrollRegion } from "~/components/ScrollRegion";
import { formatClv } from "./clv-format";

export const ODDS_CHECK_TITLE = "How good are our season and live odds?";
export const ODDS_CHECK_PENDING_TEXT =
  "Not checked on this site yet: the check needs several seasons of match history, which this site has not loaded.";

/** '1617' → '2016-17'. */
export function seasonLabel(code: string): string {
  return `20${code.slice(0, 2)}-${code.slice(2)}`;
}

function seasonsLabel(codes: readonly string[]): string {
  if (codes.length === 0) return "";
  return codes.length === 1
    ? seasonLabel(codes[0])
    : `${seasonLabel(codes[0])} to ${seasonLabel(codes[codes.length - 1])}`;
}

const score = (x: number) => x.toFixed(4);
const WHOLE = new Intl.NumberFormat("en-US");
const count = (n: number) => WHOLE.format(n);

/**
 * An improvement in whole percent, never flattering: a gain rounds down and a loss up, so 19.96%
 * (a missed 20% target) shows as 19%, and −13.04% as −14%.
 */
function wholePercent(improvement: number): number {
  return Math.floor(improvement * 100 + 1e-9);
}

/** "22% better" or "5% worse". */
function comparison(improvement: number): string {
  const whole = wholePercent(improvement);
  return whole >= 0 ? `${whole}% better` : `${-whole}% worse`;
}

const ODDS_NAMES: Record<OutlookMetric["key"], string> = {
  title: "title odds",
  championsLeague: "Champions League odds",
  relegation: "relegation odds",
};

function OutlookCheck({ figures }: { figures: OutlookCheckFigures }) {
  return (
    <>
      <h3>Season odds</h3>
      <p className="muted">
        Replayed on {count(figures.leagueSeasons)} league seasons ({seasonsLabel(figures.seasons)}) from the table after
        matchweeks {figures.checkpoints.join(", ")}, using only what was known then: {count(figures.teamForecasts)} club
        forecasts scored against the final tables. The Brier score is the average squared miss (lower is better); the
        baseline extends each club's points per game so far. Our target: 20% better.
      </p>
      <ScrollRegion label="Season odds against the baseline">
        <table className="data-table odds-check__table" id="odds-check-outlook">
          <caption className="visually-hidden">
            Brier score of our season odds and of the points-per-game baseline
          </caption>
          <thead>
            <tr>
              <th scope="col">Chance of</th>
              <th scope="col">Our Brier</th>
              <th scope="col">Baseline</th>
              <th scope="col">Better by</th>
            </tr>
          </thead>
          <tbody>
            {figures.metrics.map((m) => (
              <tr key={m.key} data-metric={m.key}>
                <th scope="row">{m.label}</th>
                <td>{score(m.ours)}</td>
                <td>{score(m.baseline)}</td>
                <td>
                  {wholePercent(m.improvement) < 0 ? `−${-wholePercent(m.improvement)}` : wholePercent(m.improvement)}%
                  (target {m.met ? "met" : "missed"})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="odds-check__lines">
        {figures.metrics.map((m) => (
          <li key={m.key}>
            Our {ODDS_NAMES[m.key]} scored a Brier of {score(m.ours)} against {score(m.baseline)} for a points-per-game
            baseline: {comparison(m.improvement)}.
          </li>
        ))}
      </ul>
    </>
  );
}

function LiveCheck({ figures }: { figures: LiveCheckFigures }) {
  const better = 1 - figures.rps.ours / figures.rps.preMatch;
  return (
    <>
      <h3>Live odds at half-time</h3>
      <p className="muted">
        {count(figures.matches)} matches of {seasonsLabel(figures.seasons)}: our win probability at half-time (from the
        score and our pre-match forecast) against the pre-match forecast and the rule "the team ahead at half-time
        wins". The ranked probability score (RPS) is lower when the odds are better.
      </p>
      <ScrollRegion label="Half-time odds against other forecasts">
        <table className="data-table odds-check__table" id="odds-check-live">
          <caption className="visually-hidden">Ranked probability score of three forecasts of the final result</caption>
          <thead>
            <tr>
              <th scope="col">Forecast</th>
              <th scope="col">RPS</th>
            </tr>
          </thead>
          <tbody>
            <tr data-forecast="ours">
              <th scope="row">Ours at half-time</th>
              <td>{score(figures.rps.ours)}</td>
            </tr>
            <tr data-forecast="pre-match">
              <th scope="row">Our pre-match forecast</th>
              <td>{score(figures.rps.preMatch)}</td>
            </tr>
            <tr data-forecast="leader">
              <th scope="row">Half-time leader wins</th>
              <td>{score(figures.rps.leaderRule)}</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="odds-check__lines">
        <li>
          At half-time our odds scored an RPS of {score(figures.rps.ours)} against {score(figures.rps.preMatch)} before
          kick-off ({comparison(better)}) and {score(figures.rps.leaderRule)} for "the half-time leader wins".
        </li>
        <li>
          Calibration: our half-time chances were off by {(figures.ece * 100).toFixed(1)} points on average (expected
          calibration error {score(figures.ece)}; target at most {(figures.eceTarget * 100).toFixed(0)} points:{" "}
          {figures.met ? "met" : "missed"}).
        </li>
      </ul>
    </>
  );
}

/** "0.77% better" or "0.50% worse", to the hundredth of a percent and never flattering (a gain rounds down, a loss up). */
function fineComparison(improvement: number): string {
  const hundredths = Math.floor(improvement * 10_000 + 1e-9);
  return hundredths >= 0 ? `${(hundredths / 100).toFixed(2)}% better` : `${(-hundredths / 100).toFixed(2)}% worse`;
}

function ScorelineCheck({ figures }: { figures: ScorelineCheckFigures }) {
  return (
    <>
      <h3>Every scoreline</h3>
      <p className="muted">
        {count(figures.matches)} matches of {seasonsLabel(figures.seasons)}: the chance our forecast gave the actual
        final score, against independent Poisson goals for each side fitted to the market&apos;s 1X2 and over/under 2.5
        prices. The log score is lower when the forecast gave the actual score more probability.
      </p>
      <ScrollRegion label="Scoreline forecasts against the market's">
        <table className="data-table odds-check__table" id="odds-check-scoreline">
          <caption className="visually-hidden">Log score of two forecasts of the final score</caption>
          <thead>
            <tr>
              <th scope="col">Forecast</th>
              <th scope="col">Log score</th>
            </tr>
          </thead>
          <tbody>
            <tr data-forecast="ours">
              <th scope="row">Ours, every scoreline</th>
              <td>{score(figures.logScore.ours)}</td>
            </tr>
            <tr data-forecast="market-poisson">
              <th scope="row">Independent Poisson goals fitted to the market</th>
              <td>{score(figures.logScore.baseline)}</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="odds-check__lines">
        <li>
          Our chances of every final score scored a log score of {score(figures.logScore.ours)} against{" "}
          {score(figures.logScore.baseline)} for independent Poisson goals fitted to the market&apos;s prices:{" "}
          {fineComparison(figures.improvement)}. Ours gave the actual score more probability in{" "}
          {Math.round(figures.oursHigher * 100)}% of matches.
        </li>
      </ul>
    </>
  );
}

const CLOSING_KIND_LABELS: Record<ClosingLineCheckFigures["byKind"][number]["kind"], string> = {
  best: "Best pick",
  result: "Match result (1X2)",
  "over-under": "Over/Under 2.5",
};

function ClosingLineCheck({ figures }: { figures: ClosingLineCheckFigures }) {
  const best = figures.byKind.find((row) => row.kind === "best");
  return (
    <>
      <h3>Against the closing line</h3>
      <p className="muted">
        {count(figures.matches)} matches of {seasonsLabel(figures.seasons)}: each pick our model made a week ahead, at
        the opening price it was made against, held against the price the market closed at for the same selection, as
        the pick ledger holds every pick. The closing-line value is the expected return of the opening price if the
        closing market, its margin taken out, was right.
      </p>
      <ScrollRegion label="Walk-forward picks against the closing price">
        <table className="data-table odds-check__table" id="odds-check-closing-line">
          <caption className="visually-hidden">
            Share of walk-forward picks that beat the closing price and their mean closing-line value
          </caption>
          <thead>
            <tr>
              <th scope="col">Picks</th>
              <th scope="col">Priced</th>
              <th scope="col">Beat the close</th>
              <th scope="col">Mean CLV</th>
            </tr>
          </thead>
          <tbody>
            {figures.byKind
              .filter((row) => row.picks > 0)
              .map((row) => (
                <tr key={row.kind} data-kind={row.kind}>
                  <th scope="row">{CLOSING_KIND_LABELS[row.kind]}</th>
                  <td>{count(row.picks)}</td>
                  <td>{formatPercent(row.beatCloseRate, 2)}</td>
                  <td>{formatClv(row.meanClv)}</td>
                </tr>
              ))}
            {figures.byLeague.map((row) => (
              <tr key={row.league} data-league={row.league}>
                <th scope="row">Best pick, {LEAGUES[row.league].name}</th>
                <td>{count(row.picks)}</td>
                <td>{formatPercent(row.beatCloseRate, 2)}</td>
                <td>{formatClv(row.meanClv)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {best && best.picks > 0 && (
        <ul className="odds-check__lines">
          <li>
            {formatPercent(best.beatCloseRate, 1)} of our best picks were made at a better price than the close, with a
            mean closing-line value of {formatClv(best.meanClv)}.
          </li>
        </ul>
      )}
    </>
  );
}

export function OddsCheckSection({ check }: { check: OddsCheckPayload | null }) {
  return (
    <section aria-labelledby="odds-check-title" className="page-section odds-check" id="odds-check">
      <h2 id="odds-check-title">{ODDS_CHECK_TITLE}</h2>
      {check && (check.outlook || check.live || check.scoreline || check.closingLine) ? (
        <>
          {check.outlook && <OutlookCheck figures={check.outlook} />}
          {check.live && <LiveCheck figures={check.live} />}
          {check.scoreline && <ScorelineCheck figures={check.scoreline} />}
          {check.closingLine && <ClosingLineCheck figures={check.closingLine} />}
          <p className="muted odds-check__date">
            Latest check: <time dateTime={check.ranAt}>{formatLongDate(check.ranAt)}</time>, rerun whenever the match
            history changes.
          </p>
        </>
      ) : (
        <p className="empty-text">{ODDS_CHECK_PENDING_TEXT}</p>
      )}
    </section>
  );
}
