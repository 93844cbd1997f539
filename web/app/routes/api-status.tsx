import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { ScrollRegion } from "../components/ScrollRegion";
import { INTERNAL_HEADERS, requireInternalPage } from "../features/internal/access.server";
import { getApiStatus } from "../features/internal/api-status.server";
import {
  JobsSummary,
  JobsTable,
  number,
  PageCacheFacts,
  StatusBadge,
} from "../features/internal/components/ApiStatusParts";
import { listPreviewsNeedingReview } from "../features/internal/needs-review.server";
import { UtcTime, internalPageHeaders, internalPageMeta } from "../features/internal/internal-page";
import internalStyles from "../features/internal/styles/internal.css";
import { API_STATUS, TEST_API } from "@shared/domain/urls";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: internalStyles }];

/** /api-status: the operator's view of the database, the sync worker and the providers (internal). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireInternalPage(request, context.env);
  const [status, needsReview] = await Promise.all([
    getApiStatus(context),
    listPreviewsNeedingReview(context).catch(() => null),
  ]);
  return data({ ...status, needsReview }, { headers: INTERNAL_HEADERS });
}

export const headers: HeadersFunction = internalPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => internalPageMeta(page ? "API Status" : null);

export default function ApiStatusPage() {
  const status = useLoaderData<typeof loader>();
  const { database, clock, providers, counts } = status;
  return (
    <div className="page internal-page">
      <header className="page-header">
        <p className="badge">Internal</p>
        <h1>API Status</h1>
        <p className="page-header__intro">
          The database, the sync worker's last runs, where each kind of match data comes from, and what is stored.
          Report made <UtcTime iso={status.generatedAt} />. <a href={API_STATUS}>Refresh</a>
        </p>
      </header>

      <div className="internal-grid internal-grid--three">
        <section className="internal-card" aria-labelledby="database-title">
          <h2 id="database-title">Database</h2>
          <p className="internal-card__state">
            <StatusBadge status={database.reachable ? "ok" : "failed"} />{" "}
            {database.reachable ? "Reachable" : "Unreachable"}
          </p>
          <dl className="internal-facts">
            <div>
              <dt>Kind</dt>
              <dd>{database.kind}</dd>
            </div>
            <div>
              <dt>Where</dt>
              <dd>{database.location}</dd>
            </div>
            {database.latencyMs !== null && (
              <div>
                <dt>Round trip</dt>
                <dd>{database.latencyMs} ms</dd>
              </div>
            )}
            <div>
              <dt>Migrations</dt>
              <dd>
                {database.migrations.applied ?? "?"} of {database.migrations.total} applied
              </dd>
            </div>
          </dl>
          {database.error && <p className="internal-error">{database.error}</p>}
        </section>

        <section className="internal-card" aria-labelledby="clock-title">
          <h2 id="clock-title">Clock</h2>
          <p className="internal-card__state">{clock.kind === "replay" ? "Replay of the season" : "Real time"}</p>
          <dl className="internal-facts">
            <div>
              <dt>Now</dt>
              <dd>
                <UtcTime iso={clock.now} />
              </dd>
            </div>
            {clock.replayStart && (
              <div>
                <dt>Replay from</dt>
                <dd>
                  <UtcTime iso={clock.replayStart} /> at {clock.speed}× speed
                </dd>
              </div>
            )}
          </dl>
        </section>

        <section className="internal-card" aria-labelledby="worker-title">
          <h2 id="worker-title">Sync worker</h2>
          <p className="internal-card__state">
            {status.worker === "embedded"
              ? "Inside the web process"
              : status.worker === "separate"
                ? "Separate process (npm run worker)"
                : "Off"}
          </p>
          <JobsSummary jobs={status.jobs} />
        </section>

        <section className="internal-card" aria-labelledby="page-cache-title">
          <h2 id="page-cache-title">Page cache</h2>
          <PageCacheFacts cache={status.pageCache} />
        </section>
      </div>

      <section className="page-section" aria-labelledby="jobs-title">
        <h2 id="jobs-title">Last run of every job</h2>
        {status.jobs === null ? (
          <p className="empty-text">The database could not be read.</p>
        ) : status.jobs.length === 0 ? (
          <p className="empty-text">No job has run yet.</p>
        ) : (
          <JobsTable jobs={status.jobs} generatedAt={status.generatedAt} />
        )}
      </section>

      <section className="page-section" aria-labelledby="providers-title">
        <h2 id="providers-title">Providers</h2>
        {providers.configurationError && <p className="internal-error">{providers.configurationError}</p>}
        <div className="internal-split">
          <ScrollRegion label="Which provider feeds each kind of data">
            <table className="data-table internal-table">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Comes from</th>
                </tr>
              </thead>
              <tbody>
                {providers.kinds.map(({ kind, source, label }) => (
                  <tr key={kind}>
                    <th scope="row">{kind}</th>
                    <td className={source === "off" ? "muted" : undefined}>{label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <dl className="internal-facts internal-card">
            <div>
              <dt>football-data.co.uk</dt>
              <dd>{providers.footballDataOrigin}</dd>
            </div>
            <div>
              <dt>API-Football</dt>
              <dd>
                {providers.apiFootball.keyConfigured ? "Key configured" : "No key (API_FOOTBALL_KEY unset)"} ·{" "}
                {providers.apiFootball.baseUrl}
              </dd>
            </div>
            <div>
              <dt>API-Football quota</dt>
              <dd>
                {providers.apiFootball.lastQuotaProblem ? (
                  <>
                    Last spent <UtcTime iso={providers.apiFootball.lastQuotaProblem.at} /> (
                    {providers.apiFootball.lastQuotaProblem.job}): {providers.apiFootball.lastQuotaProblem.error}
                  </>
                ) : (
                  "No run has stopped on the quota. The worker reads the remaining budget from each answer and does not store it."
                )}
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="page-section" aria-labelledby="counts-title">
        <h2 id="counts-title">Stored data{counts ? ` · ${counts.seasonLabel}` : ""}</h2>
        {counts === null ? (
          <p className="empty-text">The database could not be read.</p>
        ) : (
          <div className="internal-split">
            <ScrollRegion label={`Fixtures of ${counts.seasonLabel} per league`}>
              <table className="data-table internal-table">
                <thead>
                  <tr>
                    <th scope="col">League</th>
                    <th scope="col">Fixtures</th>
                    <th scope="col">Finished</th>
                    <th scope="col">Live</th>
                    <th scope="col">To play</th>
                  </tr>
                </thead>
                <tbody>
                  {counts.fixtures.map((row) => (
                    <tr key={row.league}>
                      <th scope="row">{row.name}</th>
                      <td>{number(row.total)}</td>
                      <td>{number(row.finished)}</td>
                      <td>{number(row.live)}</td>
                      <td>{number(row.toPlay)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <dl className="internal-facts internal-card">
              <div>
                <dt>Predictions</dt>
                <dd>{number(counts.predictions)}</dd>
              </div>
              <div>
                <dt>Ledger rows</dt>
                <dd>
                  {number(counts.ledgerRows)} ({number(counts.settledLedgerRows)} settled)
                </dd>
              </div>
            </dl>
          </div>
        )}
      </section>

      <section className="page-section" aria-labelledby="review-title">
        <h2 id="review-title">Previews needing review</h2>
        <p>
          Published previews of this week's and next week's fixtures whose pick contradicts the model or itself: its
          probability under 40%, a confidence more than 20 points from it, a projected score against the 1X2 pick, or a
          best pick naming a different winner from the 1X2 pick. Editors may publish them knowingly.
        </p>
        {status.needsReview === null ? (
          <p className="muted">Could not be read.</p>
        ) : status.needsReview.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ScrollRegion label="Previews needing review">
            <table className="data-table internal-table">
              <thead>
                <tr>
                  <th scope="col">Match</th>
                  <th scope="col">Kick-off</th>
                  <th scope="col">Flagged on publishing</th>
                  <th scope="col">With the model's current numbers</th>
                </tr>
              </thead>
              <tbody>
                {status.needsReview.map((entry) => (
                  <tr key={entry.href}>
                    <td>
                      <Link to={entry.href}>{entry.match}</Link> <span className="muted">{entry.league}</span>
                    </td>
                    <td className="internal-table__when">
                      <UtcTime iso={entry.kickoffAt} />
                    </td>
                    <td>{entry.flagged ? "yes" : "no"}</td>
                    <td className="internal-table__note">
                      {entry.reasons.length > 0 ? entry.reasons.join("; ") : "no longer"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section className="page-section" aria-labelledby="pages-title">
        <h2 id="pages-title">Match pages</h2>
        <ul className="internal-links">
          <li>
            <Link to={status.specMatch.href}>Match {status.specMatch.href}</Link>
            <span className="muted">{status.specMatch.label ?? "no match has id 1 yet"}</span>
          </li>
          {(status.matchLinks ?? []).map((match) => (
            <li key={match.href}>
              <Link to={match.href}>{match.label}</Link>
              <span className="muted">
                {match.league} ·{" "}
                {match.state === "live"
                  ? "live now, kicked off"
                  : match.state === "post-match"
                    ? "finished, kicked off"
                    : "kicks off"}{" "}
                <UtcTime iso={match.kickoffAt} />
              </span>
            </li>
          ))}
        </ul>
        <p>
          <a className="button" href={TEST_API}>
            Open the API test page
          </a>
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
