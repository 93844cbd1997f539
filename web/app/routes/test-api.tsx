import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { GeneralErrorBoundary } from "../components/GeneralErrorBoundary";
import { INTERNAL_HEADERS, requireInternalPage } from "../features/internal/access.server";
import type { CreatedMatch } from "../features/internal/create-match.server";
import type { LiveMatchAnswer, NoLiveMatchAnswer } from "../features/internal/live-match.server";
import { UtcTime, internalPageHeaders, internalPageMeta } from "../features/internal/internal-page";
import { CREATE_MATCH_API, FIND_UNITED_BRIGHTON_API, LIVE_MATCH_API } from "../features/internal/internal-urls";
import type { FoundFixture } from "../features/internal/united-brighton.server";
import {
  CREATE_MATCH_FAILED_TEXT,
  FIND_FIXTURE_FAILED_TEXT,
  LIVE_DATA_FAILED_TEXT,
} from "../features/internal/internal";
import { NO_LIVE_EVENTS_TEXT } from "../features/match/match";
import internalStyles from "../features/internal/styles/internal.css";
import { liveClockLabel } from "@shared/domain/format";
import { seasonLabel } from "@shared/domain/matchweek";
import { API_STATUS } from "@shared/domain/urls";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: internalStyles }];

/** /test-api: an operator's checks of the match data (internal: the site's 404 without the token). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireInternalPage(request, context.env);
  return data({ lookups: context.operations.fixtureLookups() }, { headers: INTERNAL_HEADERS });
}

export const headers: HeadersFunction = internalPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => internalPageMeta(page ? "API Test Page" : null);

type CallResult<T> = { ok: true; body: T } | { ok: false; message: string };

/** One call to an internal endpoint; a failure reads like the spec's fetch errors: "status: text". */
async function callEndpoint<T>(url: string, init: RequestInit = {}): Promise<CallResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" }, ...init });
  } catch (error) {
    return { ok: false, message: `The site could not be reached: ${(error as Error).message}` };
  }
  const text = await response.text();
  if (!response.ok) {
    let detail = text;
    try {
      detail = (JSON.parse(text) as { error?: string }).error ?? text;
    } catch {
      // Not JSON: the body as it came.
    }
    return { ok: false, message: `${response.status}: ${detail || response.statusText}` };
  }
  try {
    return { ok: true, body: JSON.parse(text) as T };
  } catch {
    return { ok: false, message: `${response.status}: the answer is not JSON` };
  }
}

type Call<T> = { state: "idle" } | { state: "busy" } | { state: "done"; result: CallResult<T> };

function useCall<T>() {
  const [call, setCall] = useState<Call<T>>({ state: "idle" });
  const run = async (url: string, init?: RequestInit) => {
    setCall({ state: "busy" });
    setCall({ state: "done", result: await callEndpoint<T>(url, init) });
  };
  return [call, run] as const;
}

function Failure({ title, message }: { title: string; message: string }) {
  return (
    <div className="internal-result internal-result--error" role="alert">
      <p className="internal-result__title">{title}</p>
      <p className="internal-result__detail">{message}</p>
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="internal-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FoundFixtureView({ found }: { found: FoundFixture }) {
  const { fixture, teams, league, goals } = found;
  const score = goals.home !== null && goals.away !== null ? `${goals.home}-${goals.away}` : null;
  return (
    <div className="internal-result internal-result--ok">
      <p className="internal-result__title">
        {teams.home.name} vs {teams.away.name}
      </p>
      <Facts
        rows={[
          ["Which", found.when === "next" ? "The next meeting" : "The latest meeting (none is scheduled)"],
          ["Kick-off", <UtcTime iso={fixture.date} />],
          ["Venue", fixture.venue.name ?? "Not known"],
          ["League", `${league.name} ${seasonLabel(league.season)}`],
          ["Status", `${fixture.status ?? fixture.state}${score ? ` · ${score}` : ""}`],
          ["Fixture ID", String(fixture.id)],
          [
            "API-Football fixture",
            fixture.apiFootballFixtureId === null ? "None stored" : String(fixture.apiFootballFixtureId),
          ],
        ]}
      />
      <a className="internal-link" href={found.matchUrl}>
        Open match page {found.matchUrl}
      </a>
    </div>
  );
}

function LiveMatchView({ answer }: { answer: LiveMatchAnswer | NoLiveMatchAnswer }) {
  if (!answer.live) {
    return (
      <div className="internal-result">
        <p className="internal-result__title">{answer.message}</p>
        <p className="internal-result__detail">
          Checked at <UtcTime iso={answer.checkedAt} /> by the site's clock.
        </p>
      </div>
    );
  }
  const { match } = answer;
  const minute = liveClockLabel(match.status, match.liveMinute, match.injuryTime) ?? match.status;
  return (
    <div className="internal-result internal-result--ok">
      <p className="internal-result__title">
        {match.homeTeam} {match.homeScore ?? 0}-{match.awayScore ?? 0} {match.awayTeam}
      </p>
      <Facts
        rows={[
          ["Minute", minute ?? "Not known"],
          ["League", match.league],
          ["Kick-off", <UtcTime iso={match.kickoffAt} />],
          ["Last update", match.lastUpdated ? <UtcTime iso={match.lastUpdated} /> : "Not known"],
          ["In play", `${answer.inPlay} match${answer.inPlay === 1 ? "" : "es"} (this one kicked off first)`],
        ]}
      />
      {match.events.length === 0 ? (
        <p className="internal-result__detail">{NO_LIVE_EVENTS_TEXT}</p>
      ) : (
        <ol className="internal-events">
          {match.events.map((event, index) => (
            <li key={index}>
              <span className="internal-events__minute">
                {event.minute}
                {event.extraMinute ? `+${event.extraMinute}` : ""}'
              </span>{" "}
              {event.detail ?? event.type} · {event.player ?? "Unknown player"} (
              {event.side === "home" ? match.homeTeam : match.awayTeam})
            </li>
          ))}
        </ol>
      )}
      <a className="internal-link" href={match.matchUrl}>
        Open match page
      </a>
    </div>
  );
}

function CreatedMatchView({ match }: { match: CreatedMatch }) {
  return (
    <div className="internal-result internal-result--ok" role="status">
      <p className="internal-result__title">
        {match.created ? "Match created" : "Match already stored"}: {match.homeTeam} vs {match.awayTeam}
      </p>
      <Facts
        rows={[
          ["Match ID", String(match.id)],
          ["Teams", `${match.homeTeamCode} v ${match.awayTeamCode}`],
          ["League", match.league],
          ["Match date", <UtcTime iso={match.matchDate} />],
          ["Venue", match.venue ?? "Not known"],
          [
            "From",
            `${match.provider === "api-football" ? "API-Football" : "football-data.co.uk"}${match.fixtureId ? ` fixture ${match.fixtureId}` : ""}`,
          ],
        ]}
      />
      <a className="internal-link" href={match.matchUrl}>
        Open match page {match.matchUrl}
      </a>
    </div>
  );
}

export default function TestApiPage() {
  const { lookups } = useLoaderData<typeof loader>();
  const [find, runFind] = useCall<FoundFixture>();
  const [live, runLive] = useCall<LiveMatchAnswer | NoLiveMatchAnswer>();
  const [create, runCreate] = useCall<CreatedMatch>();
  const [fixtureId, setFixtureId] = useState("");

  const submitCreate = (event: FormEvent) => {
    event.preventDefault();
    const id = fixtureId.trim();
    void runCreate(id === "" ? CREATE_MATCH_API : `${CREATE_MATCH_API}/${encodeURIComponent(id)}`, { method: "POST" });
  };

  return (
    <div className="page internal-page">
      <header className="page-header">
        <p className="badge">Internal</p>
        <h1>API Test Page</h1>
        <p className="page-header__intro">
          Checks of the match data behind the site: the stored Manchester United v Brighton fixture, the live feed, and
          creating a match from the fixtures provider. See{" "}
          <Link to={API_STATUS} reloadDocument>
            API status
          </Link>{" "}
          for the sync worker and the database.
        </p>
      </header>

      <div className="internal-grid">
        <section className="internal-card" aria-labelledby="find-title">
          <h2 id="find-title">Find fixture</h2>
          <p className="muted">
            The next Manchester United v Brighton &amp; Hove Albion match in the database, home or away; the latest when
            none is ahead.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void runFind(FIND_UNITED_BRIGHTON_API)}
            disabled={find.state === "busy"}
          >
            {find.state === "busy" ? "Finding..." : "Find fixture"}
          </button>
          <div aria-live="polite">
            {find.state === "done" &&
              (find.result.ok ? (
                <FoundFixtureView found={find.result.body} />
              ) : (
                <Failure title={FIND_FIXTURE_FAILED_TEXT} message={find.result.message} />
              ))}
          </div>
        </section>

        <section className="internal-card" aria-labelledby="live-title">
          <h2 id="live-title">Live data</h2>
          <p className="muted">
            The first match in play now, with its score, minute and events as the live job stored them.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void runLive(LIVE_MATCH_API)}
            disabled={live.state === "busy"}
          >
            {live.state === "busy" ? "Checking..." : "Get live data"}
          </button>
          <div aria-live="polite">
            {live.state === "done" &&
              (live.result.ok ? (
                <LiveMatchView answer={live.result.body} />
              ) : (
                <Failure title={LIVE_DATA_FAILED_TEXT} message={live.result.message} />
              ))}
          </div>
        </section>

        <section className="internal-card internal-card--wide" aria-labelledby="create-title">
          <h2 id="create-title">Create match</h2>
          <p className="muted">
            Fetches one fixture from the provider and stores it as the sync worker does; asking again returns the same
            match. Without a fixture ID: the next Manchester United v Brighton fixture
            {lookups.withoutId ? ` from ${lookups.withoutId}` : " (no provider feeds fixtures on this site)"}. Fixture
            IDs
            {lookups.byId
              ? ` are looked up at ${lookups.byId}.`
              : " cannot be looked up here: the fixtures provider has no ids and no API-Football key is set."}
          </p>
          <form className="internal-form" onSubmit={submitCreate}>
            <label htmlFor="fixture-id">Fixture ID (optional)</label>
            <div className="internal-form__row">
              <input
                id="fixture-id"
                name="fixtureId"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="API-Football fixture id"
                value={fixtureId}
                onChange={(event) => setFixtureId(event.target.value)}
              />
              <button type="submit" className="button" disabled={create.state === "busy"}>
                {create.state === "busy" ? "Creating..." : "Create match"}
              </button>
            </div>
          </form>
          <div aria-live="polite">
            {create.state === "done" &&
              (create.result.ok ? (
                <CreatedMatchView match={create.result.body} />
              ) : (
                <Failure title={CREATE_MATCH_FAILED_TEXT} message={create.result.message} />
              ))}
          </div>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
