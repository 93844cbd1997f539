/**
 * The match page below its header, rendered on the server (server-markup.server.tsx): the
 * breadcrumb, the spec's sections in order and the link back to the league. None of it changes
 * in the browser, so the page sends this markup instead of the data it is made from, and
 * MatchView shows it around the interactive header (MatchHero).
 */
import type { ReactNode } from "react";
import { formatMatchMinute, formatPercent } from "@shared/domain/format";
import { LEAGUES } from "@shared/domain/leagues";
import { HOME, leagueTableUrl, leagueUrl } from "@shared/domain/urls";
import type { TeamKeyPlayers } from "../key-players.server";
import type { MatchDetail } from "../matches.server";
import {
  backToLeagueText,
  HEAD_TO_HEAD_HEADING,
  LINEUPS_MISSING_TEXT,
  MATCH_SECTIONS,
  NO_EVENT_FEED_TEXT,
  NO_GOALS_TEXT,
  NO_LIVE_EVENTS_TEXT,
  NO_MEETINGS_TEXT,
  SEE_FULL_TABLE_TEXT,
  SUMMARY_MISSING_TEXT,
  TACTICAL_ANALYSIS_HEADING,
  TEAM_FORM_EMPTY_TEXT,
} from "../match";
import { matchBreadcrumb, pickConfidenceTexts } from "../match-cards";
import { goalsFromScoreChanges } from "../score-change-goals";
import { PLAYER_STATS_MISSING_TEXT, STANDINGS_MISSING_TEXT } from "~/page-texts/shared";
import { renderOptionalRichText } from "~/features/content/rich-text.server";
import { NO_EDIT_MARKS, type EditMark } from "~/features/content/editable.server";
import { renderServerHtml } from "~/server-markup.server";
import type { LeagueTable } from "~/features/league/standings.server";
import { BreadcrumbTrail } from "~/components/Breadcrumb";
import { LeagueTableView } from "~/features/league/components/LeagueTableView";
import { PageLink } from "~/components/PageLink";
import { RichText } from "~/features/content/components/RichText";
import type { ServerHtml } from "~/components/ServerMarkup";
import { KeyPlayersView } from "./KeyPlayersView";
import { KickoffTime } from "./KickoffTime";
import type { MatchSectionsMarkup } from "./MatchView";
import { PickVerdict } from "./PickBox";
import { PickOutcomeBadge } from "./PickOutcomeBadge";
import { TeamLineupView } from "./TeamLineupView";

const percent = (probability: number) => formatPercent(probability * 100);
const price = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** The rows of the table around the two teams: each team with its neighbours above and below. */
function snapshotRows(table: LeagueTable, teamIds: readonly number[]) {
  const positions = table.rows.filter((row) => teamIds.includes(row.teamId)).map((row) => row.position);
  return table.rows.filter((row) => positions.some((p) => Math.abs(row.position - p) <= 1));
}

/** Editorial text for a section, rendered, or null when the editors wrote none. */
function Editorial({ html, editMark }: { html: ServerHtml | null; editMark?: string }) {
  return html ? <RichText value={html} editMark={editMark} /> : null;
}

/**
 * The match events of a match whose source sent none: 'No live events yet' while no goal has
 * been scored, else the goals read from the score as it changed (the minute it was first seen,
 * approximate, or 'Time unknown'), saying plainly that the source has no event feed.
 */
function ScoreChangeGoals({ match }: { match: Pick<MatchDetail, "state" | "homeScore" | "awayScore" | "liveProbabilityHistory" | "home" | "away"> }) {
  const goals = goalsFromScoreChanges(match.liveProbabilityHistory, { home: match.homeScore, away: match.awayScore });
  if (goals.length === 0) {
    return <p className="empty-text">{match.state === "post-match" ? NO_GOALS_TEXT : NO_LIVE_EVENTS_TEXT}</p>;
  }
  return (
    <>
      <ol className="events" data-score-change-goals="">
        {goals.map((goal, index) => (
          <li key={index} className={`event event--${goal.side}`} data-approximate={goal.seenAt ? "" : undefined}>
            <span className="event__minute">
              {goal.seenAt === null ? (
                "Time unknown"
              ) : goal.seenAt === "full time" ? (
                "By full time"
              ) : (
                <>
                  <span aria-hidden="true">~</span>
                  {goal.seenAt === "half-time" ? "HT" : goal.seenAt}
                  <span className="visually-hidden"> (approximate)</span>
                </>
              )}
            </span>{" "}
            <span aria-hidden="true">⚽</span> Goal · {goal.side === "home" ? match.home.name : match.away.name}{" "}
            {goal.scoreAfter ? `(${goal.scoreAfter})` : `(order unknown; ${goal.seenScore} after)`}
          </li>
        ))}
      </ol>
      <p className="muted" data-no-event-feed="">
        {NO_EVENT_FEED_TEXT}
      </p>
    </>
  );
}

export function renderMatchSections({
  match,
  table,
  keyPlayers,
  edit = NO_EDIT_MARKS,
}: {
  match: MatchDetail;
  table: LeagueTable;
  keyPlayers: { home: TeamKeyPlayers | null; away: TeamKeyPlayers | null };
  /** In draft preview: the click-to-edit marks of the match preview's fields. */
  edit?: EditMark;
}): MatchSectionsMarkup {
  const { resolution, preview, home, away } = match;
  const leagueName = LEAGUES[match.league].name;
  const title = matchBreadcrumb(home.name, away.name);
  const summary = renderOptionalRichText(preview?.matchSummary);
  const tacticalAnalysis = renderOptionalRichText(preview?.tacticalAnalysis);
  const headToHeadNotes = renderOptionalRichText(preview?.headToHead);
  const predictedLineups = renderOptionalRichText(preview?.predictedLineups);
  const keyPlayerStats = renderOptionalRichText(preview?.keyPlayerStats);
  const teamFormMomentum = renderOptionalRichText(preview?.teamFormMomentum);
  const managersNotes = renderOptionalRichText(preview?.managersNotes);
  const finalPredictionSummary = renderOptionalRichText(preview?.finalPredictionSummary);
  const hasForm = match.form.home.length > 0 || match.form.away.length > 0;
  const snapshot = snapshotRows(table, [home.id, away.id]);
  const bestConfidence = pickConfidenceTexts(resolution);
  // The BTTS call's own confidence (the editor's, else the algorithm's) shows before kick-off
  // only: the ledger row locked at kick-off holds the algorithm's figure for the call instead.
  const bttsConfidence =
    match.state === "pre-match" && resolution.picks.btts.code ? pickConfidenceTexts(resolution, resolution.bttsConfidence).confidence : null;
  const picks = [
    { label: "Match Result", pick: resolution.picks.result, confidence: null },
    { label: "Over/Under", pick: resolution.picks.overUnder, confidence: null },
    { label: "Both Teams to Score", pick: resolution.picks.btts, confidence: bttsConfidence },
  ];

  const hasSnapshot = table.hasData && snapshot.length > 0;
  // A section with nothing but its placeholder text is shown as one muted line, not a card.
  const sections: Array<{ id: string; title: string; content: ReactNode; empty?: boolean } | null> = [
    {
      id: "match-summary",
      title: MATCH_SECTIONS.summary,
      content: (
        <>
          {preview?.verdictTag ? (
            <p className="verdict-tag" data-sanity={edit("verdictTag")}>
              {preview.verdictTag}
            </p>
          ) : null}
          {summary ? <RichText value={summary} editMark={edit("matchSummary")} /> : <p className="empty-text">{SUMMARY_MISSING_TEXT}</p>}
        </>
      ),
    },
    {
      id: "key-insights",
      title: MATCH_SECTIONS.insights,
      content: (
        <>
          {preview && preview.keyInsights.length > 0 ? (
            <ul className="insights">
              {preview.keyInsights.map((insight, index) => (
                <li key={insight} data-sanity={edit(`keyInsights[${index}]`)}>
                  {insight}
                </li>
              ))}
            </ul>
          ) : null}
          {tacticalAnalysis ? (
            <div className="stat-block">
              <h3>{TACTICAL_ANALYSIS_HEADING}</h3>
              <RichText value={tacticalAnalysis} editMark={edit("tacticalAnalysis")} />
            </div>
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
                <ScoreChangeGoals match={match} />
              ) : (
                <ol className="events">
                  {match.events.map((event, index) => (
                    <li key={`${event.minute}-${event.extraMinute}-${event.side}-${event.player}-${index}`} className={`event event--${event.side}`}>
                      <span className="event__minute">{formatMatchMinute(event.minute, event.extraMinute)}</span>{" "}
                      <span aria-hidden="true">{event.type === "Goal" ? "⚽" : event.detail === "Red Card" ? "🟥" : "🟨"}</span>{" "}
                      {event.detail ?? event.type} · {event.player ?? "Unknown"} ({event.side === "home" ? home.name : away.name})
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ) : null}
          <div className="stat-block">
            <h3>{HEAD_TO_HEAD_HEADING}</h3>
            <Editorial html={headToHeadNotes} editMark={edit("headToHead")} />
            {match.headToHead.length === 0 ? (
              headToHeadNotes ? null : <p className="empty-text">{NO_MEETINGS_TEXT}</p>
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
        </>
      ),
    },
    {
      id: "league-table",
      title: MATCH_SECTIONS.table,
      empty: !hasSnapshot,
      content: (
        <>
          {hasSnapshot ? (
            <LeagueTableView rows={snapshot} caption={`${leagueName} table around ${home.name} and ${away.name}`} highlightTeamIds={[home.id, away.id]} />
          ) : (
            <p className="empty-text">{STANDINGS_MISSING_TEXT}</p>
          )}
          <p>
            <PageLink to={leagueTableUrl(match.league)}>{SEE_FULL_TABLE_TEXT}</PageLink>
          </p>
        </>
      ),
    },
    {
      id: "recent-lineups",
      title: MATCH_SECTIONS.lineups,
      empty: !match.lineups.home && !match.lineups.away && !predictedLineups,
      content: (
        <>
          <Editorial html={predictedLineups} editMark={edit("predictedLineups")} />
          {match.lineups.home || match.lineups.away ? (
            <div className="form-columns">
              <TeamLineupView teamName={home.name} lineup={match.lineups.home} />
              <TeamLineupView teamName={away.name} lineup={match.lineups.away} />
            </div>
          ) : predictedLineups ? null : (
            <p className="empty-text">{LINEUPS_MISSING_TEXT}</p>
          )}
        </>
      ),
    },
    {
      id: "key-player-stats",
      title: MATCH_SECTIONS.players,
      empty: !keyPlayers.home && !keyPlayers.away && !keyPlayerStats,
      content: (
        <>
          <Editorial html={keyPlayerStats} editMark={edit("keyPlayerStats")} />
          {keyPlayers.home || keyPlayers.away ? (
            <div className="form-columns">
              <KeyPlayersView teamName={home.name} players={keyPlayers.home} />
              <KeyPlayersView teamName={away.name} players={keyPlayers.away} />
            </div>
          ) : keyPlayerStats ? null : (
            <p className="empty-text">{PLAYER_STATS_MISSING_TEXT}</p>
          )}
        </>
      ),
    },
    {
      id: "team-form",
      title: MATCH_SECTIONS.form,
      empty: !hasForm && !teamFormMomentum,
      content: (
        <>
          <Editorial html={teamFormMomentum} editMark={edit("teamFormMomentum")} />
          {hasForm ? (
            <div className="form-columns">
              {[
                { team: home, form: match.form.home },
                { team: away, form: match.form.away },
              ].map(({ team, form }) => (
                <div key={team.id}>
                  <h3>
                    {team.name}: last {form.length}
                  </h3>
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
          ) : teamFormMomentum ? null : (
            <p className="empty-text">{TEAM_FORM_EMPTY_TEXT}</p>
          )}
        </>
      ),
    },
    managersNotes ? { id: "managers-notes", title: MATCH_SECTIONS.managers, content: <RichText value={managersNotes} editMark={edit("managersNotes")} /> } : null,
    {
      id: "final-prediction",
      title: MATCH_SECTIONS.final,
      content: (
        <>
          <div className="final-picks">
            <div className="final-pick final-pick--best">
              <span className="final-pick__label">Best Pick</span>
              <strong data-sanity={resolution.pickSource === "editorial" ? edit("bestPick") : undefined}>{resolution.bestPick}</strong>
              {bestConfidence.confidence ? <span className="final-pick__confidence">{bestConfidence.confidence}</span> : null}
              <PickVerdict outcome={resolution.picks.best.outcome} preMatch={bestConfidence.preMatch} />
            </div>
            {picks.map(({ label, pick, confidence }) => (
              <div key={label} className="final-pick">
                <span className="final-pick__label">{label}</span>
                <strong>{pick.text}</strong>
                {confidence ? <span className="final-pick__confidence">{confidence}</span> : null}
                <PickOutcomeBadge outcome={pick.outcome} />
              </div>
            ))}
          </div>
          {resolution.score ? (
            <p>
              {match.state === "post-match" ? "Final score" : "Projected score"}: <strong>{resolution.score}</strong>
            </p>
          ) : null}
          <Editorial html={finalPredictionSummary} editMark={edit("finalPredictionSummary")} />
        </>
      ),
    },
  ];

  return {
    breadcrumb: renderServerHtml(
      <BreadcrumbTrail
        crumbs={[
          { label: "Home", href: HOME },
          { label: `${leagueName} Predictions`, href: leagueUrl(match.league) },
          { label: title },
        ]}
      />,
    ),
    sections: sections
      .filter((section) => section !== null)
      .map(({ id, title: heading, content, empty }) => ({
        id,
        ...(empty ? { empty: true } : {}),
        markup: renderServerHtml(
          <>
            <h2 id={`${id}-title`}>{heading}</h2>
            {content}
          </>,
        ),
      })),
    backLink: renderServerHtml(
      <PageLink to={leagueUrl(match.league)}>
        <span aria-hidden="true">← </span>
        {backToLeagueText(leagueName)}
      </PageLink>,
    ),
  };
}
