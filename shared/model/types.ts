/**
 * The engine's plain input and output shapes. The worker fills the inputs from Postgres rows,
 * the benchmark from football-data.co.uk CSV rows; nothing here knows where they came from.
 */
import type { LeagueKey } from "../domain/leagues";
import type { BttsCode, PickKind, ResultCode, Score } from "../domain/picks";

/** Decimal prices of the 1X2 market. */
export interface ResultPrices {
  home: number;
  draw: number;
  away: number;
}

/** Decimal prices of over/under 2.5 goals. */
export interface OverUnderPrices {
  over: number;
  under: number;
}

export interface MatchInput {
  /** Stable and unique across calls (the fixture id), so a forecast can be matched to its result. */
  id: string;
  league: LeagueKey;
  /** Season code, e.g. '2526'. */
  season: string;
  kickoff: Date;
  homeTeamId: number;
  awayTeamId: number;
  /**
   * Pre-match ("opening") prices, e.g. the market average or one bookmaker. Never closing
   * prices: they are not known before kick-off. Missing or invalid prices count as no prices.
   */
  resultOdds?: ResultPrices | null;
  overUnderOdds?: OverUnderPrices | null;
}

/** A finished match. Shots are optional (the shots model skips matches without them). */
export interface PlayedMatch extends MatchInput {
  homeGoals: number;
  awayGoals: number;
  homeShotsOnTarget?: number | null;
  awayShotsOnTarget?: number | null;
}

/** A match to predict, with the team names its pick texts use. */
export interface UpcomingMatch extends MatchInput {
  homeTeam: string;
  awayTeam: string;
}

/** The probabilities the product shows for one match. */
export interface MarketProbabilities {
  home: number;
  draw: number;
  away: number;
  over25: number;
  btts: number;
}

export interface TrackedPick {
  kind: PickKind;
  /** The pick text: '{home} to Win', 'Draw', 'Over 2.5 Goals', 'BTTS: Yes' ... */
  text: string;
  /**
   * The calibrated probability that the pick wins: how often picks like it won on earlier
   * matches (it can differ by a point or two from the forecast's probability of that outcome).
   */
  probability: number;
  /** That probability in percent, 1 decimal. */
  confidence: number;
  /** The pre-match price of the pick when the input had one. */
  odds: number | null;
}

export interface MatchPrediction {
  matchId: string;
  league: LeagueKey;
  kickoff: Date;
  homeTeamId: number;
  awayTeamId: number;
  modelVersion: string;
  /**
   * The published forecast: the blend with the market when prices were given, otherwise the
   * blend of the two models.
   */
  probabilities: MarketProbabilities;
  /** The same pipeline without the market's prices. */
  modelOnly: MarketProbabilities;
  /** The market's own view (de-vigged pre-match prices), when prices were given. */
  market: { home: number; draw: number; away: number; over25: number | null } | null;
  expectedGoals: Score;
  /** The most likely score with the result pick's outcome. */
  projectedScore: Score;
  /** Row-major 11 × 11 probabilities of the scores 0-0 to 10-10 (index home × 11 + away). */
  grid: number[];
  picks: {
    result: TrackedPick & { code: ResultCode };
    overUnder: TrackedPick & { side: "over" | "under" };
    btts: TrackedPick & { code: BttsCode };
  };
  /** The tracked pick with the highest calibrated probability. */
  bestPick: TrackedPick;
  /** The best pick's confidence in percent, 1 decimal. */
  confidence: number;
}
