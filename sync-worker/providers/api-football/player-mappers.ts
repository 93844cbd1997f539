/**
 * API-Football's players → the provider contract's records: a player's profile and season figures
 * per team in one league season, and the players who took part in a fixture with their match
 * figures, ratings and pass accuracy read as the database holds them. Pure, like every mapper
 * (mappers.ts).
 */
import type { PlayerMatchFeedItem, PlayerProfile, PlayerSeasonFeedItem } from "../types";
import { sideOf, type FixtureSides } from "./fixture-mappers";
import { leagueOf, n, registryTeam, seasonCodeOfYear, type MappedRows } from "./mappers";
import type { ApiFixturePlayers, ApiPlayer } from "./schemas";

// ---------------------------------------------------------------------------------------------
// Players

/** "7.361290" → 7.36; null for no rating. */
export function ratingOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const parsed = typeof value === "number" ? value : Number.parseFloat(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 10) return null;
  return Math.round(parsed * 100) / 100;
}

/** 85, "68%" or "9" → a whole percentage; null when unreadable. */
export function passAccuracyOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === "number" ? value : Number.parseFloat(value.replace("%", ""));
  return Number.isFinite(parsed) && parsed >= 0 && parsed <= 100 ? Math.round(parsed) : null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function profileOf(api: ApiPlayer["player"], position: string | null): PlayerProfile {
  const birthDate = api.birth?.date ?? null;
  return {
    id: api.id,
    name: api.name.trim(),
    firstname: api.firstname?.trim() || null,
    lastname: api.lastname?.trim() || null,
    nationality: api.nationality?.trim() || null,
    birthDate: birthDate !== null && ISO_DATE.test(birthDate) ? birthDate : null,
    age: api.age ?? null,
    position,
    photo: api.photo ?? null,
  };
}

/**
 * A player's rows for one league season, one per team he played for in it. Entries of other
 * competitions (cups, Europe) are ignored; an entry for a team outside the registry is
 * rejected. The provider has no clean sheets per player, so they stay 0.
 */
export function mapPlayerSeason(api: ApiPlayer, apiLeagueId: number): MappedRows<PlayerSeasonFeedItem> {
  const rows: PlayerSeasonFeedItem[] = [];
  const rejections: string[] = [];
  const league = leagueOf(apiLeagueId);
  if (!league.ok) return { rows, rejections: [`player ${api.player.id}: ${league.reason}`] };
  const entries = api.statistics.filter((entry) => entry.league.id === apiLeagueId && entry.league.season != null);
  const position = entries.find((entry) => entry.games.position)?.games.position ?? null;
  const player = profileOf(api.player, position);
  for (const entry of entries) {
    const team = registryTeam(entry.team.id, entry.team.name);
    if (!team.ok) {
      rejections.push(`player ${api.player.id} "${player.name}": ${team.reason}`);
      continue;
    }
    rows.push({
      player,
      teamId: team.value.id,
      league: league.value,
      season: seasonCodeOfYear(entry.league.season as number),
      position: entry.games.position ?? null,
      appearances: n(entry.games.appearences),
      lineups: n(entry.games.lineups),
      minutes: n(entry.games.minutes),
      goals: n(entry.goals?.total),
      assists: n(entry.goals?.assists),
      shotsTotal: n(entry.shots?.total),
      shotsOn: n(entry.shots?.on),
      passesKey: n(entry.passes?.key),
      passesAccuracy: passAccuracyOf(entry.passes?.accuracy),
      dribblesAttempts: n(entry.dribbles?.attempts),
      dribblesSuccess: n(entry.dribbles?.success),
      tackles: n(entry.tackles?.total),
      yellowCards: n(entry.cards?.yellow),
      // Sendings-off: direct reds and second yellows.
      redCards: n(entry.cards?.red) + n(entry.cards?.yellowred),
      rating: ratingOf(entry.games.rating),
      goalsConceded: n(entry.goals?.conceded),
      cleanSheets: 0,
    });
  }
  if (entries.length === 0)
    rejections.push(`player ${api.player.id} "${player.name}": no statistics for league ${apiLeagueId}`);
  return { rows, rejections };
}

export type MappedPlayerMatch = Omit<PlayerMatchFeedItem, "fixture">;

/**
 * The players of one team who took part in a fixture; unused substitutes (no minutes) had no
 * performance and are left out without a rejection.
 */
export function mapFixturePlayers(api: ApiFixturePlayers, sides: FixtureSides): MappedRows<MappedPlayerMatch> {
  if (!sideOf(api.team.id, sides)) {
    return {
      rows: [],
      rejections: [`player statistics of team ${api.team.id} "${api.team.name ?? "?"}": plays on neither side`],
    };
  }
  const rows: MappedPlayerMatch[] = [];
  for (const { player, statistics } of api.players) {
    const stats = statistics[0];
    const minutes = n(stats.games.minutes);
    if (minutes <= 0) continue;
    rows.push({
      player: {
        id: player.id,
        name: player.name.trim(),
        firstname: null,
        lastname: null,
        nationality: null,
        birthDate: null,
        age: null,
        position: null,
        photo: player.photo ?? null,
      },
      teamId: api.team.id,
      position: stats.games.position?.trim() || null,
      isSubstitute: stats.games.substitute ?? false,
      minutes,
      rating: ratingOf(stats.games.rating),
      goals: n(stats.goals?.total),
      assists: n(stats.goals?.assists),
      shotsTotal: n(stats.shots?.total),
      shotsOn: n(stats.shots?.on),
      passesTotal: n(stats.passes?.total),
      passesKey: n(stats.passes?.key),
      tackles: n(stats.tackles?.total),
      yellowCards: n(stats.cards?.yellow),
      redCards: n(stats.cards?.red),
      saves: n(stats.goals?.saves),
      goalsConceded: n(stats.goals?.conceded),
    });
  }
  return { rows, rejections: [] };
}
