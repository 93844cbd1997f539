/**
 * Writing what a richer provider knows about matches and players: lineups, match events, player
 * profiles, season and per-match player statistics. Rows travel as one JSON parameter
 * (json_to_recordset), upserts are keyed by provider ids (players) or our fixture id, and only
 * rows that changed are written, so a repeated sync writes nothing.
 */
import { sql, type SQL } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import type { JobDb } from "../jobs/types";
import type {
  EventFeedItem,
  FixtureRef,
  LineupFeedItem,
  PlayerMatchFeedItem,
  PlayerProfile,
  PlayerSeasonFeedItem,
} from "../providers/types";
import { fixtureKey } from "./fixtures";

/** A stored fixture as a provider request names it, with our id. */
export interface StoredFixtureRef extends FixtureRef {
  id: number;
}

/** The stored fixtures matching `condition` (a where clause on the fixtures table). */
export async function storedFixtureRefs(db: JobDb, condition: SQL): Promise<StoredFixtureRef[]> {
  const rows = await db.execute<{
    id: number;
    league: LeagueKey;
    season: string;
    home_team_id: number;
    away_team_id: number;
    kickoff_at: string | Date;
    api_football_fixture_id: number | null;
  }>(sql`
    select id, league, season, home_team_id, away_team_id, kickoff_at, api_football_fixture_id
    from fixtures where ${condition} order by kickoff_at, id`);
  return rows.map((r) => ({
    id: r.id,
    league: r.league,
    season: r.season,
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    kickoffAt: new Date(r.kickoff_at),
    apiFootballFixtureId: r.api_football_fixture_id,
  }));
}

/** Our fixture id of a feed item's fixture, looked up among the refs the request was made with. */
export function fixtureIdsByKey(refs: readonly StoredFixtureRef[]): (fixture: FixtureRef) => number | undefined {
  const ids = new Map(refs.map((ref) => [fixtureKey(ref), ref.id]));
  return (fixture) => ids.get(fixtureKey(fixture));
}

/** `(a, b) is distinct from (excluded.a, excluded.b)` over the given columns of `table`. */
function changed(table: string, columns: readonly string[]): string {
  return `(${columns.map((c) => `${table}.${c}`).join(", ")}) is distinct from (${columns
    .map((c) => `excluded.${c}`)
    .join(", ")})`;
}

// ---------------------------------------------------------------------------------------------
// Lineups

export async function upsertLineups(
  db: JobDb,
  lineups: readonly (Omit<LineupFeedItem, "fixture"> & { fixtureId: number })[],
): Promise<number> {
  const byKey = new Map(lineups.map((l) => [`${l.fixtureId}:${l.teamId}`, l]));
  if (byKey.size === 0) return 0;
  const records = [...byKey.values()].map((l) => ({
    fixture_id: l.fixtureId,
    team_id: l.teamId,
    formation: l.formation,
    coach_name: l.coachName,
    start_xi: l.startXi,
    substitutes: l.substitutes,
  }));
  const columns = ["formation", "coach_name", "start_xi", "substitutes"];
  const rows = await db.execute(sql`
    insert into lineups (fixture_id, team_id, ${sql.raw(columns.join(", "))})
    select fixture_id, team_id, ${sql.raw(columns.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json)
      as t(fixture_id int, team_id int, formation text, coach_name text, start_xi jsonb, substitutes jsonb)
    on conflict on constraint lineups_fixture_team_key do update set
      ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(", "))}, updated_at = now()
    where ${sql.raw(changed("lineups", columns))}
    returning 1`);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Match events

const EVENT_IDENTITY = ["minute", "extra_minute", "side", "type", "detail", "player_name"];

/**
 * Makes the stored events of each given fixture equal to the provider's current list: new events
 * are added, events the provider no longer lists (a goal ruled out) are removed. Only fixtures
 * present in `events` are touched.
 */
export async function replaceEvents(
  db: JobDb,
  events: readonly (Omit<EventFeedItem, "fixture"> & { fixtureId: number })[],
): Promise<number> {
  const records = [
    ...new Map(
      events.map((e) => {
        const record = {
          fixture_id: e.fixtureId,
          minute: e.minute,
          extra_minute: e.extraMinute,
          team_id: e.teamId,
          side: e.side,
          type: e.type,
          detail: e.detail,
          player_id: e.playerId,
          player_name: e.playerName,
          assist_name: e.assistName,
        };
        return [JSON.stringify([e.fixtureId, ...EVENT_IDENTITY.map((c) => record[c as keyof typeof record])]), record];
      }),
    ).values(),
  ];
  if (records.length === 0) return 0;
  const json = JSON.stringify(records);
  const recordset = sql`json_to_recordset(${json}::json) as t(fixture_id int, minute int, extra_minute int, team_id int,
    side text, type text, detail text, player_id int, player_name text, assist_name text)`;
  const removed = await db.execute(sql`
    delete from live_events e
    where e.fixture_id in (select fixture_id from ${recordset})
      and not exists (
        select 1 from ${recordset}
        where t.fixture_id = e.fixture_id
          and ${sql.raw(
            `(${EVENT_IDENTITY.map((c) => `t.${c}`).join(", ")}) is not distinct from (${EVENT_IDENTITY.map(
              (c) => `e.${c}`,
            ).join(", ")})`,
          )})
    returning 1`);
  const added = await db.execute(sql`
    insert into live_events (fixture_id, minute, extra_minute, team_id, side, type, detail, player_id, player_name, assist_name)
    select fixture_id, minute, extra_minute, team_id, side, type, detail, player_id, player_name, assist_name from ${recordset}
    on conflict on constraint live_events_identity_key do nothing
    returning 1`);
  return removed.length + added.length;
}

// ---------------------------------------------------------------------------------------------
// Players

const PROFILE_COLUMNS = ["name", "firstname", "lastname", "nationality", "birth_date", "age", "position", "photo"];

/**
 * Inserts or updates players. A profile from a match sheet has only a name and a photo: a known
 * value is never replaced by a missing one.
 */
export async function upsertPlayers(db: JobDb, profiles: readonly PlayerProfile[]): Promise<number> {
  const byId = new Map<number, PlayerProfile>();
  for (const p of profiles) {
    const known = byId.get(p.id);
    byId.set(p.id, known ? mergeProfiles(known, p) : p);
  }
  if (byId.size === 0) return 0;
  const records = [...byId.values()].map((p) => ({
    id: p.id,
    name: p.name,
    firstname: p.firstname,
    lastname: p.lastname,
    nationality: p.nationality,
    birth_date: p.birthDate,
    age: p.age,
    position: p.position,
    photo: p.photo,
  }));
  const kept = PROFILE_COLUMNS.map((c) => `coalesce(excluded.${c}, players.${c})`);
  const rows = await db.execute(sql`
    insert into players (id, ${sql.raw(PROFILE_COLUMNS.join(", "))})
    select id, ${sql.raw(PROFILE_COLUMNS.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json) as t(id int, name text, firstname text, lastname text,
      nationality text, birth_date date, age int, position text, photo text)
    on conflict (id) do update set
      ${sql.raw(PROFILE_COLUMNS.map((c, i) => `${c} = ${kept[i]}`).join(", "))}, updated_at = now()
    where (${sql.raw(PROFILE_COLUMNS.map((c) => `players.${c}`).join(", "))}) is distinct from (${sql.raw(
      kept.join(", "),
    )})
    returning 1`);
  return rows.length;
}

function mergeProfiles(a: PlayerProfile, b: PlayerProfile): PlayerProfile {
  return {
    id: a.id,
    name: b.name || a.name,
    firstname: b.firstname ?? a.firstname,
    lastname: b.lastname ?? a.lastname,
    nationality: b.nationality ?? a.nationality,
    birthDate: b.birthDate ?? a.birthDate,
    age: b.age ?? a.age,
    position: b.position ?? a.position,
    photo: b.photo ?? a.photo,
  };
}

const SEASON_STAT_COLUMNS = [
  ["position", "text"],
  ["appearances", "int"],
  ["lineups", "int"],
  ["minutes", "int"],
  ["goals", "int"],
  ["assists", "int"],
  ["shots_total", "int"],
  ["shots_on", "int"],
  ["passes_key", "int"],
  ["passes_accuracy", "int"],
  ["dribbles_attempts", "int"],
  ["dribbles_success", "int"],
  ["tackles", "int"],
  ["yellow_cards", "int"],
  ["red_cards", "int"],
  ["rating", "numeric"],
  ["goals_conceded", "int"],
  ["clean_sheets", "int"],
] as const;

/** Inserts or updates players and their season rows (keyed by player, team, league, season). */
export async function upsertPlayerSeasonStats(db: JobDb, items: readonly PlayerSeasonFeedItem[]): Promise<number> {
  if (items.length === 0) return 0;
  let written = await upsertPlayers(
    db,
    items.map((i) => i.player),
  );
  const byKey = new Map(items.map((i) => [`${i.player.id}:${i.teamId}:${i.league}:${i.season}`, i]));
  const records = [...byKey.values()].map((i) => ({
    player_id: i.player.id,
    team_id: i.teamId,
    league: i.league,
    season: i.season,
    position: i.position,
    appearances: i.appearances,
    lineups: i.lineups,
    minutes: i.minutes,
    goals: i.goals,
    assists: i.assists,
    shots_total: i.shotsTotal,
    shots_on: i.shotsOn,
    passes_key: i.passesKey,
    passes_accuracy: i.passesAccuracy,
    dribbles_attempts: i.dribblesAttempts,
    dribbles_success: i.dribblesSuccess,
    tackles: i.tackles,
    yellow_cards: i.yellowCards,
    red_cards: i.redCards,
    rating: i.rating,
    goals_conceded: i.goalsConceded,
    clean_sheets: i.cleanSheets,
  }));
  const columns = SEASON_STAT_COLUMNS.map(([c]) => c);
  const rows = await db.execute(sql`
    insert into player_season_stats (player_id, team_id, league, season, ${sql.raw(columns.join(", "))})
    select player_id, team_id, league, season, ${sql.raw(columns.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json) as t(player_id int, team_id int, league text, season text,
      ${sql.raw(SEASON_STAT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(", "))})
    on conflict on constraint player_season_stats_key do update set
      ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(", "))}, updated_at = now()
    where ${sql.raw(changed("player_season_stats", columns))}
    returning 1`);
  written += rows.length;
  return written;
}

const MATCH_STAT_COLUMNS = [
  ["team_id", "int"],
  ["position", "text"],
  ["is_substitute", "boolean"],
  ["minutes", "int"],
  ["rating", "numeric"],
  ["goals", "int"],
  ["assists", "int"],
  ["shots_total", "int"],
  ["shots_on", "int"],
  ["passes_total", "int"],
  ["passes_key", "int"],
  ["tackles", "int"],
  ["yellow_cards", "int"],
  ["red_cards", "int"],
  ["saves", "int"],
  ["goals_conceded", "int"],
] as const;

/** Inserts or updates players and their lines in fixtures (keyed by player and our fixture id). */
export async function upsertPlayerMatchStats(
  db: JobDb,
  items: readonly (Omit<PlayerMatchFeedItem, "fixture"> & { fixtureId: number })[],
): Promise<number> {
  if (items.length === 0) return 0;
  let written = await upsertPlayers(
    db,
    items.map((i) => i.player),
  );
  const byKey = new Map(items.map((i) => [`${i.player.id}:${i.fixtureId}`, i]));
  const records = [...byKey.values()].map((i) => ({
    player_id: i.player.id,
    fixture_id: i.fixtureId,
    team_id: i.teamId,
    position: i.position,
    is_substitute: i.isSubstitute,
    minutes: i.minutes,
    rating: i.rating,
    goals: i.goals,
    assists: i.assists,
    shots_total: i.shotsTotal,
    shots_on: i.shotsOn,
    passes_total: i.passesTotal,
    passes_key: i.passesKey,
    tackles: i.tackles,
    yellow_cards: i.yellowCards,
    red_cards: i.redCards,
    saves: i.saves,
    goals_conceded: i.goalsConceded,
  }));
  const columns = MATCH_STAT_COLUMNS.map(([c]) => c);
  const rows = await db.execute(sql`
    insert into player_match_stats (player_id, fixture_id, ${sql.raw(columns.join(", "))})
    select player_id, fixture_id, ${sql.raw(columns.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json) as t(player_id int, fixture_id int,
      ${sql.raw(MATCH_STAT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(", "))})
    on conflict on constraint player_match_stats_key do update set
      ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(", "))}
    where ${sql.raw(changed("player_match_stats", columns))}
    returning 1`);
  written += rows.length;
  return written;
}
