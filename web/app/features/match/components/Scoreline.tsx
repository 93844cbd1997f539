import { liveClockLabel } from "@shared/domain/format";
import { FINAL_SCORE_TEXT, LIVE_BADGE_TEXT, VS_TEXT } from "../match-cards";
import type { MatchCard } from "../match-card.server";

/** The provider's status tells half-time from play; a list that does not carry it shows the minute. */
type ScorelineMatch = Pick<MatchCard, "state" | "homeScore" | "awayScore" | "minute" | "injuryTime" | "resolution"> &
  Partial<Pick<MatchCard, "status">>;

/**
 * Spec 4: live shows the red LIVE badge, the live score (default '0 - 0') and the minute
 * ('HT' during the break); post-match shows 'Final Score'; pre-match shows 'VS'.
 */
export function Scoreline({
  match,
  updatedAgo,
  updatedAgoMs,
}: {
  match: ScorelineMatch;
  updatedAgo?: string | null;
  /** The elapsed time behind `updatedAgo`: the browser counts on from it (useUpdatedAgoClock). */
  updatedAgoMs?: number | null;
}) {
  if (match.state === "live") {
    const score = match.resolution.liveScore ?? { home: 0, away: 0 };
    const minute = liveClockLabel(match.status, match.minute, match.injuryTime);
    return (
      <span className="scoreline scoreline--live">
        <span className="live-badge">{LIVE_BADGE_TEXT}</span>
        <span className="scoreline__score" aria-label={`Live score ${score.home} - ${score.away}`}>
          {score.home} - {score.away}
        </span>
        {minute ? <span className="scoreline__minute">{minute}</span> : null}
        {updatedAgo ? (
          <span className="scoreline__updated" data-updated-ago-ms={updatedAgoMs ?? undefined}>
            {updatedAgo}
          </span>
        ) : null}
      </span>
    );
  }
  if (match.state === "post-match") {
    return (
      <span className="scoreline scoreline--final">
        <span className="scoreline__label">{FINAL_SCORE_TEXT}</span>
        <span className="scoreline__score">
          {match.homeScore ?? 0} - {match.awayScore ?? 0}
        </span>
      </span>
    );
  }
  return (
    <span className="scoreline">
      <span className="scoreline__vs">{VS_TEXT}</span>
    </span>
  );
}
