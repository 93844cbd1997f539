import { and, eq, sql } from "drizzle-orm";
import { anyOf, preparedQuery } from "@shared/db/prepared-queries";
import { players, playerSeasonStats, teams } from "@shared/db/schema";
import { formatPlayerRating, isHighRating, parseRating } from "@shared/domain/format";
import type { LeagueKey } from "@shared/domain/leagues";
import { playerSlug, playerUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";

export interface KeyPlayer {
  id: number;
  name: string;
  /** The player's page. */
  href: string;
  position: string;
  goals: number;
  assists: number;
  /** One decimal; null unless a rating above 0 (spec 5). */
  rating: string | null;
  highRating: boolean;
  /** Null when the provider gave none ("Pass accuracy shows only if present"). */
  passAccuracy: number | null;
}

/** A team's standouts of the season; a missing one shows 'Data coming soon'. */
export interface TeamKeyPlayers {
  teamId: number;
  topScorer: KeyPlayer | null;
  topAssists: KeyPlayer | null;
  topRated: KeyPlayer | null;
  /** Goalkeepers are left out of the three above and shown on their own (spec 5). */
  goalkeeper: KeyPlayer | null;
}

const GOALKEEPER = "Goalkeeper";

type Row = { stats: typeof playerSeasonStats.$inferSelect; name: string; teamSlug: string };

function keyPlayer({ stats, name, teamSlug }: Row): KeyPlayer {
  const rating = parseRating(stats.rating);
  return {
    id: stats.playerId,
    name,
    href: playerUrl(stats.league, teamSlug, playerSlug(name, stats.playerId)),
    position: stats.position ?? "Unknown",
    goals: stats.goals,
    assists: stats.assists,
    rating: rating === null ? null : formatPlayerRating(rating),
    highRating: isHighRating(rating),
    passAccuracy: stats.passesAccuracy,
  };
}

function best(rows: readonly Row[], score: (row: Row) => number): KeyPlayer | null {
  const ranked = rows
    .filter((row) => score(row) > 0)
    .sort((a, b) => score(b) - score(a) || a.stats.minutes - b.stats.minutes);
  return ranked[0] ? keyPlayer(ranked[0]) : null;
}

export async function getTeamKeyPlayers(
  context: Pick<AppContext, "db">,
  teamId: number,
  league: LeagueKey,
  season: string,
): Promise<TeamKeyPlayers | null> {
  const [keyPlayers] = await getTeamsKeyPlayers(context, [teamId], league, season);
  return keyPlayers;
}

/** The key players of several teams of one league season (a match's two sides), in one statement. */
export async function getTeamsKeyPlayers(
  { db }: Pick<AppContext, "db">,
  teamIds: readonly number[],
  league: LeagueKey,
  season: string,
): Promise<Array<TeamKeyPlayers | null>> {
  if (teamIds.length === 0) return [];
  const rows = await preparedQuery(db.db, "key-players", (d) =>
    d
      .select({ stats: playerSeasonStats, name: players.name, teamSlug: teams.slug })
      .from(playerSeasonStats)
      .innerJoin(players, eq(players.id, playerSeasonStats.playerId))
      .innerJoin(teams, eq(teams.id, playerSeasonStats.teamId))
      .where(
        and(
          anyOf(playerSeasonStats.teamId, "teams", "integer"),
          eq(playerSeasonStats.league, sql.placeholder("league")),
          eq(playerSeasonStats.season, sql.placeholder("season")),
        ),
      ),
  ).execute({ teams: [...teamIds], league, season });
  return teamIds.map((teamId) => {
    const own = rows.filter((row) => row.stats.teamId === teamId);
    if (own.length === 0) return null;
    const outfield = own.filter((row) => row.stats.position !== GOALKEEPER);
    const keepers = own.filter((row) => row.stats.position === GOALKEEPER);
    return {
      teamId,
      topScorer: best(outfield, (row) => row.stats.goals),
      topAssists: best(outfield, (row) => row.stats.assists),
      topRated: best(outfield, (row) => parseRating(row.stats.rating) ?? 0),
      goalkeeper: best(keepers, (row) => row.stats.minutes),
    };
  });
}
