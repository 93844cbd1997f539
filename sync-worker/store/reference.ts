/**
 * Reference data every match row points at: the clubs of the team registry and the league
 * seasons. Both are upserts that write only what changed.
 */
import { sql } from "drizzle-orm";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { TEAMS } from "@shared/domain/teams/registry";
import type { JobDb } from "../jobs/types";

/** The first season of the football-data.co.uk files. */
export const FIRST_SEASON = "0506";

/** Season codes from 2005/06 to the season of `now`, oldest first ('0506', '0607', ... '2526'). */
export function seasonCodesUpTo(now: Date): string[] {
  const last = Number(seasonCodeFor(now).slice(0, 2));
  const codes: string[] = [];
  for (let start = Number(FIRST_SEASON.slice(0, 2)); start <= last; start++) {
    codes.push(`${String(start).padStart(2, "0")}${String(start + 1).padStart(2, "0")}`);
  }
  return codes;
}

export async function upsertTeams(db: JobDb): Promise<number> {
  const records = TEAMS.map((team) => ({
    id: team.id,
    slug: team.slug,
    name: team.name,
    short_name: team.shortName,
    code: team.code,
    league: team.league,
    primary_color: team.colors.primary,
    secondary_color: team.colors.secondary,
    venue: team.venue,
    city: team.city,
    football_data_name: team.footballDataName,
  }));
  const columns = Object.keys(records[0]);
  const updated = columns.filter((c) => c !== "id");
  const rows = await db.execute(sql`
    insert into teams (${sql.raw(columns.join(", "))})
    select ${sql.raw(columns.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json) as t(id int, slug text, name text, short_name text,
      code text, league text, primary_color text, secondary_color text, venue text, city text, football_data_name text)
    on conflict (id) do update set ${sql.raw(updated.map((c) => `${c} = excluded.${c}`).join(", "))}, updated_at = now()
    where (${sql.raw(updated.map((c) => `teams.${c}`).join(", "))}) is distinct from (${sql.raw(updated.map((c) => `excluded.${c}`).join(", "))})
    returning 1`);
  return rows.length;
}

/**
 * A row per league and season up to the season of `now`, which is the current one. Start and
 * end dates are filled in from the matches once they are stored (updateSeasonDates).
 */
export async function upsertSeasons(db: JobDb, now: Date): Promise<number> {
  const current = seasonCodeFor(now);
  const records = LEAGUE_KEYS.flatMap((league) => seasonCodesUpTo(now).map((season) => ({ league, season })));
  const inserted = await db.execute(sql`
    insert into seasons (league, season)
    select league, season from json_to_recordset(${JSON.stringify(records)}::json) as t(league text, season text)
    on conflict do nothing
    returning 1`);
  // At most one current season per league: clear the old one before marking the new one.
  const cleared = await db.execute(sql`
    update seasons set is_current = false where is_current and season <> ${current} returning 1`);
  const marked = await db.execute(sql`
    update seasons set is_current = true where not is_current and season = ${current} returning 1`);
  return inserted.length + cleared.length + marked.length;
}

/** Sets a season's dates to its first and last stored kick-off. */
export async function updateSeasonDates(db: JobDb, league: string, season: string): Promise<number> {
  const rows = await db.execute(sql`
    update seasons s set start_date = d.first, end_date = d.last
    from (select min(kickoff_at at time zone 'UTC')::date as first, max(kickoff_at at time zone 'UTC')::date as last
          from fixtures where league = ${league} and season = ${season}) d
    where s.league = ${league} and s.season = ${season} and d.first is not null
      and (s.start_date, s.end_date) is distinct from (d.first, d.last)
    returning 1`);
  return rows.length;
}

export async function upsertReferenceData(db: JobDb, now: Date): Promise<number> {
  return (await upsertTeams(db)) + (await upsertSeasons(db, now));
}
