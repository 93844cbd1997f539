import { and, desc, eq } from "drizzle-orm";
import { players, playerSeasonStats, teams } from "../../shared/db/schema";
import { formatPlayerRating, gamesPlayed, teamNameOrFallback } from "../../shared/domain/format";
import type { LeagueKey } from "../../shared/domain/leagues";
import type { AppContext } from "./load-context";

/** Spec 9: "leaderboards top 10". */
export const LEADERBOARD_SIZE = 10;

export interface LeaderboardPlayer {
  id: number;
  name: string;
  team: string;
  position: string;
  goals: number;
  assists: number;
  appearances: number;
  minutes: number;
  /** One decimal, or 'N/A' when the provider gave none. */
  rating: string;
}

/** The league season's top scorers (assists, then fewer minutes, break ties). */
export async function getTopPlayers(
  { db }: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<LeaderboardPlayer[]> {
  const rows = await db.db
    .select({ stats: playerSeasonStats, name: players.name, teamName: teams.name })
    .from(playerSeasonStats)
    .innerJoin(players, eq(players.id, playerSeasonStats.playerId))
    .leftJoin(teams, eq(teams.id, playerSeasonStats.teamId))
    .where(and(eq(playerSeasonStats.league, league), eq(playerSeasonStats.season, season)))
    .orderBy(desc(playerSeasonStats.goals), desc(playerSeasonStats.assists), playerSeasonStats.minutes)
    .limit(LEADERBOARD_SIZE);
  return rows.map(({ stats, name, teamName }) => ({
    id: stats.playerId,
    name,
    team: teamNameOrFallback(teamName, stats.teamId),
    position: stats.position ?? "Unknown",
    goals: stats.goals,
    assists: stats.assists,
    appearances: gamesPlayed(stats.appearances, stats.minutes),
    minutes: stats.minutes,
    rating: formatPlayerRating(stats.rating),
  }));
}
