/**
 * The content of the match page's sections (match-sections.server.tsx lists them in order):
 * one component per section or part of a section, each given only the values it shows.
 * Rendered on the server only.
 */
import { formatMatchMinute, formatPercent } from "@shared/domain/format";
import type { TeamKeyPlayers } from "../key-players.server";
import type { MatchDetail } from "../match-detail.server";
import {
  HEAD_TO_HEAD_HEADING,
  LINEUPS_MISSING_TEXT,
  NO_EVENT_FEED_TEXT,
  NO_GOALS_TEXT,
  NO_LIVE_EVENTS_TEXT,
  NO_MEETINGS_TEXT,
  TACTICAL_ANALYSIS_HEADING,
  TEAM_FORM_EMPTY_TEXT,
} from "../match";
import { pickConfidenceTexts } from "../match-cards";
import { goalsFromScoreChanges } from "../score-change-goals";
import { PLAYER_STATS_MISSING_TEXT } from "~/page-texts/shared";
import type { EditMark } from "~/features/content/editable.server";
import { RichText } from "~/features/content/components/RichText";
import type { ServerHtml } from "~/components/ServerMarkup";
import { KeyPlayersView } from "./KeyPlayersView";
import { KickoffTime } from "./KickoffTime";
import { PickVerdict } from "./PickBox";
import { PickOutcomeBadge } from "./PickOutcomeBadge";
import { TeamLineupView } from "./TeamLineupView";

const percent = (probability: number) => formatPercent(probability * 100);
const price = (value: number | null) => (value === null ? "–" : value.toFixed(2));

type Team = MatchDetail["home"];
/** The two sides' names, for the blocks that show them side by side. */
type Names = { homeName: string; awayName: string };
/** A section's editorial text (rendered, or null) and its click-to-edit mark in draft preview. */
type Notes = { notes: ServerHtml | null; editMark?: string };
type KeyPlayers = { home: TeamKeyPlayers | null; away: TeamKeyPlayers | null };
type EventsMatch = Pick<
  MatchDetail,
  "state" | "events" | "homeScore" | "awayScore" | "liveProbabilityHistory" | "home" | "away"
>;

/** Editorial text for a section, rendered, or null when the editors wrote none. */
function Editorial({ html, editMark }: { html: ServerHtml | null; editMark?: string }) {
  return html ? <RichText value={html} editMark={editMark} /> : null;
}

/** Key insights: the editors' list of insights, or nothing without one. */
export function KeyInsightsList({ insights, edit }: { insights: readonly string[]; edit: EditMark }) {
  if (insights.length === 0) return null;
  return (
    <ul className="insights">
      {insights.map((insight, index) => (
        <li key={insight} data-sanity={edit(`keyInsights[${index}]`)}>
          {insight}
        </li>
      ))}
    </ul>
  );
}

/** Key insights: the editors' tactical analysis, or nothing without one. */
export function TacticalAnalysis({ html, editMark }: { html: ServerHtml | null; editMark?: string }) {
  if (!html) return null;
  return (
    <div className="stat-block">
      <h3>{TACTICAL_ANALYSIS_HEADING}</h3>
      <RichText value={html} editMark={editMark} />
    </div>
  );
}

/** Key insights: the model's probabilities, or nothing without a prediction. */
export function ModelProbabilities({ probabilities, homeName, awayName }: Names & Pick<MatchDetail, "probabilities">) {
  if (!probabilities) return null;
  return (
    <div className="stat-block">
      <h3>Model probabilities</h3>
      <dl className="probabilities">
        <div>
          <dt>{homeName} win</dt>
          <dd>{percent(probabilities.home)}</dd>
        </div>
        <div>
          <dt>Draw</dt>
          <dd>{percent(probabilities.draw)}</dd>
        </div>
        <div>
          <dt>{awayName} win</dt>
          <dd>{percent(probabilities.away)}</dd>
        </div>
        <div>
          <dt>Over 2.5 goals</dt>
          <dd>{percent(probabilities.over25)}</dd>
        </div>
        <div>
          <dt>Both teams to score</dt>
          <dd>{percent(probabilities.btts)}</dd>
        </div>
        <div>
          <dt>Expected goals</dt>
          <dd>
            {probabilities.expectedGoalsHome.toFixed(2)} – {probabilities.expectedGoalsAway.toFixed(2)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** Key insights: the market's odds, or nothing without them. */
export function MarketOdds({ odds, homeName, awayName }: Names & Pick<MatchDetail, "odds">) {
  if (!odds) return null;
  return (
    <div className="stat-block">
      <h3>Market odds</h3>
      <dl className="probabilities">
        <div>
          <dt>1 · {homeName}</dt>
          <dd>{price(odds.home)}</dd>
        </div>
        <div>
          <dt>X · Draw</dt>
          <dd>{price(odds.draw)}</dd>
        </div>
        <div>
          <dt>2 · {awayName}</dt>
          <dd>{price(odds.away)}</dd>
        </div>
        <div>
          <dt>Over 2.5</dt>
          <dd>{price(odds.over25)}</dd>
        </div>
        <div>
          <dt>Under 2.5</dt>
          <dd>{price(odds.under25)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Key insights: the match stats side by side, or nothing without any. */
export function MatchStats({ stats, homeName, awayName }: Names & Pick<MatchDetail, "stats">) {
  if (stats.length === 0) return null;
  return (
    <div className="stat-block">
      <h3>Match stats</h3>
      <table className="compare-table">
        <thead>
          <tr>
            <th scope="col">{homeName}</th>
            <th scope="col">Stat</th>
            <th scope="col">{awayName}</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((stat) => (
            <tr key={stat.label}>
              <td>{stat.home}</td>
              <th scope="row">{stat.label}</th>
              <td>{stat.away}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The match events of a match whose source sent none: 'No live events yet' while no goal has
 * been scored, else the goals read from the score as it changed (the minute it was first seen,
 * approximate, or 'Time unknown'), saying plainly that the source has no event feed.
 */
function ScoreChangeGoals({ match }: { match: Omit<EventsMatch, "events"> }) {
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

/** Key insights: the match events once kicked off (else nothing), or the goals read from the score without an event feed. */
export function MatchEvents({ match }: { match: EventsMatch }) {
  if (match.state === "pre-match") return null;
  const { home, away } = match;
  return (
    <div className="stat-block">
      <h3>Match events</h3>
      {match.events.length === 0 ? (
        <ScoreChangeGoals match={match} />
      ) : (
        <ol className="events">
          {match.events.map((event, index) => (
            <li
              key={`${event.minute}-${event.extraMinute}-${event.side}-${event.player}-${index}`}
              className={`event event--${event.side}`}
            >
              <span className="event__minute">{formatMatchMinute(event.minute, event.extraMinute)}</span>{" "}
              <span aria-hidden="true">{event.type === "Goal" ? "⚽" : event.detail === "Red Card" ? "🟥" : "🟨"}</span>{" "}
              {event.detail ?? event.type} · {event.player ?? "Unknown"} (
              {event.side === "home" ? home.name : away.name})
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Key insights: the editors' head-to-head notes and the teams' past meetings. */
export function HeadToHead({ meetings, notes, editMark }: Notes & { meetings: MatchDetail["headToHead"] }) {
  return (
    <div className="stat-block">
      <h3>{HEAD_TO_HEAD_HEADING}</h3>
      <Editorial html={notes} editMark={editMark} />
      {meetings.length === 0 ? (
        notes ? null : (
          <p className="empty-text">{NO_MEETINGS_TEXT}</p>
        )
      ) : (
        <ul className="h2h">
          {meetings.map((meeting) => (
            <li key={meeting.kickoffAt}>
              <KickoffTime iso={meeting.kickoffAt} dateOnly />: {meeting.home} {meeting.score} {meeting.away}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Recent lineups: the editors' predicted lineups and each side's last lineup. */
export function RecentLineups({
  homeName,
  awayName,
  lineups,
  notes,
  editMark,
}: Names & Notes & { lineups: MatchDetail["lineups"] }) {
  return (
    <>
      <Editorial html={notes} editMark={editMark} />
      {lineups.home || lineups.away ? (
        <div className="form-columns">
          <TeamLineupView teamName={homeName} lineup={lineups.home} />
          <TeamLineupView teamName={awayName} lineup={lineups.away} />
        </div>
      ) : notes ? null : (
        <p className="empty-text">{LINEUPS_MISSING_TEXT}</p>
      )}
    </>
  );
}

/** Key player stats: the editors' notes and each side's key players. */
export function KeyPlayerStats({
  homeName,
  awayName,
  keyPlayers,
  notes,
  editMark,
}: Names & Notes & { keyPlayers: KeyPlayers }) {
  return (
    <>
      <Editorial html={notes} editMark={editMark} />
      {keyPlayers.home || keyPlayers.away ? (
        <div className="form-columns">
          <KeyPlayersView teamName={homeName} players={keyPlayers.home} />
          <KeyPlayersView teamName={awayName} players={keyPlayers.away} />
        </div>
      ) : notes ? null : (
        <p className="empty-text">{PLAYER_STATS_MISSING_TEXT}</p>
      )}
    </>
  );
}

/** Team form: the editors' notes on form and momentum and each side's last results. */
export function TeamForm({
  home,
  away,
  form,
  notes,
  editMark,
}: Notes & { home: Team; away: Team; form: MatchDetail["form"] }) {
  const hasForm = form.home.length > 0 || form.away.length > 0;
  return (
    <>
      <Editorial html={notes} editMark={editMark} />
      {hasForm ? (
        <div className="form-columns">
          {[
            { team: home, form: form.home },
            { team: away, form: form.away },
          ].map(({ team, form }) => (
            <div key={team.id}>
              <h3>
                {team.name}: last {form.length}
              </h3>
              <ul className="form-list">
                {form.map((entry) => (
                  <li key={entry.kickoffAt}>
                    <KickoffTime iso={entry.kickoffAt} dateOnly />{" "}
                    <span className={`form-pill form-pill--${entry.result.toLowerCase().replace("/", "")}`}>
                      {entry.result}
                    </span>{" "}
                    {entry.score} {entry.isHome ? "vs" : "at"} {entry.opponent}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : notes ? null : (
        <p className="empty-text">{TEAM_FORM_EMPTY_TEXT}</p>
      )}
    </>
  );
}

/** Final prediction: the best pick and the market picks with their confidence and outcome, the score, and the editors' summary. */
export function FinalPrediction({
  resolution,
  state,
  notes,
  edit,
}: Pick<MatchDetail, "resolution" | "state"> & { notes: ServerHtml | null; edit: EditMark }) {
  const bestConfidence = pickConfidenceTexts(resolution);
  // The BTTS call's own confidence (the editor's, else the algorithm's) shows before kick-off
  // only: the ledger row locked at kick-off holds the algorithm's figure for the call instead.
  const bttsConfidence =
    state === "pre-match" && resolution.picks.btts.code
      ? pickConfidenceTexts(resolution, resolution.bttsConfidence).confidence
      : null;
  const picks = [
    { label: "Match Result", pick: resolution.picks.result, confidence: null },
    { label: "Over/Under", pick: resolution.picks.overUnder, confidence: null },
    { label: "Both Teams to Score", pick: resolution.picks.btts, confidence: bttsConfidence },
  ];
  return (
    <>
      <div className="final-picks">
        <div className="final-pick final-pick--best">
          <span className="final-pick__label">Best Pick</span>
          <strong data-sanity={resolution.pickSource === "editorial" ? edit("bestPick") : undefined}>
            {resolution.bestPick}
          </strong>
          {bestConfidence.confidence ? (
            <span className="final-pick__confidence">{bestConfidence.confidence}</span>
          ) : null}
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
          {state === "post-match" ? "Final score" : "Projected score"}: <strong>{resolution.score}</strong>
        </p>
      ) : null}
      <Editorial html={notes} editMark={edit("finalPredictionSummary")} />
    </>
  );
}
