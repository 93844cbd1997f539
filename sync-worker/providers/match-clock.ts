/**
 * Where a match stands at a moment, from its kick-off time alone: the model a replay uses to
 * make a match live. 45 minutes plus 3 added, a 15-minute half-time break, 45 plus 7 added: the
 * final whistle blows 115 minutes after kick-off, about when it does in these leagues.
 */

export const FIRST_HALF_ADDED_MINUTES = 3;
export const HALF_TIME_BREAK_MINUTES = 15;
export const SECOND_HALF_ADDED_MINUTES = 7;

const HALF = 45;
const FIRST_HALF_ENDS = HALF + FIRST_HALF_ADDED_MINUTES;
const SECOND_HALF_STARTS = FIRST_HALF_ENDS + HALF_TIME_BREAK_MINUTES;
/** Minutes from kick-off to the final whistle. */
export const FULL_TIME_AFTER_MINUTES = SECOND_HALF_STARTS + HALF + SECOND_HALF_ADDED_MINUTES;

const MINUTE_MS = 60_000;

export type MatchPhase = "not-started" | "first-half" | "half-time" | "second-half" | "finished";

export interface MatchClockReading {
  phase: MatchPhase;
  /** API-Football's short status: NS, 1H, HT, 2H, FT. */
  status: "NS" | "1H" | "HT" | "2H" | "FT";
  /** The minute a broadcast shows (1 to 45 and 46 to 90); 45 at half-time, 90 at full time; null before kick-off. */
  minute: number | null;
  /** Added minutes being played beyond 45 or 90 (45+2 is minute 45, injury time 2); null otherwise. */
  injuryTime: number | null;
  /** The half-time score is known (the first half is over or in its added time). */
  halfTimeKnown: boolean;
}

/** The reading of the match clock `now` for a match that kicks off at `kickoffAt`. */
export function matchClockAt(kickoffAt: Date, now: Date): MatchClockReading {
  const elapsed = (now.getTime() - kickoffAt.getTime()) / MINUTE_MS;
  if (elapsed < 0) return { phase: "not-started", status: "NS", minute: null, injuryTime: null, halfTimeKnown: false };
  if (elapsed < FIRST_HALF_ENDS) {
    const played = Math.floor(elapsed) + 1;
    return {
      phase: "first-half",
      status: "1H",
      minute: Math.min(HALF, played),
      injuryTime: played > HALF ? played - HALF : null,
      halfTimeKnown: played >= HALF,
    };
  }
  if (elapsed < SECOND_HALF_STARTS) {
    return { phase: "half-time", status: "HT", minute: HALF, injuryTime: null, halfTimeKnown: true };
  }
  if (elapsed < FULL_TIME_AFTER_MINUTES) {
    const played = HALF + Math.floor(elapsed - SECOND_HALF_STARTS) + 1;
    return {
      phase: "second-half",
      status: "2H",
      minute: Math.min(2 * HALF, played),
      injuryTime: played > 2 * HALF ? played - 2 * HALF : null,
      halfTimeKnown: true,
    };
  }
  return { phase: "finished", status: "FT", minute: 2 * HALF, injuryTime: null, halfTimeKnown: true };
}
