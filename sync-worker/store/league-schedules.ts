/**
 * Each league season's schedule (shared/domain/matchweeks.ts: round centres, every fixture's
 * matchweek and moved mark) stored in read_models under `league-schedule:{league}:{season}`, so
 * the league and matchweek pages read one small row instead of the season's fixtures on every
 * render. Refreshed inside the transactions that write fixtures, so the stored schedule commits
 * with the fixtures it was computed from (and with their data version).
 */
import { sql } from "drizzle-orm";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import {
  LEAGUE_SCHEDULE_VERSION,
  leagueSchedule,
  leagueScheduleKey,
  storedLeagueSchedule,
} from "@shared/domain/matchweeks";
import type { JobDb } from "../jobs/types";
import { storeReadModel } from "./read-models";

export interface LeagueSeason {
  league: LeagueKey;
  season: string;
}

/**
 * Recomputes and stores the schedules of the given league seasons whose fixtures (id, kick-off,
 * clubs; active ones) changed since their schedule was stored; returns the rows written. One
 * statement when nothing changed: the fixtures' fingerprint is computed in the database and
 * compared with what the stored schedule was computed from.
 */
export async function refreshLeagueSchedules(db: JobDb, seasons: readonly LeagueSeason[]): Promise<number> {
  const wanted = [
    ...new Map(
      seasons.map((s) => [`${s.league}:${s.season}`, { ...s, key: leagueScheduleKey(s.league, s.season) }]),
    ).values(),
  ];
  if (wanted.length === 0) return 0;
  // Per league season (lateral), so each reads only its own fixtures, by the (league, season) index.
  const states = await db.execute<{
    league: LeagueKey;
    season: string;
    fixtures: number;
    fingerprint: string;
    inputs: string | null;
  }>(sql`
    select t.league, t.season, s.fixtures, s.fingerprint, r.inputs
    from json_to_recordset(${JSON.stringify(wanted)}::json) as t(league text, season text, key text)
    cross join lateral (
      select count(*)::int as fixtures,
        md5(coalesce(string_agg(concat_ws(':', f.id, (extract(epoch from f.kickoff_at) * 1000)::bigint, f.home_team_id, f.away_team_id), ',' order by f.id), '')) as fingerprint
      from fixtures f
      where f.league = t.league and f.season = t.season and f.is_active
    ) s
    left join read_models r on r.key = t.key`);
  let written = 0;
  for (const state of states) {
    const source = `v${LEAGUE_SCHEDULE_VERSION}; ${state.fixtures} fixtures; fixtures:${state.fingerprint}`;
    if (state.inputs?.startsWith(`${source};`)) continue;
    const rows = await db.execute<{
      id: number;
      kickoff_at: string | Date;
      home_team_id: number;
      away_team_id: number;
    }>(sql`
      select id, kickoff_at, home_team_id, away_team_id from fixtures
      where league = ${state.league} and season = ${state.season} and is_active`);
    const schedule = leagueSchedule(
      rows.map((r) => ({
        id: r.id,
        kickoffAt: new Date(r.kickoff_at),
        homeTeamId: r.home_team_id,
        awayTeamId: r.away_team_id,
      })),
      LEAGUES[state.league].matchweeks,
    );
    const payload = storedLeagueSchedule(state.league, state.season, schedule);
    written += await storeReadModel(db, leagueScheduleKey(state.league, state.season), payload, source);
  }
  return written;
}
