/**
 * Team strength as stored in read_models (one row per league, `team-strength:{league}`) and read
 * back by team pages: each club's weekly points, [date, model, market], compact. The worker writes
 * it (sync-worker/jobs/team-strength.ts); the site only reads.
 */
import { z } from "zod";
import type { LeagueKey } from "../domain/leagues";
import type { StrengthPoint } from "./team-strength";

/** Bumped when the payload's shape or the ratings' rules change: stored rows are then recomputed. */
export const TEAM_STRENGTH_VERSION = 1;

export const teamStrengthKey = (league: LeagueKey) => `team-strength:${league}`;

const point = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.number().nullable(), z.number().nullable()]);
const payloadSchema = z.object({
  version: z.literal(TEAM_STRENGTH_VERSION),
  league: z.string(),
  /** The seasons shown, oldest first. */
  seasons: z.array(z.string()),
  /** By team id: weekly points, oldest first. */
  teams: z.record(z.string(), z.array(point)),
});

export type TeamStrengthPayload = z.infer<typeof payloadSchema>;

export function teamStrengthPayload(
  league: LeagueKey,
  seasons: readonly string[],
  series: ReadonlyMap<number, readonly StrengthPoint[]>,
): TeamStrengthPayload {
  return {
    version: TEAM_STRENGTH_VERSION,
    league,
    seasons: [...seasons],
    teams: Object.fromEntries(
      [...series].map(([teamId, points]) => [String(teamId), points.map((p) => [p.date, p.model, p.market] as const)]),
    ),
  };
}

/** A stored payload, validated; null when it is not one of this version. */
export function parseTeamStrengthPayload(value: unknown): TeamStrengthPayload | null {
  const parsed = payloadSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** One club's points from a validated payload; null when there are none for the club. */
export function clubStrengthPoints(
  payload: TeamStrengthPayload,
  teamId: number,
): { seasons: string[]; points: StrengthPoint[] } | null {
  const points = payload.teams[String(teamId)];
  if (!points || points.length === 0) return null;
  return {
    seasons: [...payload.seasons],
    points: points.map(([date, model, market]) => ({ date, model, market })),
  };
}

/** One club's points from a stored payload; null when there is none of this version or none for the club. */
export function teamStrengthPoints(
  value: unknown,
  teamId: number,
): { seasons: string[]; points: StrengthPoint[] } | null {
  const payload = parseTeamStrengthPayload(value);
  return payload && clubStrengthPoints(payload, teamId);
}
