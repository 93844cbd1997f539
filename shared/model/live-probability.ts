/**
 * The live win probability: during play, the chance of each result, of over 2.5 goals and of
 * both teams scoring, from the score so far and the goals still to come. Those follow two
 * Poisson laws (the scoreline grid) whose means are each side's pre-match expected goals times
 * the share of the match's goal rate still to come, moved by red cards. At kick-off with 0-0 it
 * is the pre-match grid of the same expected goals; at the whistle it is the result.
 */
import { type MarketProbabilities, gridMarkets, GRID_SIDE, scorelineGrid } from "./scoreline-grid";

/**
 * The goal rate is constant within each half, and the second half's is higher. Fitted by
 * sync-worker/bench/live-rate-fit.ts on the half-time and full-time scores of 21 seasons of the
 * five leagues (2005-06 to 2025-26, 38,019 matches, 103,023 goals): 44.10% ± 0.15% of goals
 * come in the first half (home sides 44.39%, away sides 43.72%; from 43.8% to 44.4% in every
 * league and in each era), so one share serves both sides.
 */
export const FIRST_HALF_GOAL_SHARE = 0.441;
/**
 * Minutes played in each half, with the added time typical today (the replay's match clock
 * uses the same 3 and 7). The data has no added time; with these the fitted share is 0.0249
 * goals a minute (both sides) in the first half and 0.0291 in the second, 1.17 times as many.
 */
export const FIRST_HALF_PLAYED_MINUTES = 45 + 3;
export const SECOND_HALF_PLAYED_MINUTES = 45 + 7;
/** While a half is still being played, at least this much of it is left (the whistle has not gone). */
const MINIMUM_MINUTES_LEFT = 0.5;

/**
 * A red card multiplies the penalised side's rate for the rest of the match by 0.70 and the
 * other side's by 1.20, once per card. Not fitted here: the CSV files count red cards (HR, AR)
 * but do not say when they were shown. Round figures of the size published from minute-by-minute
 * data (Vecer, Kopriva & Ichiba 2009, "Estimating the effect of the red card in soccer",
 * J. Quantitative Analysis in Sports 5(1); Titman et al. 2015, JRSS A 178(3)): the side down to
 * ten scores about a third less, its opponent about a fifth more.
 */
export const RED_CARD_OWN_RATE_FACTOR = 0.7;
export const RED_CARD_OPPONENT_RATE_FACTOR = 1.2;

export type LivePeriod = "first-half" | "half-time" | "second-half" | "finished";

export interface LiveMatchInput {
  period: LivePeriod;
  /** Minutes played as the broadcast counts them (45 at half-time, 90 in the second half's added time). */
  minute: number;
  /** Added minutes played beyond 45 or 90 (45+2: minute 45, injury time 2). */
  injuryTime?: number | null;
  score: { home: number; away: number };
  /** Red cards shown to each side so far, where known. */
  redCards?: { home: number; away: number };
  /** Each side's pre-match expected goals (λh, λa). */
  expectedGoals: { home: number; away: number };
  /** Dixon-Coles' low-score dependence of the pre-match grid; scaled down with the share of the match left. 0: independent Poisson. */
  rho?: number;
}

export type LiveProbability = MarketProbabilities;

function halfLeft(played: number, length: number): number {
  return Math.min(length, Math.max(MINIMUM_MINUTES_LEFT, length - played));
}

/** The share of a whole match's goal rate still to come (1 at kick-off, 0 at the whistle). */
export function goalRateShareLeft(period: LivePeriod, minute: number, injuryTime: number | null = null): number {
  const played = Math.max(0, minute) + Math.max(0, injuryTime ?? 0);
  const secondHalf = 1 - FIRST_HALF_GOAL_SHARE;
  switch (period) {
    case "first-half":
      return (
        (FIRST_HALF_GOAL_SHARE * halfLeft(played, FIRST_HALF_PLAYED_MINUTES)) / FIRST_HALF_PLAYED_MINUTES + secondHalf
      );
    case "half-time":
      return secondHalf;
    case "second-half":
      return (secondHalf * halfLeft(played - 45, SECOND_HALF_PLAYED_MINUTES)) / SECOND_HALF_PLAYED_MINUTES;
    case "finished":
      return 0;
  }
}

/** The goals each side is still expected to score. */
export function goalsStillToCome(input: LiveMatchInput): { home: number; away: number } {
  const share = goalRateShareLeft(input.period, input.minute, input.injuryTime);
  const cards = input.redCards ?? { home: 0, away: 0 };
  const factor = (own: number, other: number) =>
    RED_CARD_OWN_RATE_FACTOR ** own * RED_CARD_OPPONENT_RATE_FACTOR ** other;
  return {
    home: input.expectedGoals.home * share * factor(cards.home, cards.away),
    away: input.expectedGoals.away * share * factor(cards.away, cards.home),
  };
}

/** P(home win, draw, away win), P(over 2.5 goals) and P(both teams score) from this moment on. */
export function liveProbability(input: LiveMatchInput): LiveProbability {
  for (const value of [
    input.minute,
    input.score.home,
    input.score.away,
    input.expectedGoals.home,
    input.expectedGoals.away,
  ]) {
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(`A live probability needs finite, non-negative inputs, got ${value}.`);
  }
  const share = goalRateShareLeft(input.period, input.minute, input.injuryTime);
  const toCome = goalsStillToCome(input);
  const grid = scorelineGrid(toCome.home, toCome.away, (input.rho ?? 0) * share);
  const { home: scored, away: conceded } = input.score;
  if (scored === 0 && conceded === 0) return gridMarkets(grid);
  const markets = { home: 0, draw: 0, away: 0, over25: 0, btts: 0 };
  for (let h = 0; h < GRID_SIDE; h++) {
    for (let a = 0; a < GRID_SIDE; a++) {
      const p = grid[h * GRID_SIDE + a];
      const home = scored + h;
      const away = conceded + a;
      if (home > away) markets.home += p;
      else if (home === away) markets.draw += p;
      else markets.away += p;
      if (home + away > 2) markets.over25 += p;
      if (home > 0 && away > 0) markets.btts += p;
    }
  }
  return markets;
}
