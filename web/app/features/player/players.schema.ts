/**
 * The player read model's answers, in the shapes of spec section 3 ("Player statistics
 * response", "Player recent-form item", "Leaderboard player"), as zod schemas so an endpoint can
 * check what it sends. Figures the data does not have are null, never invented.
 */
import { z } from "zod";
import { POSITION_GROUPS } from "@shared/domain/player-stats";

const id = z.number().int().positive();
const count = z.number().int().min(0);

export const playerTeamSchema = z.object({
  id,
  name: z.string(),
  /** Our badge URL for the club, null when the site has none. */
  logo: z.string().nullable(),
});

/** GET /api/players/{id}/statistics. */
export const playerStatisticsSchema = z.object({
  player: z.object({
    id,
    name: z.string(),
    nationality: z.string().nullable(),
    age: z.number().int().positive().nullable(),
  }),
  team: playerTeamSchema,
  league: z.object({ key: z.string(), name: z.string() }),
  /** Season code ('2526') and label ('2025/26') the statistics belong to. */
  season: z.object({ code: z.string(), label: z.string() }),
  /** Null when the player is known only from match sheets, without season figures. */
  statistics: z
    .object({
      position: z.string(),
      appearances: count,
      lineups: count,
      minutes: count,
      /** As the provider gives ratings: text with decimals ('7.52'); null when unrated. */
      rating: z.string().nullable(),
      shots: z.object({ on: count }),
      goals: z.object({ total: count, assists: count }),
      passes: z.object({ key: count, accuracy: z.number().int().min(0).max(100).nullable() }),
      dribbles: z.object({ success: count, attempts: count }),
    })
    .nullable(),
});
export type PlayerStatistics = z.infer<typeof playerStatisticsSchema>;

const fixtureTeamSchema = z.object({ id, name: z.string() });

/** One item of GET /api/players/{id}/recent-form, the most recent first. */
export const playerRecentFormItemSchema = z.object({
  fixture: z.object({ id, date: z.string() }),
  teams: z.object({ home: fixtureTeamSchema, away: fixtureTeamSchema }),
  goals: z.object({ home: count.nullable(), away: count.nullable() }),
  playerPerformance: z.object({
    /** The club the player played for in that match. */
    teamId: id,
    minutes: count,
    rating: z.string().nullable(),
    goals: count,
    assists: count,
    shots: z.object({ on: count }),
  }),
});
export type PlayerRecentFormItem = z.infer<typeof playerRecentFormItemSchema>;

export const playerRecentFormSchema = z.array(playerRecentFormItemSchema).max(5);

/** A player of a club's squad page. */
export const squadPlayerSchema = z.object({
  id,
  name: z.string(),
  position: z.enum(POSITION_GROUPS),
  nationality: z.string().nullable(),
  /** The canonical player page. */
  href: z.string(),
  /** Null for a player known only from match sheets. */
  season: z.object({ appearances: count, minutes: count, goals: count, assists: count, rating: z.string() }).nullable(),
});
export type SquadPlayer = z.infer<typeof squadPlayerSchema>;

/** One row of GET /api/players/top-scorers|top-assists|top-rated/{leagueKey} (spec 3's leaderboard player). */
export const leaderboardPlayerSchema = z.object({
  id,
  name: z.string(),
  team: z.string(),
  teamId: id,
  /** 'Unknown' when the provider names none. */
  position: z.string(),
  goals: count,
  assists: count,
  /** Games played: appearances, or max(1, ceil(minutes/90)) without them (spec 9). */
  appearances: z.number().int().positive(),
  minutes: count,
  /** One decimal, or 'N/A' when the provider gave none. */
  rating: z.string(),
  /** Spec 9 "per-match rates": goals and assists per game played, 2 decimals. */
  goalsPerMatch: z.string(),
  assistsPerMatch: z.string(),
  /** The player's page. */
  href: z.string(),
});
export type LeaderboardPlayer = z.infer<typeof leaderboardPlayerSchema>;

export const leaderboardSchema = z.array(leaderboardPlayerSchema).max(10);
