/**
 * The live win probability of a stored match: its state, status, minute, score and card events
 * read into the model's input (live-probability.ts), with the stored prediction's expected
 * goals. The API, the match page and the live job all call this one function.
 */
import type { MatchState } from "../domain/match-state";
import { liveProbability, type LivePeriod } from "./live-probability";

export interface LiveMatchState {
  state: MatchState;
  /** API-Football's short status: 1H, HT, 2H, ET, BT, P, FT... */
  status: string | null;
  minute: number | null;
  injuryTime: number | null;
  homeScore: number | null;
  awayScore: number | null;
  events: ReadonlyArray<{ side: "home" | "away"; type: string; detail: string | null }>;
}

export interface LiveProbabilityNow {
  /** The match minute the probabilities are for (as liveMinute: 45 at half-time, 90 in added time). */
  minute: number;
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
}

const HALF_TIME_STATUSES = new Set(["HT", "BT"]);
const SECOND_HALF_STATUSES = new Set(["2H", "ET", "P"]);

function periodOf(status: string | null, minute: number): LivePeriod {
  if (status && HALF_TIME_STATUSES.has(status)) return "half-time";
  if (status && SECOND_HALF_STATUSES.has(status)) return "second-half";
  if (status === "1H") return "first-half";
  // Without a half named (LIVE, or no status), the minute tells: 46 and on is the second half.
  return minute > 45 ? "second-half" : "first-half";
}

/** A sending-off: a red card, or a second yellow where the provider names it so. */
export function isSendingOff(event: { type: string; detail: string | null }): boolean {
  return event.type === "Card" && /red card|second yellow/i.test(event.detail ?? "");
}

const rounded = (p: number) => Math.round(p * 10_000) / 10_000;

/**
 * The probabilities now of a match in play, or null when it is not in play or there is no
 * prediction (expected goals) to start from.
 */
export function liveMatchProbability(
  match: LiveMatchState,
  expectedGoals: { home: number; away: number } | null,
): LiveProbabilityNow | null {
  if (match.state !== "live" || !expectedGoals || match.homeScore === null || match.awayScore === null) return null;
  const minute = match.minute ?? 0;
  const redCards = { home: 0, away: 0 };
  for (const event of match.events) if (isSendingOff(event)) redCards[event.side] += 1;
  const p = liveProbability({
    period: periodOf(match.status, minute),
    minute,
    injuryTime: match.injuryTime,
    score: { home: match.homeScore, away: match.awayScore },
    redCards,
    expectedGoals,
  });
  return { minute, home: rounded(p.home), draw: rounded(p.draw), away: rounded(p.away), over25: rounded(p.over25), btts: rounded(p.btts) };
}
