/**
 * Writing provider fixtures and odds into the database in bulk: one statement per batch, the rows
 * travelling as one JSON parameter (json_to_recordset), which both drivers pass the same way and
 * Postgres unpacks faster than thousands of bound parameters. Upserts are keyed by the natural key
 * (league, season, home, away) and write only rows that changed, so a repeated sync writes nothing.
 */
import { sql, type SQL } from "drizzle-orm";
import type { JobDb } from "../jobs/types";
import type { ProviderFixture, ProviderOdds } from "../providers/types";
import { refreshLeagueSchedules } from "./league-schedules";
import { updateSeasonDates } from "./reference";

/** Advisory lock key of the match rows (fixtures and their odds). */
const MATCH_ROWS_LOCK = 4_521_773_090_120;

/**
 * Makes writers of match rows (backfill, fixtures, results, live) take turns, across jobs and
 * worker replicas: two multi-row upserts of the same matches at once can deadlock. Call inside
 * the writing transaction; the lock is released when it ends.
 */
export async function lockMatchRows(db: JobDb): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${MATCH_ROWS_LOCK})`);
}

export function fixtureKey(f: { league: string; season: string; homeTeamId: number; awayTeamId: number }): string {
  return `${f.league}:${f.season}:${f.homeTeamId}:${f.awayTeamId}`;
}

const side = (pair: { home: number; away: number } | null | undefined, which: "home" | "away") => pair?.[which] ?? null;

function fixtureRecord(f: ProviderFixture) {
  const s = f.statistics;
  return {
    league: f.league,
    season: f.season,
    matchweek: f.matchweek,
    kickoff_at: f.kickoffAt.toISOString(),
    home_team_id: f.homeTeamId,
    away_team_id: f.awayTeamId,
    venue: f.venue,
    referee: f.referee,
    match_state: f.state,
    status: f.status,
    live_minute: f.minute,
    injury_time: f.injuryTime,
    home_score: side(f.score, "home"),
    away_score: side(f.score, "away"),
    half_time_home_score: side(f.halfTimeScore, "home"),
    half_time_away_score: side(f.halfTimeScore, "away"),
    api_football_fixture_id: f.apiFootballFixtureId,
    home_shots: side(s?.shots, "home"),
    away_shots: side(s?.shots, "away"),
    home_shots_on_target: side(s?.shotsOnTarget, "home"),
    away_shots_on_target: side(s?.shotsOnTarget, "away"),
    home_corners: side(s?.corners, "home"),
    away_corners: side(s?.corners, "away"),
    home_fouls: side(s?.fouls, "home"),
    away_fouls: side(s?.fouls, "away"),
    home_yellow_cards: side(s?.yellowCards, "home"),
    away_yellow_cards: side(s?.yellowCards, "away"),
    home_red_cards: side(s?.redCards, "home"),
    away_red_cards: side(s?.redCards, "away"),
  };
}

const FIXTURE_COLUMNS = `league text, season text, matchweek int, kickoff_at timestamptz, home_team_id int,
  away_team_id int, venue text, referee text, match_state text, status text, live_minute int, injury_time int,
  home_score int, away_score int, half_time_home_score int, half_time_away_score int, api_football_fixture_id int,
  home_shots int, away_shots int, home_shots_on_target int, away_shots_on_target int, home_corners int,
  away_corners int, home_fouls int, away_fouls int, home_yellow_cards int, away_yellow_cards int,
  home_red_cards int, away_red_cards int`;

/** Columns a provider overwrites; venue, matchweek and the API-Football id keep a known value over null. */
const OVERWRITTEN = [
  "kickoff_at",
  "referee",
  "match_state",
  "status",
  "live_minute",
  "injury_time",
  "home_score",
  "away_score",
  "half_time_home_score",
  "half_time_away_score",
  "home_shots",
  "away_shots",
  "home_shots_on_target",
  "away_shots_on_target",
  "home_corners",
  "away_corners",
  "home_fouls",
  "away_fouls",
  "home_yellow_cards",
  "away_yellow_cards",
  "home_red_cards",
  "away_red_cards",
];
const KEPT = ["venue", "matchweek", "api_football_fixture_id"];

const INSERTED = ["league", "season", "home_team_id", "away_team_id", ...OVERWRITTEN, ...KEPT];
const newValues = [
  ...OVERWRITTEN.map((c) => `excluded.${c}`),
  ...KEPT.map((c) => `coalesce(excluded.${c}, fixtures.${c})`),
];
const oldValues = [...OVERWRITTEN, ...KEPT].map((c) => `fixtures.${c}`);

/** The number of rows an insert or update statement changed, counted in the database (no row comes back). */
async function countChanged(db: JobDb, statement: SQL): Promise<number> {
  const [row] = await db.execute<{ changed: number }>(
    sql`with changed as (${statement} returning 1) select count(*)::int as changed from changed`,
  );
  return Number(row.changed);
}

/**
 * Whether a league season has no stored match yet: its first import then inserts plainly, which
 * is a third faster than an upsert (no conflict check per row). Call inside the writing
 * transaction, after lockMatchRows, so no other writer adds rows in between.
 */
export async function seasonIsEmpty(db: JobDb, league: string, season: string): Promise<boolean> {
  const [row] = await db.execute<{ empty: boolean }>(sql`
    select not exists (select 1 from fixtures where league = ${league} and season = ${season}) as empty`);
  return row.empty;
}

/**
 * Inserts or updates fixtures; returns how many rows changed. A provider that still says 'not
 * started' for a match past its kick-off (a results file not updated yet) does not move a match
 * another feed has as live or finished back to pre-match. `insertOnly`: none of them is stored
 * yet (seasonIsEmpty), so they are inserted without the conflict handling.
 */
export async function upsertFixtures(
  db: JobDb,
  fixtures: readonly ProviderFixture[],
  now: Date,
  options: { insertOnly?: boolean } = {},
): Promise<number> {
  // One statement cannot update a row twice: the last word on a match wins.
  const items = [...new Map(fixtures.map((f) => [fixtureKey(f), f])).values()];
  if (items.length === 0) return 0;
  const insert = sql`
    insert into fixtures (${sql.raw(INSERTED.join(", "))}, last_api_update)
    select ${sql.raw(INSERTED.join(", "))}, ${now.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(items.map(fixtureRecord))}::json) as t(${sql.raw(FIXTURE_COLUMNS)})`;
  if (options.insertOnly) return countChanged(db, insert);
  return countChanged(
    db,
    sql`${insert}
    on conflict on constraint fixtures_natural_key do update set
      ${sql.raw([...OVERWRITTEN, ...KEPT].map((c, i) => `${c} = ${newValues[i]}`).join(", "))},
      last_api_update = excluded.last_api_update,
      updated_at = now()
    where (${sql.raw(oldValues.join(", "))}) is distinct from (${sql.raw(newValues.join(", "))})
      and not (excluded.match_state = 'pre-match' and excluded.kickoff_at <= ${now.toISOString()}::timestamptz
               and fixtures.match_state <> 'pre-match')`,
  );
}

/** Our fixture ids by natural key for one league season. */
export async function seasonFixtureIds(db: JobDb, league: string, season: string): Promise<Map<string, number>> {
  const rows = await db.execute<{ id: number; home_team_id: number; away_team_id: number }>(sql`
    select id, home_team_id, away_team_id from fixtures where league = ${league} and season = ${season}`);
  return new Map(
    rows.map((r) => [fixtureKey({ league, season, homeTeamId: r.home_team_id, awayTeamId: r.away_team_id }), r.id]),
  );
}

/** Our fixture ids by natural key, for the given fixtures that exist. */
export async function fixtureIds(
  db: JobDb,
  keys: readonly { league: string; season: string; homeTeamId: number; awayTeamId: number }[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const input = keys.map((k) => ({
    league: k.league,
    season: k.season,
    home_team_id: k.homeTeamId,
    away_team_id: k.awayTeamId,
  }));
  const rows = await db.execute<{
    id: number;
    league: string;
    season: string;
    home_team_id: number;
    away_team_id: number;
  }>(sql`
    select f.id, f.league, f.season, f.home_team_id, f.away_team_id
    from fixtures f
    join json_to_recordset(${JSON.stringify(input)}::json) as t(league text, season text, home_team_id int, away_team_id int)
      using (league, season, home_team_id, away_team_id)`);
  return new Map(
    rows.map((r) => [
      fixtureKey({ league: r.league, season: r.season, homeTeamId: r.home_team_id, awayTeamId: r.away_team_id }),
      r.id,
    ]),
  );
}

function oddsRecord(fixtureId: number, o: ProviderOdds) {
  const prices = {
    home_price: o.market === "1x2" ? o.home : null,
    draw_price: o.market === "1x2" ? o.draw : null,
    away_price: o.market === "1x2" ? o.away : null,
    over_price: o.market === "ou25" ? o.over : null,
    under_price: o.market === "ou25" ? o.under : null,
    yes_price: o.market === "btts" ? o.yes : null,
    no_price: o.market === "btts" ? o.no : null,
  };
  return { fixture_id: fixtureId, source: o.source, market: o.market, kind: o.kind, ...prices };
}

const PRICE_COLUMNS = ["home_price", "draw_price", "away_price", "over_price", "under_price", "yes_price", "no_price"];

/**
 * Inserts or updates the odds of the given fixtures (by our id); returns how many rows changed.
 * `insertOnly`: the fixtures have no stored odds yet (their season was empty), so the rows are
 * inserted without the conflict handling.
 */
export async function upsertOdds(
  db: JobDb,
  odds: readonly { fixtureId: number; odds: readonly ProviderOdds[] }[],
  options: { insertOnly?: boolean } = {},
): Promise<number> {
  const byKey = new Map<string, ReturnType<typeof oddsRecord>>();
  for (const entry of odds) {
    for (const o of entry.odds)
      byKey.set(`${entry.fixtureId}:${o.source}:${o.market}:${o.kind}`, oddsRecord(entry.fixtureId, o));
  }
  const records = [...byKey.values()];
  if (records.length === 0) return 0;
  const insert = sql`
    insert into fixture_odds (fixture_id, source, market, kind, ${sql.raw(PRICE_COLUMNS.join(", "))})
    select fixture_id, source, market, kind, ${sql.raw(PRICE_COLUMNS.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json) as t(fixture_id int, source text, market text, kind text,
      ${sql.raw(PRICE_COLUMNS.map((c) => `${c} numeric`).join(", "))})`;
  if (options.insertOnly) return countChanged(db, insert);
  return countChanged(
    db,
    sql`${insert}
    on conflict on constraint fixture_odds_key do update set
      ${sql.raw(PRICE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", "))},
      captured_at = now()
    where (${sql.raw(PRICE_COLUMNS.map((c) => `fixture_odds.${c}`).join(", "))})
      is distinct from (${sql.raw(PRICE_COLUMNS.map((c) => `excluded.${c}`).join(", "))})`,
  );
}

/**
 * Closing prices are only known from kick-off. A replay restarted at an earlier moment has
 * stored some for matches that have not kicked off at the new moment: they go.
 */
export async function removeClosingOddsBeforeKickoff(db: JobDb, now: Date): Promise<number> {
  const rows = await db.execute(sql`
    delete from fixture_odds o using fixtures f
    where o.fixture_id = f.id and o.kind = 'closing' and f.kickoff_at > ${now.toISOString()}::timestamptz
    returning 1`);
  return rows.length;
}

/**
 * Writes fixtures and their odds; returns the rows changed. When fixtures changed, their league
 * seasons' stored schedules follow (store/league-schedules.ts), unless `schedules` is false: the
 * live ticks, which move scores and minutes of matches in play every 15 seconds, leave a kick-off
 * they moved to the next fixtures or results run.
 */
export async function storeFixtures(
  db: JobDb,
  items: readonly ProviderFixture[],
  now: Date,
  withOdds: boolean,
  options: { schedules?: boolean } = {},
): Promise<number> {
  await lockMatchRows(db);
  let written = await upsertFixtures(db, items, now);
  if (written > 0) {
    const seasons = new Map(items.map((f) => [`${f.league}:${f.season}`, f]));
    for (const f of seasons.values()) written += await updateSeasonDates(db, f.league, f.season);
    if (options.schedules ?? true) {
      written += await refreshLeagueSchedules(
        db,
        [...seasons.values()].map((f) => ({ league: f.league, season: f.season })),
      );
    }
  }
  if (withOdds) {
    const ids = await fixtureIds(db, items);
    const odds = items.flatMap((f) => {
      const id = ids.get(fixtureKey(f));
      return id === undefined || f.odds.length === 0 ? [] : [{ fixtureId: id, odds: f.odds }];
    });
    written += await upsertOdds(db, odds);
  }
  return written;
}
