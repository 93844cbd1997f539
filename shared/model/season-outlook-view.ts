/**
 * The season outlook as stored in read_models (one row per league, `season-outlook:{league}`)
 * and read back by the site: the simulation's figures rounded for display, with what they were
 * computed from. The worker writes it (sync-worker/jobs/season-outlook.ts); the site only reads.
 */
import { z } from "zod";
import type { LeagueKey } from "../domain/leagues";
import type { SeasonOutlook } from "./season-outlook";

/** Bumped when the payload's shape or the simulation's rules change: stored models are then recomputed. */
export const SEASON_OUTLOOK_VERSION = 2;

export const seasonOutlookKey = (league: LeagueKey) => `season-outlook:${league}`;

const round = (x: number, digits: number) => Number(x.toFixed(digits));

const teamSchema = z.object({
  teamId: z.number().int(),
  currentPosition: z.number().int(),
  currentPoints: z.number().int(),
  played: z.number().int(),
  remaining: z.number().int(),
  expectedPoints: z.number(),
  expectedGoalDifference: z.number(),
  title: z.number(),
  championsLeague: z.number(),
  europaLeague: z.number(),
  relegation: z.number(),
  positions: z.array(z.number()),
  mostLikelyPosition: z.number().int(),
});

const payloadSchema = z.object({
  version: z.literal(SEASON_OUTLOOK_VERSION),
  league: z.string(),
  season: z.string(),
  seasons: z.number().int(),
  sigma: z.number(),
  seed: z.number().int(),
  resultsPlayed: z.number().int(),
  remainingFixtures: z.number().int(),
  teams: z.array(teamSchema),
});

export type SeasonOutlookPayload = z.infer<typeof payloadSchema> & { league: LeagueKey };
export type TeamOutlookRow = z.infer<typeof teamSchema>;

/** The stored form: probabilities to 4 decimals, expectations to 2. */
export function seasonOutlookPayload(
  outlook: SeasonOutlook,
  season: string,
  resultsPlayed: number,
): SeasonOutlookPayload {
  return {
    version: SEASON_OUTLOOK_VERSION,
    league: outlook.league,
    season,
    seasons: outlook.seasons,
    sigma: outlook.sigma,
    seed: outlook.seed,
    resultsPlayed,
    remainingFixtures: outlook.remainingFixtures,
    teams: outlook.teams.map((t) => ({
      ...t,
      expectedPoints: round(t.expectedPoints, 2),
      expectedGoalDifference: round(t.expectedGoalDifference, 2),
      title: round(t.title, 4),
      championsLeague: round(t.championsLeague, 4),
      europaLeague: round(t.europaLeague, 4),
      relegation: round(t.relegation, 4),
      positions: t.positions.map((p) => round(p, 4)),
    })),
  };
}

/** A stored payload of this version, or null (another version, or none). */
export function parseSeasonOutlookPayload(value: unknown): SeasonOutlookPayload | null {
  const parsed = payloadSchema.safeParse(value);
  return parsed.success ? (parsed.data as SeasonOutlookPayload) : null;
}
