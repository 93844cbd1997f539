/**
 * The engine's own walk-forward record: for every match it forecast, what each source said
 * and what the blend said before kick-off, and (once played) what happened. The blend and the
 * calibration learn from this record only, so they never see a match before predicting it.
 */
import type { LeagueKey } from "../domain/leagues";
import type { MarketProbabilities, PlayedMatch } from "./types";

export interface MatchOutcome {
  /** 0 home win, 1 draw, 2 away win. */
  result: 0 | 1 | 2;
  over25: boolean;
  btts: boolean;
}

export interface TrackEntry {
  matchId: string;
  league: LeagueKey;
  /** Epoch milliseconds. */
  kickoff: number;
  goals: MarketProbabilities;
  shots: MarketProbabilities;
  market: MarketProbabilities | null;
  /** The blend before calibration, as forecast before kick-off. */
  blendedWithOdds: MarketProbabilities | null;
  blendedWithoutOdds: MarketProbabilities;
  /** How many tracked matches the blend that made this forecast had learned from. */
  blendTrainingSize: number;
  /** Set once the match is played. */
  outcome?: MatchOutcome;
}

export function outcomeOf(match: Pick<PlayedMatch, "homeGoals" | "awayGoals">): MatchOutcome {
  const { homeGoals, awayGoals } = match;
  return {
    result: homeGoals > awayGoals ? 0 : homeGoals === awayGoals ? 1 : 2,
    over25: homeGoals + awayGoals > 2,
    btts: homeGoals > 0 && awayGoals > 0,
  };
}
