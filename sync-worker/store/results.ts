/** Reading stored results back: the finished matches of a league season, and its clubs. */
import { sql } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import { teamsInLeague, type SeasonCode } from "@shared/domain/teams/registry";
import type { JobDb } from "../jobs/types";

export interface StoredResult {
  fixtureId: number;
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
  kickoffAt: Date;
}

/** Finished matches with a score, oldest first. */
export async function seasonResults(db: JobDb, league: LeagueKey, season: string): Promise<StoredResult[]> {
  const rows = await db.execute<{
    id: number;
    home_team_id: number;
    away_team_id: number;
    home_score: number;
    away_score: number;
    kickoff_at: string | Date;
  }>(sql`
    select id, home_team_id, away_team_id, home_score, away_score, kickoff_at from fixtures
    where league = ${league} and season = ${season} and match_state = 'post-match'
      and home_score is not null and away_score is not null
    order by kickoff_at, id`);
  return rows.map((r) => ({
    fixtureId: r.id,
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    homeGoals: r.home_score,
    awayGoals: r.away_score,
    kickoffAt: new Date(r.kickoff_at),
  }));
}

/** The clubs of a league season: those with a stored match, and the registry's list for the seasons it knows. */
export async function seasonTeamIds(db: JobDb, league: LeagueKey, season: string): Promise<number[]> {
  const rows = await db.execute<{ team_id: number }>(sql`
    select home_team_id as team_id from fixtures where league = ${league} and season = ${season}
    union
    select away_team_id from fixtures where league = ${league} and season = ${season}`);
  const ids = new Set(rows.map((r) => r.team_id));
  for (const team of teamsInLeague(league, season as SeasonCode)) ids.add(team.id);
  return [...ids];
}
