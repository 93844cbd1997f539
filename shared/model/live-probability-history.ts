/**
 * The live win probability through a match, as the worker records it (one tick per state of the
 * match clock: period, minute, added minute) and as the chart after the whistle reads it: from
 * the kick-off tick, the published pre-match forecast, to the full-time tick, the result.
 */
import type { LiveTickPeriod } from "../db/schema/fixtures";
import {
  liveMatchProbability,
  periodOf,
  redCardsOf,
  type LiveMatchState,
  type PreMatchForecast,
} from "./live-match-probability";

export interface LiveProbabilityTick {
  period: LiveTickPeriod;
  /** The broadcast minute: 0 at kick-off, 45 at half-time, 90 at full time. */
  minute: number;
  /** Added minutes played beyond 45 or 90 (45+2: minute 45, added 2). */
  addedMinute: number;
  score: { home: number; away: number };
  redCards: { home: number; away: number };
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
}

/** The kick-off tick: 0-0 at minute 0, the published pre-match forecast. */
export function kickOffTick(forecast: PreMatchForecast): LiveProbabilityTick {
  const { home, draw, away, over25, btts } = forecast.published;
  return {
    period: "first-half",
    minute: 0,
    addedMinute: 0,
    score: { home: 0, away: 0 },
    redCards: { home: 0, away: 0 },
    home,
    draw,
    away,
    over25,
    btts,
  };
}

/** The full-time tick: the result, certain. */
export function fullTimeTick(
  score: { home: number; away: number },
  redCards = { home: 0, away: 0 },
): LiveProbabilityTick {
  const goals = score.home + score.away;
  return {
    period: "full-time",
    minute: 90,
    addedMinute: 0,
    score,
    redCards,
    home: score.home > score.away ? 1 : 0,
    draw: score.home === score.away ? 1 : 0,
    away: score.home < score.away ? 1 : 0,
    over25: goals > 2 ? 1 : 0,
    btts: score.home > 0 && score.away > 0 ? 1 : 0,
  };
}

/**
 * The tick of a match's state now: live, the anchored live probability at its minute; finished,
 * the result; null before kick-off, without a score or without a prediction.
 */
export function liveTickOf(match: LiveMatchState, forecast: PreMatchForecast | null): LiveProbabilityTick | null {
  if (!forecast || match.homeScore === null || match.awayScore === null) return null;
  const score = { home: match.homeScore, away: match.awayScore };
  const redCards = redCardsOf(match.events);
  if (match.state === "post-match") return fullTimeTick(score, redCards);
  const probability = liveMatchProbability(match, forecast);
  if (!probability) return null;
  const period = periodOf(match.status, probability.minute);
  return {
    period: period === "finished" ? "full-time" : period,
    minute: probability.minute,
    addedMinute: Math.max(0, match.injuryTime ?? 0),
    score,
    redCards,
    home: probability.home,
    draw: probability.draw,
    away: probability.away,
    over25: probability.over25,
    btts: probability.btts,
  };
}

const PERIOD_ORDER: Record<LiveTickPeriod, number> = {
  "first-half": 0,
  "half-time": 1,
  "second-half": 2,
  "full-time": 3,
};

/** Ticks in match order: period, minute, added minute. */
export function inMatchOrder<T extends Pick<LiveProbabilityTick, "period" | "minute" | "addedMinute">>(
  ticks: readonly T[],
): T[] {
  return [...ticks].sort(
    (a, b) => PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period] || a.minute - b.minute || a.addedMinute - b.addedMinute,
  );
}

/**
 * Where a tick stands on the chart's minute axis: the minute, the first half's added time
 * squeezed before half-time (45.0 to 45.72), half-time at 45.85, the second half's added time
 * beyond 90 minute for minute. The full-time tick is placed by the chart, after the last one.
 */
export function tickPosition(tick: Pick<LiveProbabilityTick, "period" | "minute" | "addedMinute">): number {
  switch (tick.period) {
    case "first-half":
      return Math.min(tick.minute, 45) + Math.min(tick.addedMinute, 9) * 0.08;
    case "half-time":
      return 45.85;
    case "second-half":
      return Math.max(46, tick.minute) + tick.addedMinute;
    case "full-time":
      return Math.max(90, tick.minute + tick.addedMinute);
  }
}
