/**
 * Players as the sync worker stored them: season statistics per club (player_season_stats) and
 * match sheets (player_match_stats). A player belongs to a club in a season when he has season
 * figures for it or played for it in a match of that season; a player who moved has two clubs,
 * and each club's page of him shows that club's figures.
 */
import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fixtures, players, playerMatchStats, playerSeasonStats, teams } from "@shared/db/schema";
import { TEAM_FORM_LIMIT } from "@shared/domain/form";
import { formatPlayerRating, teamNameOrFallback } from "@shared/domain/format";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import { ageOn, playersNamedBy, positionGroup, type PlayerNames } from "@shared/domain/player-stats";
import { playerSlug, playerUrl, teamBadgeUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";
import type { PlayerRecentFormItem, PlayerStatistics, SquadPlayer } from "./players.schema";

type ReadContext = Pick<AppContext, "db" | "clock">;
type SeasonRow = typeof playerSeasonStats.$inferSelect;
type PlayerRow = typeof players.$inferSelect;

/** A player's place in a club in one league season. */
export interface Membership {
  teamId: number;
  teamSlug: string;
  teamName: string;
  league: LeagueKey;
  season: string;
  /** Null when he is known there only from match sheets. */
  stats: SeasonRow | null;
  /** His latest match for the club that season, when the data has one. */
  lastPlayedAt: Date | null;
  /** The position of his latest match sheet, for players without season figures. */
  matchPosition: string | null;
}

export interface PlayerPreference {
  teamId?: number;
  league?: LeagueKey;
}

export function currentSeason({ clock }: Pick<AppContext, "clock">): string {
  return seasonCodeFor(clock.now());
}

export async function getPlayer({ db }: Pick<AppContext, "db">, playerId: number): Promise<PlayerRow | null> {
  const [row] = await db.db.select().from(players).where(eq(players.id, playerId)).limit(1);
  return row ?? null;
}

/** Every club the player belongs to in a season, from season figures and match sheets. */
async function membershipsIn(ctx: ReadContext, playerId: number, season: string): Promise<Membership[]> {
  const now = ctx.clock.now();
  const [seasonRows, matchRows] = await Promise.all([
    ctx.db.db
      .select({ stats: playerSeasonStats, slug: teams.slug, name: teams.name })
      .from(playerSeasonStats)
      .innerJoin(teams, eq(teams.id, playerSeasonStats.teamId))
      .where(and(eq(playerSeasonStats.playerId, playerId), eq(playerSeasonStats.season, season))),
    ctx.db.db
      .select({
        teamId: playerMatchStats.teamId,
        slug: teams.slug,
        name: teams.name,
        league: fixtures.league,
        kickoffAt: fixtures.kickoffAt,
        position: playerMatchStats.position,
      })
      .from(playerMatchStats)
      .innerJoin(fixtures, eq(fixtures.id, playerMatchStats.fixtureId))
      .innerJoin(teams, eq(teams.id, playerMatchStats.teamId))
      .where(and(eq(playerMatchStats.playerId, playerId), eq(fixtures.season, season), lte(fixtures.kickoffAt, now)))
      .orderBy(desc(fixtures.kickoffAt)),
  ]);
  const byKey = new Map<string, Membership>();
  for (const { stats, slug, name } of seasonRows) {
    byKey.set(`${stats.teamId}|${stats.league}`, {
      teamId: stats.teamId,
      teamSlug: slug,
      teamName: name,
      league: stats.league,
      season,
      stats,
      lastPlayedAt: null,
      matchPosition: null,
    });
  }
  // Most recent first: the first sheet of a club is its latest.
  for (const row of matchRows) {
    const key = `${row.teamId}|${row.league}`;
    const known = byKey.get(key);
    if (known) {
      known.lastPlayedAt ??= row.kickoffAt;
      known.matchPosition ??= row.position;
    } else {
      byKey.set(key, {
        teamId: row.teamId,
        teamSlug: row.slug,
        teamName: row.name,
        league: row.league,
        season,
        stats: null,
        lastPlayedAt: row.kickoffAt,
        matchPosition: row.position,
      });
    }
  }
  return [...byKey.values()];
}

/**
 * The player's clubs in the clock's season; a player with none there (a new season before the
 * first sync) keeps the clubs of the latest season the data has for him.
 */
export async function getMemberships(ctx: ReadContext, playerId: number): Promise<Membership[]> {
  const season = currentSeason(ctx);
  const current = await membershipsIn(ctx, playerId, season);
  if (current.length > 0) return current;
  const [latest] = await ctx.db.db
    .select({ season: playerSeasonStats.season })
    .from(playerSeasonStats)
    .where(and(eq(playerSeasonStats.playerId, playerId), sql`${playerSeasonStats.season} < ${season}`))
    .orderBy(desc(playerSeasonStats.season))
    .limit(1);
  return latest ? membershipsIn(ctx, playerId, latest.season) : [];
}

const time = (date: Date | null) => date?.getTime() ?? -Infinity;

/**
 * The club a page shows the player at: the one asked for (club, then league) if he belongs to
 * it, else the club of his latest match, else the one he played most for.
 */
export function chooseMembership(memberships: readonly Membership[], prefer: PlayerPreference = {}): Membership | null {
  const ranked = [...memberships].sort(
    (a, b) =>
      time(b.lastPlayedAt) - time(a.lastPlayedAt) ||
      (b.stats?.appearances ?? 0) - (a.stats?.appearances ?? 0) ||
      (b.stats?.minutes ?? 0) - (a.stats?.minutes ?? 0) ||
      a.teamId - b.teamId,
  );
  const fits = (m: Membership) =>
    (prefer.teamId === undefined || m.teamId === prefer.teamId) &&
    (prefer.league === undefined || m.league === prefer.league);
  return (
    ranked.find(fits) ??
    ranked.find((m) => prefer.teamId !== undefined && m.teamId === prefer.teamId) ??
    ranked.find((m) => prefer.league !== undefined && m.league === prefer.league) ??
    ranked[0] ??
    null
  );
}

/** The position a page shows: the season figures', else the latest match sheet's, else the profile's. */
export function membershipPosition(membership: Membership, player: Pick<PlayerRow, "position">): string {
  return positionGroup(membership.stats?.position ?? membership.matchPosition ?? player.position);
}

/** Ratings as the provider writes them: text with two decimals, null when unrated. */
function ratingText(rating: number | null): string | null {
  return rating === null || !(rating > 0) ? null : rating.toFixed(2);
}

export function canonicalPlayerUrl(player: Pick<PlayerRow, "id" | "name">, membership: Membership): string {
  return playerUrl(membership.league, membership.teamSlug, playerSlug(player.name, player.id));
}

/** The spec's player statistics response, for the club chosen by `prefer` (see chooseMembership). */
export async function getPlayerStatistics(
  ctx: ReadContext,
  playerId: number,
  prefer: PlayerPreference = {},
): Promise<PlayerStatistics | null> {
  const player = await getPlayer(ctx, playerId);
  if (!player) return null;
  const membership = chooseMembership(await getMemberships(ctx, playerId), prefer);
  if (!membership) return null;
  return statisticsOf(ctx, player, membership);
}

export function statisticsOf(
  ctx: Pick<AppContext, "clock">,
  player: PlayerRow,
  membership: Membership,
): PlayerStatistics {
  const stats = membership.stats;
  return {
    player: {
      id: player.id,
      name: player.name,
      nationality: player.nationality,
      age: ageOn(player.birthDate, player.age, ctx.clock.now()),
    },
    team: { id: membership.teamId, name: membership.teamName, logo: teamBadgeUrl(membership.teamId) },
    league: { key: membership.league, name: LEAGUES[membership.league].name },
    season: { code: membership.season, label: seasonLabel(membership.season) },
    statistics: stats && {
      position: membershipPosition(membership, player),
      appearances: stats.appearances,
      lineups: stats.lineups,
      minutes: stats.minutes,
      rating: ratingText(stats.rating),
      shots: { on: stats.shotsOn },
      goals: { total: stats.goals, assists: stats.assists },
      passes: { key: stats.passesKey, accuracy: stats.passesAccuracy },
      dribbles: { success: stats.dribblesSuccess, attempts: stats.dribblesAttempts },
    },
  };
}

const homeTeams = alias(teams, "home_team");
const awayTeams = alias(teams, "away_team");

/**
 * "Recent form 5 matches": the player's last five matches of the clock's season that have
 * kicked off, for whichever club, the most recent first.
 */
export async function getPlayerRecentForm(ctx: ReadContext, playerId: number): Promise<PlayerRecentFormItem[]> {
  const rows = await ctx.db.db
    .select({
      line: playerMatchStats,
      fixture: fixtures,
      homeName: homeTeams.name,
      awayName: awayTeams.name,
    })
    .from(playerMatchStats)
    .innerJoin(fixtures, eq(fixtures.id, playerMatchStats.fixtureId))
    .innerJoin(homeTeams, eq(homeTeams.id, fixtures.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, fixtures.awayTeamId))
    .where(
      and(
        eq(playerMatchStats.playerId, playerId),
        eq(fixtures.season, currentSeason(ctx)),
        lte(fixtures.kickoffAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(fixtures.kickoffAt), desc(fixtures.id))
    .limit(TEAM_FORM_LIMIT);
  return rows.map(({ line, fixture, homeName, awayName }) => {
    // A score is final only after the whistle; a match still on the clock has no result yet.
    const final = fixture.matchState === "post-match";
    return {
      fixture: { id: fixture.id, date: fixture.kickoffAt.toISOString() },
      teams: {
        home: { id: fixture.homeTeamId, name: teamNameOrFallback(homeName, fixture.homeTeamId) },
        away: { id: fixture.awayTeamId, name: teamNameOrFallback(awayName, fixture.awayTeamId) },
      },
      goals: { home: final ? fixture.homeScore : null, away: final ? fixture.awayScore : null },
      playerPerformance: {
        teamId: line.teamId,
        minutes: line.minutes,
        rating: ratingText(line.rating),
        goals: line.goals,
        assists: line.assists,
        shots: { on: line.shotsOn },
      },
    };
  });
}

/**
 * Every player the data knows for a club in the clock's season: those with season figures for
 * it and those on its match sheets, with their season line when they have one.
 */
export async function getTeamSquad(ctx: ReadContext, teamId: number): Promise<SquadPlayer[]> {
  const season = currentSeason(ctx);
  const [team] = await ctx.db.db.select({ slug: teams.slug }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team) return [];
  const [seasonRows, matchRows] = await Promise.all([
    ctx.db.db
      .select({ stats: playerSeasonStats, player: players })
      .from(playerSeasonStats)
      .innerJoin(players, eq(players.id, playerSeasonStats.playerId))
      .where(and(eq(playerSeasonStats.teamId, teamId), eq(playerSeasonStats.season, season))),
    ctx.db.db
      .select({ player: players, position: playerMatchStats.position, league: fixtures.league })
      .from(playerMatchStats)
      .innerJoin(fixtures, eq(fixtures.id, playerMatchStats.fixtureId))
      .innerJoin(players, eq(players.id, playerMatchStats.playerId))
      .where(
        and(eq(playerMatchStats.teamId, teamId), eq(fixtures.season, season), lte(fixtures.kickoffAt, ctx.clock.now())),
      )
      .orderBy(desc(fixtures.kickoffAt)),
  ]);
  const squad = new Map<number, SquadPlayer & { order: [number, number] }>();
  const entry = (player: PlayerRow, league: LeagueKey, position: string | null) => ({
    id: player.id,
    name: player.name,
    position: positionGroup(position ?? player.position),
    nationality: player.nationality,
    href: playerUrl(league, team.slug, playerSlug(player.name, player.id)),
  });
  for (const { stats, player } of seasonRows) {
    const known = squad.get(player.id);
    // A player listed in two competitions of the club keeps the one he played most in.
    if (known && known.order[0] >= stats.appearances) continue;
    squad.set(player.id, {
      ...entry(player, stats.league, stats.position),
      season: {
        appearances: stats.appearances,
        minutes: stats.minutes,
        goals: stats.goals,
        assists: stats.assists,
        rating: formatPlayerRating(stats.rating),
      },
      order: [stats.appearances, stats.minutes],
    });
  }
  for (const { player, position, league } of matchRows) {
    if (!squad.has(player.id))
      squad.set(player.id, { ...entry(player, league, position), season: null, order: [0, 0] });
  }
  return [...squad.values()]
    .sort((a, b) => b.order[0] - a.order[0] || b.order[1] - a.order[1] || a.name.localeCompare(b.name))
    .map(({ order: _order, ...player }) => player);
}

/**
 * The players a slug without an id may name: those of the club (or, without a club, of the
 * league) in the clock's season. Exactly one match resolves the slug; none or several, nothing.
 */
export async function findPlayerByName(
  ctx: ReadContext,
  slug: string,
  scope: { teamId: number } | { league: LeagueKey },
): Promise<number | null> {
  const season = currentSeason(ctx);
  const inSeason =
    "teamId" in scope ? eq(playerSeasonStats.teamId, scope.teamId) : eq(playerSeasonStats.league, scope.league);
  const onSheets = "teamId" in scope ? eq(playerMatchStats.teamId, scope.teamId) : eq(fixtures.league, scope.league);
  const seasonIds = ctx.db.db
    .select({ id: playerSeasonStats.playerId })
    .from(playerSeasonStats)
    .where(and(eq(playerSeasonStats.season, season), inSeason));
  const sheetIds = ctx.db.db
    .select({ id: playerMatchStats.playerId })
    .from(playerMatchStats)
    .innerJoin(fixtures, eq(fixtures.id, playerMatchStats.fixtureId))
    .where(and(eq(fixtures.season, season), onSheets));
  const candidates: (PlayerNames & { id: number })[] = await ctx.db.db
    .select({ id: players.id, name: players.name, firstname: players.firstname, lastname: players.lastname })
    .from(players)
    .where(or(inArray(players.id, seasonIds), inArray(players.id, sheetIds)));
  const named = playersNamedBy(slug, candidates);
  return named.length === 1 ? named[0].id : null;
}
