import { sql } from "drizzle-orm";
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { emptyResult, type JobDb, type JobDefinition } from "./types";
import { weekStartDate } from "@shared/domain/matchweek";

/** The league after `previous` in the rotation; the first league when there is none. */
export function nextFeaturedLeague(previous: string | null): LeagueKey {
  const index = LEAGUE_KEYS.indexOf(previous as LeagueKey);
  return LEAGUE_KEYS[(index + 1) % LEAGUE_KEYS.length];
}

/**
 * The featured match of the league this week: the highest-confidence prediction among its
 * matches of the week, else the match between the two best-placed clubs, else the first one.
 */
async function featuredFixture(db: JobDb, league: LeagueKey, weekStart: string): Promise<number | null> {
  const [row] = await db.execute<{ id: number }>(sql`
    with latest as (
      select id from standings_snapshots where league = ${league} order by taken_at desc, id desc limit 1
    ), places as (
      select team_id, position from standing_rows where snapshot_id = (select id from latest)
    )
    select f.id from fixtures f
    left join predictions p on p.fixture_id = f.id
    left join places h on h.team_id = f.home_team_id
    left join places a on a.team_id = f.away_team_id
    where f.league = ${league}
      and f.kickoff_at >= ${`${weekStart}T00:00:00Z`}::timestamptz
      and f.kickoff_at < ${`${weekStart}T00:00:00Z`}::timestamptz + interval '7 days'
    order by p.confidence desc nulls last, coalesce(h.position, 99) + coalesce(a.position, 99), f.kickoff_at, f.id
    limit 1`);
  return row?.id ?? null;
}

/**
 * Match of the Week: each week (from Monday) features the next league of the rotation and its
 * most promising match, recorded in match_of_the_week. A week's league never changes once
 * chosen; its match is chosen once there is one.
 */
export const matchOfTheWeekJob: JobDefinition = {
  name: "match-of-the-week",
  description: "Rotates the featured league weekly and picks its match of the week",
  cadence: {
    description: "daily at 05:00 UTC and on Mondays at 00:05 UTC",
    cron: ["0 5 * * *", "5 0 * * 1"],
    everyMs: 6 * 60 * 60_000,
  },
  transactional: true,
  async run(ctx) {
    const weekStart = weekStartDate(ctx.clock.now());
    const [week] = await ctx.db.execute<{ id: number; last_featured_league: LeagueKey; fixture_id: number | null }>(sql`
      select id, last_featured_league, fixture_id from match_of_the_week where week_start_date = ${weekStart}::date`);
    if (week) {
      if (week.fixture_id !== null)
        return { ...emptyResult(), reason: `${week.last_featured_league} is featured this week` };
      const fixtureId = await featuredFixture(ctx.db, week.last_featured_league, weekStart);
      if (fixtureId === null)
        return { ...emptyResult(), reason: `no ${week.last_featured_league} match this week yet` };
      await ctx.db.execute(
        sql`update match_of_the_week set fixture_id = ${fixtureId}, updated_at = now() where id = ${week.id}`,
      );
      return { ...emptyResult(), rowsWritten: 1 };
    }
    const [previous] = await ctx.db.execute<{ last_featured_league: string }>(sql`
      select last_featured_league from match_of_the_week where week_start_date < ${weekStart}::date
      order by week_start_date desc limit 1`);
    const league = nextFeaturedLeague(previous?.last_featured_league ?? null);
    const fixtureId = await featuredFixture(ctx.db, league, weekStart);
    const inserted = await ctx.db.execute(sql`
      insert into match_of_the_week (last_featured_league, week_start_date, fixture_id)
      values (${league}, ${weekStart}::date, ${fixtureId})
      on conflict on constraint match_of_the_week_week_key do nothing
      returning 1`);
    return { ...emptyResult(), rowsWritten: inserted.length, reason: `${league} featured from ${weekStart}` };
  },
};
