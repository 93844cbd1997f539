/**
 * The matches the predictions job reads: fixtures with their pre-match market-average prices,
 * the data state of each league season (so a season stored with the engine's state is trusted
 * only while it is unchanged), the finished matches as an update of what the engine's thread
 * holds, the kicked-off matches of the current season still without a prediction, and the rows
 * turned into the engine's played and upcoming matches.
 */
import { sql } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import { teamNameById } from "@shared/domain/teams/registry";
import type { MatchInput, PlayedMatch, UpcomingMatch } from "@shared/model";
import type { HistoryUpdate, PredictionEngine } from "../model/engine-client";
import { NOT_PLAYED_STATUSES } from "./lock-picks";
import type { JobDb } from "./types";

export interface MatchRow {
  id: number;
  league: LeagueKey;
  season: string;
  kickoff_at: string | Date;
  home_team_id: number;
  away_team_id: number;
  home_score: number | null;
  away_score: number | null;
  home_shots_on_target: number | null;
  away_shots_on_target: number | null;
  home_price: string | null;
  draw_price: string | null;
  away_price: string | null;
  over_price: string | null;
  under_price: string | null;
}

/** Matches with their pre-match market-average prices (never closing prices: not known before kick-off). */
export async function matches(db: JobDb, where: ReturnType<typeof sql>): Promise<MatchRow[]> {
  return db.execute<MatchRow>(sql`
    select f.id, f.league, f.season, f.kickoff_at, f.home_team_id, f.away_team_id, f.home_score, f.away_score,
           f.home_shots_on_target, f.away_shots_on_target,
           r.home_price, r.draw_price, r.away_price, o.over_price, o.under_price
    from fixtures f
    left join fixture_odds r on r.fixture_id = f.id and r.source = 'market-average' and r.market = '1x2' and r.kind = 'opening'
    left join fixture_odds o on o.fixture_id = f.id and o.source = 'market-average' and o.market = 'ou25' and o.kind = 'opening'
    where ${where}
    order by f.kickoff_at, f.id`);
}

export const seasonKey = (league: string, season: string) => `${league}|${season}`;

/**
 * The state of every league season with stored matches: their number and latest change, in one
 * statement. It changes whenever any writer changes one of them, so a season stored with the
 * engine's state is trusted only while its state is the same.
 */
export async function seasonDataStates(db: JobDb): Promise<Map<string, string>> {
  const rows = await db.execute<{ league: string; season: string; state: string }>(sql`
    select league, season, concat_ws(':', count(*), (extract(epoch from max(updated_at)) * 1000000)::bigint) as state
    from fixtures group by league, season`);
  return new Map(rows.map((row) => [seasonKey(row.league, row.season), row.state]));
}

export interface HistoryRead {
  update: HistoryUpdate;
  /** Finished matches read. */
  read: number;
  /** The current league seasons (read every run, never stored with the engine's state). */
  current: Set<string>;
}

/**
 * The finished matches before an instant, as an update of what the engine's thread holds: the
 * seasons it does not have yet, and the current seasons (where results arrive). A finished season
 * never changes, so after the first run a call reads one season per league, not ten (nor does
 * the first run of a process whose thread was restored from the stored state). On the embedded
 * database a query blocks the process it shares with the site, so seasons are read one at a
 * time: pages are served between them. The data state of every season read is noted in
 * `states`, to be stored with it.
 */
export async function historyUpdate(
  db: JobDb,
  engine: PredictionEngine,
  at: string,
  states: Map<string, string>,
): Promise<HistoryRead> {
  const seasons = await db.execute<{ league: string; season: string; is_current: boolean }>(
    sql`select league, season, is_current from seasons`,
  );
  const held = engine.heldSeasons();
  const keep = seasons.map((s) => seasonKey(s.league, s.season));
  const current = new Set(seasons.filter((s) => s.is_current).map((s) => seasonKey(s.league, s.season)));
  const wanted = seasons.filter((s) => s.is_current || !held.has(seasonKey(s.league, s.season)));
  const update: HistoryUpdate = { seasons: {}, keep };
  let read = 0;
  // The states first: a change made while the rows are read then shows as a different state later.
  const stored = wanted.length > 0 ? await seasonDataStates(db) : new Map<string, string>();
  for (const { league, season } of wanted) {
    const key = seasonKey(league, season);
    const state = stored.get(key);
    // The registry knows every season since 2005/06; one without a stored match has nothing to read.
    const rows = state
      ? await matches(
          db,
          sql`f.league = ${league} and f.season = ${season} and f.match_state = 'post-match'
              and f.home_score is not null and f.away_score is not null and f.kickoff_at < ${at}::timestamptz`,
        )
      : [];
    update.seasons[key] = rows.map(playedMatch);
    read += rows.length;
    if (state && rows.length > 0) states.set(key, state);
    else states.delete(key);
  }
  for (const key of [...states.keys()]) if (!keep.includes(key)) states.delete(key);
  return { update, read, current };
}

function matchInput(row: MatchRow): MatchInput {
  const price = (value: string | null) => (value === null ? null : Number(value));
  const [home, draw, away, over, under] = [
    row.home_price,
    row.draw_price,
    row.away_price,
    row.over_price,
    row.under_price,
  ].map(price);
  return {
    id: String(row.id),
    league: row.league,
    season: row.season,
    kickoff: new Date(row.kickoff_at),
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    resultOdds: home !== null && draw !== null && away !== null ? { home, draw, away } : null,
    overUnderOdds: over !== null && under !== null ? { over, under } : null,
  };
}

function playedMatch(row: MatchRow): PlayedMatch {
  return {
    ...matchInput(row),
    homeGoals: row.home_score!,
    awayGoals: row.away_score!,
    homeShotsOnTarget: row.home_shots_on_target,
    awayShotsOnTarget: row.away_shots_on_target,
  };
}

export function upcomingMatch(row: MatchRow): UpcomingMatch {
  return { ...matchInput(row), homeTeam: teamNameById(row.home_team_id), awayTeam: teamNameById(row.away_team_id) };
}

/**
 * Matches of the current season that kicked off with nothing to lock: no ledger row and no
 * prediction made before kick-off (a fresh installation, or a worker that was down). The
 * pick-locking job locks them once they have one.
 */
export async function unpredictedKickedOff(db: JobDb, now: string): Promise<MatchRow[]> {
  return matches(
    db,
    sql`f.kickoff_at <= ${now}::timestamptz
        and exists (select 1 from seasons s where s.league = f.league and s.season = f.season and s.is_current)
        and coalesce(f.status, '') not in (${sql.join(
          NOT_PLAYED_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        and not exists (select 1 from pick_ledger l where l.fixture_id = f.id)
        and not exists (select 1 from predictions p where p.fixture_id = f.id and p.predicted_at <= f.kickoff_at)`,
  );
}
