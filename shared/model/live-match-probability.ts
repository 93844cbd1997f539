/**
 * The live win probability of a stored match: its state, status, minute, score and card events
 * read into the model's input (live-probability.ts), with the stored prediction's expected
 * goals, anchored to the published pre-match forecast (anchorToForecast). The API, the match
 * page and the live job all call this one function.
 */
import type { MatchState } from "../domain/match-state";
import { goalRateShareLeft, liveProbability, type LivePeriod, type LiveProbability } from "./live-probability";

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

/** The pre-match prediction a match in play starts from. */
export interface PreMatchForecast {
  /** Each side's pre-match expected goals: the means of the goals still to come. */
  expectedGoals: { home: number; away: number };
  /** The published pre-match probabilities: what the live numbers are at kick-off. */
  published: LiveProbability;
}

/** The forecast of a stored prediction's probabilities and expected goals, or null without one. */
export function preMatchForecast(
  prediction:
    | {
        home: number;
        draw: number;
        away: number;
        over25: number;
        btts: number;
        expectedGoalsHome: number;
        expectedGoalsAway: number;
      }
    | null
    | undefined,
): PreMatchForecast | null {
  if (!prediction) return null;
  const { home, draw, away, over25, btts } = prediction;
  return {
    expectedGoals: { home: prediction.expectedGoalsHome, away: prediction.expectedGoalsAway },
    published: { home, draw, away, over25, btts },
  };
}

const HALF_TIME_STATUSES = new Set(["HT", "BT"]);
const SECOND_HALF_STATUSES = new Set(["2H", "ET", "P"]);

export function periodOf(status: string | null, minute: number): LivePeriod {
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
 * Outcome probabilities moved from the model's towards the published forecast's by the share of
 * the match still to play: p_i ∝ model_i · (published_i / modelAtKickOff_i)^share. At kick-off
 * (share 1) with 0-0 the model's numbers are its kick-off numbers, so the result is the
 * published forecast exactly; at the whistle (share 0) it is the model's, the result. An outcome
 * the model makes certain or impossible stays so, and the outcomes still sum to 1.
 */
function anchorOutcomes(
  model: readonly number[],
  atKickOff: readonly number[],
  published: readonly number[],
  share: number,
): number[] {
  const weighted = model.map((p, i) => {
    if (p <= 0) return 0;
    const ratio = atKickOff[i] > 0 && published[i] > 0 ? published[i] / atKickOff[i] : 1;
    return p * ratio ** share;
  });
  const total = weighted.reduce((sum, p) => sum + p, 0);
  return total > 0 ? weighted.map((p) => p / total) : [...model];
}

/** The model's live probabilities anchored to the published pre-match forecast (see anchorOutcomes). */
export function anchorToForecast(
  model: LiveProbability,
  atKickOff: LiveProbability,
  published: LiveProbability,
  share: number,
): LiveProbability {
  const [home, draw, away] = anchorOutcomes(
    [model.home, model.draw, model.away],
    [atKickOff.home, atKickOff.draw, atKickOff.away],
    [published.home, published.draw, published.away],
    share,
  );
  const binary = (key: "over25" | "btts") =>
    anchorOutcomes(
      [model[key], 1 - model[key]],
      [atKickOff[key], 1 - atKickOff[key]],
      [published[key], 1 - published[key]],
      share,
    )[0];
  return { home, draw, away, over25: binary("over25"), btts: binary("btts") };
}

/** Sending-offs of each side in a match's events. */
export function redCardsOf(events: LiveMatchState["events"]): { home: number; away: number } {
  const redCards = { home: 0, away: 0 };
  for (const event of events) if (isSendingOff(event)) redCards[event.side] += 1;
  return redCards;
}

/**
 * The probabilities now of a match in play, or null when it is not in play or there is no
 * prediction to start from. At kick-off with 0-0 they are the published pre-match forecast.
 */
export function liveMatchProbability(
  match: LiveMatchState,
  forecast: PreMatchForecast | null,
): LiveProbabilityNow | null {
  if (match.state !== "live" || !forecast || match.homeScore === null || match.awayScore === null) return null;
  const minute = match.minute ?? 0;
  const period = periodOf(match.status, minute);
  const { expectedGoals } = forecast;
  const model = liveProbability({
    period,
    minute,
    injuryTime: match.injuryTime,
    score: { home: match.homeScore, away: match.awayScore },
    redCards: redCardsOf(match.events),
    expectedGoals,
  });
  const atKickOff = liveProbability({ period: "first-half", minute: 0, score: { home: 0, away: 0 }, expectedGoals });
  const p = anchorToForecast(model, atKickOff, forecast.published, goalRateShareLeft(period, minute, match.injuryTime));
  return {
    minute,
    home: rounded(p.home),
    draw: rounded(p.draw),
    away: rounded(p.away),
    over25: rounded(p.over25),
    btts: rounded(p.btts),
  };
}
