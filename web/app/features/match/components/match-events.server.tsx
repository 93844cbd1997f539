/**
 * The key insights section's match events (match-sections.server.tsx): the events the source
 * sent once the match kicked off, or the goals read from the score as it changed when the source
 * has no event feed. Rendered on the server only.
 */
import { formatMatchMinute } from "@shared/domain/format";
import type { MatchDetail } from "../match-detail.server";
import { NO_EVENT_FEED_TEXT, NO_GOALS_TEXT, NO_LIVE_EVENTS_TEXT } from "../match";
import { goalsFromScoreChanges } from "../score-change-goals";

type EventsMatch = Pick<
  MatchDetail,
  "state" | "events" | "homeScore" | "awayScore" | "liveProbabilityHistory" | "home" | "away"
>;

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
