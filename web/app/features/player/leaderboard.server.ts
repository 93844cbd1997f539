import { and, asc, desc, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import { players, playerSeasonStats, teams } from "@shared/db/schema";
import type { Database } from "@shared/db";
import { preparedQuery } from "@shared/db/prepared-queries";
import { unionAllStatement } from "@shared/db/union-all";
import { formatPlayerRating, gamesPlayed, teamNameOrFallback } from "@shared/domain/format";
import type { LeagueKey } from "@shared/domain/leagues";
import { LEADERBOARD_KINDS, perMatchRate, type LeaderboardKind } from "@shared/domain/player-stats";
import { playerSlug, playerUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import type { LeaderboardPlayer } from "./players.schema";

export type { LeaderboardKind } from "@shared/domain/player-stats";
export type { LeaderboardPlayer } from "./players.schema";

/** Spec 9: "leaderboards top 10". */
export const LEADERBOARD_SIZE = 10;

export type Leaderboards = Record<LeaderboardKind, LeaderboardPlayer[]>;

/**
 * A rating leaderboard counts players who have played at least a third of the minutes of the
 * league's busiest player, so a substitute with one good cameo does not top it; the bar rises
 * with the season.
 */
const TOP_RATED_SHARE_OF_MOST_MINUTES = 3;

function ordering(kind: LeaderboardKind): SQL[] {
  const s = playerSeasonStats;
  switch (kind) {
    case "top-scorers":
      return [desc(s.goals), desc(s.assists), asc(s.minutes), asc(s.playerId)];
    case "top-assists":
      return [desc(s.assists), desc(s.goals), asc(s.minutes), asc(s.playerId)];
    case "top-rated":
      return [sql`${s.rating} desc nulls last`, desc(s.minutes), asc(s.playerId)];
  }
}

// Each leaderboard statement is built once with these in place of its league and season
// (@shared/db/prepared-queries), and run with a league season's.
const LEAGUE = sql.placeholder("league");
const SEASON = sql.placeholder("season");

function qualifying(kind: LeaderboardKind): SQL | undefined {
  if (kind !== "top-rated") return undefined;
  const s = playerSeasonStats;
  const mostMinutes = sql`(select coalesce(max(m.minutes), 0) from ${s} m where m.league = ${LEAGUE} and m.season = ${SEASON})`;
  return and(
    isNotNull(s.rating),
    sql`${s.rating} > 0`,
    gte(sql`${s.minutes} * ${TOP_RATED_SHARE_OF_MOST_MINUTES}`, mostMinutes),
  );
}

/** The select of one leaderboard: its top 10, each row marked with the board and its place on it. */
function leaderboardQuery(db: Database, kind: LeaderboardKind) {
  const order = ordering(kind);
  return db
    .select({
      stats: playerSeasonStats,
      name: players.name,
      teamName: teams.name,
      teamSlug: teams.slug,
      board: sql<string>`${kind}::text`.as("board"),
      place: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("place"),
    })
    .from(playerSeasonStats)
    .innerJoin(players, eq(players.id, playerSeasonStats.playerId))
    .innerJoin(teams, eq(teams.id, playerSeasonStats.teamId))
    .where(and(eq(playerSeasonStats.league, LEAGUE), eq(playerSeasonStats.season, SEASON), qualifying(kind)))
    .orderBy(...order)
    .limit(LEADERBOARD_SIZE);
}

type LeaderboardRow = Awaited<ReturnType<typeof leaderboardQuery>>[number];

function leaderboardPlayer(league: LeagueKey, { stats, name, teamName, teamSlug }: LeaderboardRow): LeaderboardPlayer {
  return {
    id: stats.playerId,
    name,
    team: teamNameOrFallback(teamName, stats.teamId),
    teamId: stats.teamId,
    position: stats.position ?? "Unknown",
    goals: stats.goals,
    assists: stats.assists,
    appearances: gamesPlayed(stats.appearances, stats.minutes),
    minutes: stats.minutes,
    rating: formatPlayerRating(stats.rating),
    goalsPerMatch: perMatchRate(stats.goals, stats.appearances, stats.minutes),
    assistsPerMatch: perMatchRate(stats.assists, stats.appearances, stats.minutes),
    href: playerUrl(league, teamSlug, playerSlug(name, stats.playerId)),
  };
}

/** The top 10 of a league season by goals, assists or average rating. */
export async function getLeaderboard(
  { db }: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
  kind: LeaderboardKind,
): Promise<LeaderboardPlayer[]> {
  const rows = await preparedQuery(db.db, `leaderboard:${kind}`, (d) => leaderboardQuery(d, kind)).execute({
    league,
    season,
  });
  return rows.map((row) => leaderboardPlayer(league, row));
}

/**
 * The three leaderboards of a league season, in one statement: the three top 10s, each a
 * limited branch of a UNION ALL whose rows carry their board and their place on it.
 */
export async function getLeaderboards(
  { db }: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<Leaderboards> {
  const rows = (await preparedQuery(db.db, "leaderboards", (d) =>
    unionAllStatement(LEADERBOARD_KINDS.map((kind) => leaderboardQuery(d, kind))),
  ).execute({ league, season })) as LeaderboardRow[];
  return Object.fromEntries(
    LEADERBOARD_KINDS.map((kind) => [
      kind,
      rows
        .filter((row) => row.board === kind)
        .sort((a, b) => Number(a.place) - Number(b.place))
        .map((row) => leaderboardPlayer(league, row)),
    ]),
  ) as Leaderboards;
}

/** The league season's top scorers (assists, then fewer minutes, break ties). */
export function getTopPlayers(
  context: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<LeaderboardPlayer[]> {
  return getLeaderboard(context, league, season, "top-scorers");
}

/** The league season's top assist providers (goals, then fewer minutes, break ties). */
export function getTopAssists(
  context: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<LeaderboardPlayer[]> {
  return getLeaderboard(context, league, season, "top-assists");
}

/** The league season's best average ratings among regular players. */
export function getTopRated(
  context: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<LeaderboardPlayer[]> {
  return getLeaderboard(context, league, season, "top-rated");
}
