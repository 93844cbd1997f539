import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatPercent } from "../../../../shared/domain/format";
import { LEAGUES } from "../../../../shared/domain/leagues";
import { HOME, leagueTableUrl, leagueUrl } from "../../../../shared/domain/urls";
import type { MatchDetail } from "../../matches.server";
import {
  LINEUPS_MISSING_TEXT,
  MATCH_NOT_FOUND_TEXT,
  MATCH_NOT_FOUND_TITLE,
  MATCH_SECTIONS,
  NO_LIVE_EVENTS_TEXT,
  PLAYER_STATS_MISSING_TEXT,
  SEE_FULL_TABLE_TEXT,
  STANDINGS_MISSING_TEXT,
  SUMMARY_MISSING_TEXT,
  TEAM_FORM_EMPTY_TEXT,
  backToLeagueText,
  matchBreadcrumb,
} from "../../page-texts";
import type { TeamKeyPlayers } from "../../key-players.server";
import type { LeagueTable } from "../../standings.server";
import { Breadcrumb } from "../Breadcrumb";
import { GeneralErrorBoundary } from "../GeneralErrorBoundary";
import { LeagueTableView } from "../league/LeagueTableView";
import { RichText } from "../RichText";
import { KeyPlayersView } from "./KeyPlayersView";
import { KickoffTime } from "./KickoffTime";
import { MatchHero } from "./MatchHero";
import { PickOutcomeBadge } from "./PickOutcomeBadge";
import { minuteLabel } from "./Scoreline";
import { TeamLineupView } from "./TeamLineupView";
import { useLiveRefresh } from "./useLiveRefresh";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="page-section match-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

const percent = (probability: number) => formatPercent(probability * 100);
const price = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** The rows of the table around the two teams: each team with its neighbours above and below. */
function snapshotRows(table: LeagueTable, teamIds: readonly number[]) {
  const positions = table.rows.filter((row) => teamIds.includes(row.teamId)).map((row) => row.position);
  return table.rows.filter((row) => positions.some((p) => Math.abs(row.position - p) <= 1));
}

/**
 * The full match page. The home page's Match of the Week is EmbeddedMatchView, which the home
 * page imports directly, so none of this page's code reaches the home page.
 */
export function MatchView({
  match,
  table,
  keyPlayers,
  live,
}: {
  match: MatchDetail;
  table: LeagueTable;
  keyPlayers: { home: TeamKeyPlayers | null; away: TeamKeyPlayers | null };
  live: boolean;
}) {
  useLiveRefresh(live);
  const { resolution, preview, home, away } = match;
  const leagueName = LEAGUES[match.league].name;
  const title = matchBreadcrumb(home.name, away.name);
  const summary = preview?.matchSummary?.length ? preview.matchSummary : null;
  const hasForm = match.form.home.length > 0 || match.form.away.length > 0;
  const snapshot = snapshotRows(table, [home.id, away.id]);
  const picks = [
    { label: "Match Result", pick: resolution.picks.result },
    { label: "Over/Under", pick: resolution.picks.overUnder },
    { label: "Both Teams to Score", pick: resolution.picks.btts },
  ];

  return (
    <div className="page match-page">
      <Breadcrumb
        crumbs={[
          { label: "Home", href: HOME },
          { label: `${leagueName} Predictions`, href: leagueUrl(match.league) },
          { label: title },
        ]}
      />
      <MatchHero match={match} titleAs="h1" />

      <Section id="match-summary" title={MATCH_SECTIONS.summary}>
        {preview?.verdictTag ? <p className="verdict-tag">{preview.verdictTag}</p> : null}
        {summary ? <RichText value={summary} /> : <p className="empty-text">{SUMMARY_MISSING_TEXT}</p>}
      </Section>

      <Section id="key-insights" title={MATCH_SECTIONS.insights}>
        {preview && preview.keyInsights.length > 0 ? (
          <ul className="insights">
            {preview.keyInsights.map((insight) => (
              <li key={insight}>{insight}</li>
            ))}
          </ul>
        ) : null}
        {match.probabilities ? (
          <div className="stat-block">
            <h3>Model probabilities</h3>
            <dl className="probabilities">
              <div>
                <dt>{home.name} win</dt>
                <dd>{percent(match.probabilities.home)}</dd>
              </div>
              <div>
                <dt>Draw</dt>
                <dd>{percent(match.probabilities.draw)}</dd>
              </div>
              <div>
                <dt>{away.name} win</dt>
                <dd>{percent(match.probabilities.away)}</dd>
              </div>
              <div>
                <dt>Over 2.5 goals</dt>
                <dd>{percent(match.probabilities.over25)}</dd>
              </div>
              <div>
                <dt>Both teams to score</dt>
                <dd>{percent(match.probabilities.btts)}</dd>
              </div>
              <div>
                <dt>Expected goals</dt>
                <dd>
                  {match.probabilities.expectedGoalsHome.toFixed(2)} – {match.probabilities.expectedGoalsAway.toFixed(2)}
                </dd>
              </div>
            </dl>
          </div>
        ) : null}
        {match.odds ? (
          <div className="stat-block">
            <h3>Market odds</h3>
            <dl className="probabilities">
              <div>
                <dt>1 · {home.name}</dt>
                <dd>{price(match.odds.home)}</dd>
              </div>
              <div>
                <dt>X · Draw</dt>
                <dd>{price(match.odds.draw)}</dd>
              </div>
              <div>
                <dt>2 · {away.name}</dt>
                <dd>{price(match.odds.away)}</dd>
              </div>
              <div>
                <dt>Over 2.5</dt>
                <dd>{price(match.odds.over25)}</dd>
              </div>
              <div>
                <dt>Under 2.5</dt>
                <dd>{price(match.odds.under25)}</dd>
              </div>
            </dl>
          </div>
        ) : null}
        {match.stats.length > 0 ? (
          <div className="stat-block">
            <h3>Match stats</h3>
            <table className="compare-table">
              <thead>
                <tr>
                  <th scope="col">{home.name}</th>
                  <th scope="col">Stat</th>
                  <th scope="col">{away.name}</th>
                </tr>
              </thead>
              <tbody>
                {match.stats.map((stat) => (
                  <tr key={stat.label}>
                    <td>{stat.home}</td>
                    <th scope="row">{stat.label}</th>
                    <td>{stat.away}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {match.state !== "pre-match" ? (
          <div className="stat-block">
            <h3>Match events</h3>
            {match.events.length === 0 ? (
              <p className="empty-text">{NO_LIVE_EVENTS_TEXT}</p>
            ) : (
              <ol className="events">
                {match.events.map((event, index) => (
                  <li key={`${event.minute}-${event.extraMinute}-${event.side}-${event.player}-${index}`} className={`event event--${event.side}`}>
                    <span className="event__minute">{minuteLabel(event.minute, event.extraMinute)}</span>{" "}
                    <span aria-hidden="true">{event.type === "Goal" ? "⚽" : event.detail === "Red Card" ? "🟥" : "🟨"}</span>{" "}
                    {event.detail ?? event.type} · {event.player ?? "Unknown"} ({event.side === "home" ? home.name : away.name})
                  </li>
                ))}
              </ol>
            )}
          </div>
        ) : null}
        <div className="stat-block">
          <h3>Head-to-head</h3>
          {match.headToHead.length === 0 ? (
            <p className="empty-text">No previous meetings in our data.</p>
          ) : (
            <ul className="h2h">
              {match.headToHead.map((meeting) => (
                <li key={meeting.kickoffAt}>
                  <KickoffTime iso={meeting.kickoffAt} dateOnly />: {meeting.home} {meeting.score} {meeting.away}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>

      <Section id="league-table" title={MATCH_SECTIONS.table}>
        {table.hasData && snapshot.length > 0 ? (
          <LeagueTableView rows={snapshot} caption={`${leagueName} table around ${home.name} and ${away.name}`} highlightTeamIds={[home.id, away.id]} />
        ) : (
          <p className="empty-text">{STANDINGS_MISSING_TEXT}</p>
        )}
        <p>
          <Link to={leagueTableUrl(match.league)}>{SEE_FULL_TABLE_TEXT}</Link>
        </p>
      </Section>

      <Section id="recent-lineups" title={MATCH_SECTIONS.lineups}>
        {preview?.predictedLineups?.length ? <RichText value={preview.predictedLineups} /> : null}
        {match.lineups.home || match.lineups.away ? (
          <div className="form-columns">
            <TeamLineupView teamName={home.name} lineup={match.lineups.home} />
            <TeamLineupView teamName={away.name} lineup={match.lineups.away} />
          </div>
        ) : preview?.predictedLineups?.length ? null : (
          <p className="empty-text">{LINEUPS_MISSING_TEXT}</p>
        )}
      </Section>

      <Section id="key-player-stats" title={MATCH_SECTIONS.players}>
        {preview?.keyPlayerStats?.length ? <RichText value={preview.keyPlayerStats} /> : null}
        {keyPlayers.home || keyPlayers.away ? (
          <div className="form-columns">
            <KeyPlayersView teamName={home.name} players={keyPlayers.home} />
            <KeyPlayersView teamName={away.name} players={keyPlayers.away} />
          </div>
        ) : preview?.keyPlayerStats?.length ? null : (
          <p className="empty-text">{PLAYER_STATS_MISSING_TEXT}</p>
        )}
      </Section>

      <Section id="team-form" title={MATCH_SECTIONS.form}>
        {preview?.teamFormMomentum?.length ? <RichText value={preview.teamFormMomentum} /> : null}
        {hasForm ? (
          <div className="form-columns">
            {[
              { team: home, form: match.form.home },
              { team: away, form: match.form.away },
            ].map(({ team, form }) => (
              <div key={team.id}>
                <h3>{team.name}: last {form.length}</h3>
                <ul className="form-list">
                  {form.map((entry) => (
                    <li key={entry.kickoffAt}>
                      <KickoffTime iso={entry.kickoffAt} dateOnly />{" "}
                      <span className={`form-pill form-pill--${entry.result.toLowerCase().replace("/", "")}`}>{entry.result}</span>{" "}
                      {entry.score} {entry.isHome ? "vs" : "at"} {entry.opponent}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : preview?.teamFormMomentum?.length ? null : (
          <p className="empty-text">{TEAM_FORM_EMPTY_TEXT}</p>
        )}
      </Section>

      {preview?.managersNotes?.length ? (
        <Section id="managers-notes" title={MATCH_SECTIONS.managers}>
          <RichText value={preview.managersNotes} />
        </Section>
      ) : null}

      <Section id="final-prediction" title={MATCH_SECTIONS.final}>
        <div className="final-picks">
          <div className="final-pick final-pick--best">
            <span className="final-pick__label">Best Pick</span>
            <strong>{resolution.bestPick}</strong>
            <span>{resolution.confidenceLabel}</span>
            <PickOutcomeBadge outcome={resolution.picks.best.outcome} />
          </div>
          {picks.map(({ label, pick }) => (
            <div key={label} className="final-pick">
              <span className="final-pick__label">{label}</span>
              <strong>{pick.text}</strong>
              <PickOutcomeBadge outcome={pick.outcome} />
            </div>
          ))}
        </div>
        {resolution.score ? (
          <p>
            {match.state === "post-match" ? "Final score" : "Projected score"}: <strong>{resolution.score}</strong>
          </p>
        ) : null}
        {preview?.finalPredictionSummary?.length ? <RichText value={preview.finalPredictionSummary} /> : null}
      </Section>

      <p className="page-section">
        <Link to={leagueUrl(match.league)}>
          <span aria-hidden="true">← </span>
          {backToLeagueText(leagueName)}
        </Link>
      </p>
    </div>
  );
}

/** 'Match Not Found - The requested match could not be found.' for unknown matches (spec 8). */
export function MatchErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && error.data === MATCH_NOT_FOUND_TITLE) {
    return (
      <section className="error-page" aria-labelledby="error-title">
        <h1 id="error-title">{MATCH_NOT_FOUND_TITLE}</h1>
        <p>{MATCH_NOT_FOUND_TEXT}</p>
        <Link className="button" to={HOME}>
          Go Back Home
        </Link>
      </section>
    );
  }
  return <GeneralErrorBoundary />;
}
