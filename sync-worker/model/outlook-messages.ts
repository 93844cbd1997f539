/** The messages the season-outlook job and its thread exchange (outlook-thread.ts, outlook-client.ts). */
import type { LeagueKey } from "@shared/domain/leagues";
import type { ModelOptions } from "@shared/model";
import type { SeasonOutlook } from "@shared/model/season-outlook";

/** A fixture left to play; `expectedGoals` when the predictions table has a forecast for it. */
export interface RemainingFixture {
  fixtureId: number;
  homeTeamId: number;
  awayTeamId: number;
  expectedGoals: { home: number; away: number } | null;
  /** Whether to measure its stakes (an upcoming match with a forecast): see MatchStakes. */
  stakes?: boolean;
}

export interface OutlookLeagueInput {
  league: LeagueKey;
  season: string;
  teams: number[];
  teamNames: Record<number, string>;
  results: Array<{ homeTeamId: number; awayTeamId: number; homeGoals: number; awayGoals: number }>;
  remaining: RemainingFixture[];
}

export interface OutlookRequest {
  id: number;
  /** The engine's stored fit (engine_states), for the fixtures beyond the predictions' horizon. */
  fit: Uint8Array | null;
  options: ModelOptions;
  leagues: OutlookLeagueInput[];
}

export type OutlookLeagueResult =
  { league: LeagueKey; outlook: SeasonOutlook } | { league: LeagueKey; skipped: string };

export type OutlookResponse = { id: number; results: OutlookLeagueResult[] } | { id: number; error: string };
