/**
 * The model's probability behind a parlay leg and the chance that every leg lands. The legs
 * are treated as independent, which two legs of the same match are not: those are flagged.
 */
import { classifyPick, type TeamNames } from "./picks";
import type { ParlayPick } from "./parlay";

/** The engine's outcome probabilities for one match, each from 0 to 1. */
export interface OutcomeProbabilities {
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
}

/**
 * The probability of the outcome a pick text names, or null when the model has no number for
 * it: an over/under line other than 2.5, a draw-no-bet (a draw refunds rather than loses) or a
 * text no market matches.
 */
export function pickProbability(
  pickText: string,
  homeTeam: TeamNames,
  awayTeam: TeamNames,
  probabilities: OutcomeProbabilities | null,
): number | null {
  if (!probabilities) return null;
  const byResult = { "1": probabilities.home, X: probabilities.draw, "2": probabilities.away };
  const pick = classifyPick(pickText, homeTeam, awayTeam);
  switch (pick.kind) {
    case "result":
      return byResult[pick.result];
    case "double-chance":
      return pick.covers.reduce((sum, code) => sum + byResult[code], 0);
    case "over-under":
      if (pick.line !== 2.5) return null;
      return pick.side === "over" ? probabilities.over25 : 1 - probabilities.over25;
    case "btts":
      return pick.bothScore ? probabilities.btts : 1 - probabilities.btts;
    default:
      return null;
  }
}

/** The product of the legs' probabilities; null for an empty parlay or when a leg has none. */
export function combinedProbability(picks: readonly ParlayPick[]): number | null {
  if (picks.length === 0) return null;
  let product = 1;
  for (const pick of picks) {
    if (pick.probability === undefined) return null;
    product *= pick.probability;
  }
  return product;
}

/** The matchups that appear in more than one leg, in the order they first appear. */
export function sameMatchMatchups(picks: readonly ParlayPick[]): string[] {
  const matchOf = (pick: ParlayPick) => `${pick.homeTeam.trim().toLowerCase()}|${pick.awayTeam.trim().toLowerCase()}`;
  const legs = new Map<string, ParlayPick[]>();
  for (const pick of picks) legs.set(matchOf(pick), [...(legs.get(matchOf(pick)) ?? []), pick]);
  const repeated: string[] = [];
  for (const sameMatch of legs.values()) if (sameMatch.length > 1) repeated.push(sameMatch[0].matchup);
  return repeated;
}
