/**
 * The three independent reads of a match that the blend combines: the goals model, the
 * shots-on-target model and the market's pre-match prices with the margin removed.
 */
import { devig, type DevigMethod } from "./devig";
import { rakeGrid } from "./grid-raking";
import { ratesFor, type LeagueRatings } from "./league-ratings";
import { gridMarkets, scorelineGrid, type ScorelineGrid } from "./scoreline-grid";
import type { MarketProbabilities, MatchInput } from "./types";

export interface MarketView {
  home: number;
  draw: number;
  away: number;
  /** From the over/under prices; null when the match had none. */
  over25: number | null;
}

export interface MatchSignals {
  goals: MarketProbabilities;
  /** The shots model; the goals model's numbers where the league has no shot data. */
  shots: MarketProbabilities;
  /**
   * The market as a full set: 1X2 (and over/under when priced) from the prices, the rest from
   * the goals model's grid adjusted to them. null without 1X2 prices.
   */
  market: MarketProbabilities | null;
  /** The market's priced view alone. */
  marketView: MarketView | null;
  /** The goals model's grid, the shape the published grid starts from. */
  goalsGrid: ScorelineGrid;
}

export function marketView(match: MatchInput, method: DevigMethod): MarketView | null {
  const result = match.resultOdds;
  if (!result) return null;
  const oneXTwo = devig([result.home, result.draw, result.away], method);
  if (!oneXTwo) return null;
  const totals = match.overUnderOdds;
  const overUnder = totals ? devig([totals.over, totals.under], method) : null;
  return { home: oneXTwo[0], draw: oneXTwo[1], away: oneXTwo[2], over25: overUnder ? overUnder[0] : null };
}

export function matchSignals(ratings: LeagueRatings, match: MatchInput, method: DevigMethod): MatchSignals {
  const goalsRates = ratesFor(ratings.goals, match.homeTeamId, match.awayTeamId);
  const rho = ratings.goals.rho;
  const goalsGrid = scorelineGrid(goalsRates.lambda, goalsRates.mu, rho);
  const goals = gridMarkets(goalsGrid);
  let shots = goals;
  if (ratings.shots) {
    const shotRates = ratesFor(ratings.shots, match.homeTeamId, match.awayTeamId);
    shots = gridMarkets(scorelineGrid(shotRates.lambda, shotRates.mu, rho));
  }
  const view = marketView(match, method);
  let market: MarketProbabilities | null = null;
  if (view) {
    const marketGrid = rakeGrid(goalsGrid, {
      result: [view.home, view.draw, view.away],
      ...(view.over25 === null ? {} : { over25: view.over25 }),
    });
    market = { ...gridMarkets(marketGrid), home: view.home, draw: view.draw, away: view.away };
    if (view.over25 !== null) market.over25 = view.over25;
  }
  return { goals, shots, market, marketView: view, goalsGrid };
}
