/**
 * Goals from the score as it changed, for a match whose data source sends no event feed (the
 * replay of football-data.co.uk results, which knows scores, not scorers): one entry per goal,
 * at the minute the worker first saw the new score in its live readings, marked approximate,
 * or as of unknown time where the score changed while nothing was read (before the first
 * reading, in a long gap, or a match with no readings at all).
 */
import { formatMatchMinute } from "@shared/domain/format";
import { tickPosition, type LiveProbabilityTick } from "@shared/model/live-probability-history";

type Side = "home" | "away";

export interface ScoreChangeGoal {
  side: Side;
  /** The score after it ('1-0'), or null when goals of both sides were seen together (their order is unknown). */
  scoreAfter: string | null;
  /** The score after the reading that first showed it. */
  seenScore: string;
  /** The minute of that reading ('45'', '90+4'', 'full time'), or null when its time is unknown. */
  seenAt: string | null;
}

/** Minutes of play between two readings beyond which a change between them has no known time (as on the chart). */
const GAP_MINUTES = 10;

type Reading = Pick<LiveProbabilityTick, "period" | "minute" | "addedMinute" | "score">;

function readingText(reading: Reading): string {
  if (reading.period === "full-time") return "full time";
  if (reading.period === "half-time") return "half-time";
  return formatMatchMinute(reading.minute, reading.addedMinute)!;
}

/**
 * The goals of a match from its recorded readings (in match order, the kick-off tick first)
 * and its score now; every goal of the score appears once. The kick-off tick is the published
 * forecast, not a reading: a change first seen in the first reading has no known time unless
 * that reading came within GAP_MINUTES of kick-off.
 */
export function goalsFromScoreChanges(
  ticks: readonly Reading[],
  score: { home: number | null; away: number | null },
): ScoreChangeGoal[] {
  if (score.home === null || score.away === null) return [];
  const start: Reading = { period: "first-half", minute: 0, addedMinute: 0, score: { home: 0, away: 0 } };
  const readings: Reading[] =
    ticks.length > 0 && ticks[0].minute === 0 && ticks[0].period === "first-half" ? [...ticks] : [start, ...ticks];
  // The score now, when the readings do not show it yet (none recorded, or not since the last change): time unknown.
  const last = readings.at(-1)!;
  const current = { home: score.home, away: score.away };
  const goals: ScoreChangeGoal[] = [];
  const push = (
    before: { home: number; away: number },
    after: { home: number; away: number },
    seenAt: string | null,
  ) => {
    const added = { home: after.home - before.home, away: after.away - before.away };
    const bothSides = added.home > 0 && added.away > 0;
    const running = { ...before };
    for (const side of ["home", "away"] as const) {
      for (let goal = 0; goal < added[side]; goal++) {
        running[side] += 1;
        goals.push({
          side,
          scoreAfter: bothSides ? null : `${running.home}-${running.away}`,
          seenScore: `${after.home}-${after.away}`,
          seenAt,
        });
      }
    }
  };
  for (let i = 1; i < readings.length; i++) {
    const [before, now] = [readings[i - 1], readings[i]];
    const span = now.period === "full-time" ? 0 : tickPosition(now) - tickPosition(before);
    const lastPlayed = before.period === "full-time" ? 90 : tickPosition(before);
    const known = now.period === "full-time" ? 90 + 2 - lastPlayed <= GAP_MINUTES : span <= GAP_MINUTES;
    push(before.score, now.score, known ? readingText(now) : null);
  }
  if (current.home > last.score.home || current.away > last.score.away) {
    push(
      last.score,
      { home: Math.max(current.home, last.score.home), away: Math.max(current.away, last.score.away) },
      null,
    );
  }
  return goals;
}
