import { sql } from "drizzle-orm";
import { formatScore, hitRate } from "../../shared/domain/picks";
import { LEAGUE_KEYS, type LeagueKey } from "../../shared/domain/leagues";
import { matchweekFor } from "../../shared/domain/matchweek";
import { getTeamById } from "../../shared/domain/teams/registry";
import { matchUrl } from "../../shared/domain/urls";
import type { JobDb } from "./types";
import { emptyResult, type JobDefinition } from "./types";

/** Matches in each league's recent-results list of /algo-results. */
export const RECENT_MATCHES_PER_LEAGUE = 10;
/** The rollup label of hit_rate_tracking rows over every league. */
export const ALL_LEAGUES_LABEL = "all";

interface SettledPick {
  fixture_id: number;
  league: LeagueKey;
  kickoff_at: string | Date;
  pick_kind: "best" | "result" | "over-under" | "btts";
  pick: string;
  outcome: "hit" | "miss" | "void";
  home_team_id: number;
  away_team_id: number;
  home_score: number;
  away_score: number;
}

interface TrackRecord {
  totalMatchesPredicted: number;
  bestPickHits: number;
  bestPickMisses: number;
  ouGoalsHits: number;
  ouGoalsMisses: number;
  bttsHits: number;
  bttsMisses: number;
  trackingStartDate: string | null;
}

const dateOf = (instant: string | Date) => new Date(instant).toISOString().slice(0, 10);

function recordOf(picks: readonly SettledPick[]): TrackRecord {
  const count = (kind: SettledPick["pick_kind"], outcome: SettledPick["outcome"]) =>
    picks.filter((p) => p.pick_kind === kind && p.outcome === outcome).length;
  const dates = picks.map((p) => dateOf(p.kickoff_at)).sort();
  return {
    totalMatchesPredicted: new Set(picks.map((p) => p.fixture_id)).size,
    bestPickHits: count("best", "hit"),
    bestPickMisses: count("best", "miss"),
    ouGoalsHits: count("over-under", "hit"),
    ouGoalsMisses: count("over-under", "miss"),
    bttsHits: count("btts", "hit"),
    bttsMisses: count("btts", "miss"),
    trackingStartDate: dates[0] ?? null,
  };
}

function performanceValues(r: TrackRecord) {
  return {
    total_matches_predicted: r.totalMatchesPredicted,
    best_pick_hits: r.bestPickHits,
    best_pick_misses: r.bestPickMisses,
    best_pick_accuracy: hitRate(r.bestPickHits, r.bestPickHits + r.bestPickMisses),
    ou_goals_hits: r.ouGoalsHits,
    ou_goals_misses: r.ouGoalsMisses,
    ou_goals_accuracy: hitRate(r.ouGoalsHits, r.ouGoalsHits + r.ouGoalsMisses),
    btts_hits: r.bttsHits,
    btts_misses: r.bttsMisses,
    btts_accuracy: hitRate(r.bttsHits, r.bttsHits + r.bttsMisses),
  };
}

const COUNT_COLUMNS = Object.keys(performanceValues(recordOf([])));

/** Writes one performance row (overall when league is null); returns 1 when it changed. */
async function writePerformance(db: JobDb, league: LeagueKey | null, record: TrackRecord, now: Date): Promise<number> {
  const values = { ...performanceValues(record), tracking_start_date: record.trackingStartDate };
  const json = JSON.stringify({ ...values, league });
  const columns = [...COUNT_COLUMNS, "tracking_start_date"];
  const types = columns.map((c) => `${c} ${c === "tracking_start_date" ? "date" : c.endsWith("accuracy") ? "numeric" : "int"}`).join(", ");
  // The tracking start stays the schema's default until the ledger has a settled pick.
  const start = `coalesce(t.tracking_start_date, '2025-10-04'::date)`;
  const chosen = columns.map((c) => (c === "tracking_start_date" ? start : `t.${c}`));
  const table = league === null ? "algo_performance_overall" : "algo_performance_league";
  const existing = league === null ? sql`true` : sql`p.league = t.league`;
  const updated = await db.execute(sql`
    update ${sql.raw(table)} p set ${sql.raw(columns.map((c, i) => `${c} = ${chosen[i]}`).join(", "))},
      last_updated = ${now.toISOString()}::timestamptz, updated_at = now()
    from json_to_record(${json}::json) as t(league text, ${sql.raw(types)})
    where ${existing} and (${sql.raw(columns.map((c) => `p.${c}`).join(", "))}) is distinct from (${sql.raw(chosen.join(", "))})
    returning 1`);
  const inserted = await db.execute(sql`
    insert into ${sql.raw(table)} (${sql.raw([...(league === null ? [] : ["league"]), ...columns, "last_updated"].join(", "))})
    select ${sql.raw([...(league === null ? [] : ["t.league"]), ...chosen].join(", "))}, ${now.toISOString()}::timestamptz
    from json_to_record(${json}::json) as t(league text, ${sql.raw(types)})
    where not exists (select 1 from ${sql.raw(table)} p where ${existing})
    returning 1`);
  return updated.length + inserted.length;
}

/** The recent-results list of a league, most recent first; replaced only when it changed. */
async function writeRecentMatches(db: JobDb, league: LeagueKey, picks: readonly SettledPick[]): Promise<number> {
  const best = picks
    .filter((p) => p.pick_kind === "best")
    .sort((a, b) => new Date(b.kickoff_at).getTime() - new Date(a.kickoff_at).getTime() || b.fixture_id - a.fixture_id)
    .slice(0, RECENT_MATCHES_PER_LEAGUE);
  const desired = best.map((p, index) => {
    const home = getTeamById(p.home_team_id);
    const away = getTeamById(p.away_team_id);
    return {
      fixture_id: p.fixture_id,
      league,
      match_date: dateOf(p.kickoff_at),
      home_team: home?.name ?? `Team #${p.home_team_id}`,
      away_team: away?.name ?? `Team #${p.away_team_id}`,
      final_score: formatScore({ home: p.home_score, away: p.away_score }),
      best_pick: p.pick,
      // A void best pick (no winner) is neither: the list shows no result for it.
      best_pick_result: p.outcome === "void" ? null : p.outcome,
      match_url: home && away ? matchUrl(league, home.slug, away.slug) : null,
      display_order: index,
    };
  });
  const current = await db.execute<typeof desired[number]>(sql`
    select fixture_id, league, match_date::text as match_date, home_team, away_team, final_score, best_pick, best_pick_result,
           match_url, display_order
    from algo_recent_matches where league = ${league} order by display_order`);
  if (JSON.stringify(current) === JSON.stringify(desired)) return 0;
  const deleted = await db.execute(sql`delete from algo_recent_matches where league = ${league} returning 1`);
  if (desired.length === 0) return deleted.length;
  const inserted = await db.execute(sql`
    insert into algo_recent_matches (fixture_id, league, match_date, home_team, away_team, final_score, best_pick,
      best_pick_result, match_url, display_order)
    select * from json_to_recordset(${JSON.stringify(desired)}::json) as t(fixture_id int, league text, match_date date,
      home_team text, away_team text, final_score text, best_pick text, best_pick_result text, match_url text, display_order int)
    returning 1`);
  return deleted.length + inserted.length;
}

/** Hits among the tracked picks (result, over/under, BTTS) per league and day, and over all leagues. */
async function writeHitRates(db: JobDb, picks: readonly SettledPick[]): Promise<number> {
  const tracked = picks.filter((p) => p.pick_kind !== "best" && p.outcome !== "void");
  const days = new Map<string, { league: string; date: string; total: number; hits: number }>();
  for (const p of tracked) {
    for (const league of [p.league, ALL_LEAGUES_LABEL]) {
      const date = dateOf(p.kickoff_at);
      const key = `${league}:${date}`;
      const day = days.get(key) ?? { league, date, total: 0, hits: 0 };
      day.total += 1;
      day.hits += p.outcome === "hit" ? 1 : 0;
      days.set(key, day);
    }
  }
  if (days.size === 0) return 0;
  const records = [...days.values()].map((d) => ({
    league: d.league,
    date: d.date,
    total_picks: d.total,
    successful_picks: d.hits,
    hit_rate: hitRate(d.hits, d.total),
    matchweek: matchweekFor(`${d.date}T12:00:00Z`),
  }));
  const rows = await db.execute(sql`
    insert into hit_rate_tracking (league, date, total_picks, successful_picks, hit_rate, matchweek)
    select league, date, total_picks, successful_picks, hit_rate, matchweek
    from json_to_recordset(${JSON.stringify(records)}::json)
      as t(league text, date date, total_picks int, successful_picks int, hit_rate numeric, matchweek int)
    on conflict on constraint hit_rate_tracking_league_date_key do update set
      total_picks = excluded.total_picks, successful_picks = excluded.successful_picks,
      hit_rate = excluded.hit_rate, matchweek = excluded.matchweek
    where (hit_rate_tracking.total_picks, hit_rate_tracking.successful_picks, hit_rate_tracking.hit_rate, hit_rate_tracking.matchweek)
      is distinct from (excluded.total_picks, excluded.successful_picks, excluded.hit_rate, excluded.matchweek)
    returning 1`);
  return rows.length;
}

/**
 * The track record's aggregates, computed from the settled rows of the ledger only: overall and
 * per-league accuracy of the best pick, over/under and BTTS; the recent settled matches per
 * league; hits per league and day with the matchweek. Rewritten only where they changed.
 */
export const performanceJob: JobDefinition = {
  name: "performance",
  description: "Accuracy overall and per league, recent settled matches, daily hit rates (from the ledger)",
  cadence: { description: "after settlement, and hourly", cron: ["30 * * * *"], everyMs: 60 * 60_000 },
  transactional: true,
  async run(ctx) {
    const now = ctx.clock.now();
    const picks = await ctx.db.execute<SettledPick>(sql`
      select l.fixture_id, f.league, f.kickoff_at, l.pick_kind, l.pick, l.outcome, f.home_team_id, f.away_team_id,
             f.home_score, f.away_score
      from pick_ledger l join fixtures f on f.id = l.fixture_id
      where l.settled_at is not null and f.home_score is not null and f.away_score is not null`);
    const result = { ...emptyResult(), rowsRead: picks.length };
    result.rowsWritten += await writePerformance(ctx.db, null, recordOf(picks), now);
    for (const league of LEAGUE_KEYS) {
      const ofLeague = picks.filter((p) => p.league === league);
      result.rowsWritten += await writePerformance(ctx.db, league, recordOf(ofLeague), now);
      result.rowsWritten += await writeRecentMatches(ctx.db, league, ofLeague);
    }
    result.rowsWritten += await writeHitRates(ctx.db, picks);
    return result;
  },
};
