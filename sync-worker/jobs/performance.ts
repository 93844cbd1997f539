import { sql } from "drizzle-orm";
import { readPerformanceTables, readSettledPicks, type SettledPick } from "@shared/db/track-record-sources";
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { matchweekFor } from "@shared/domain/matchweek";
import { formatScore, hitRate } from "@shared/domain/picks";
import { getTeamById, teamNameById } from "@shared/domain/teams/registry";
import { matchUrl } from "@shared/domain/urls";
import {
  algoPerformance,
  dailyHitRates,
  recentSettledMatches,
  type AlgoPerformance,
  type LedgerRow,
  type SettledMatch,
} from "@shared/model";
import { TRACK_RECORD_MODEL_KEY, trackRecordPayload, trackRecordView } from "@shared/model/track-record-view";
import { storeReadModel } from "../store/read-models";
import type { JobDb } from "./types";
import { emptyResult, type JobDefinition } from "./types";

/** Matches in each league's recent-results list of /algo-results. */
export const RECENT_MATCHES_PER_LEAGUE = 10;
/** The rollup label of hit_rate_tracking rows over every league. */
export const ALL_LEAGUES_LABEL = "all";

const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** The settled best picks as the recent-results list shows them (a void best pick has no result to show). */
function settledMatches(rows: readonly SettledPick[]): SettledMatch[] {
  return rows.flatMap((row) => {
    if (row.pickKind !== "best" || row.outcome === "void" || row.homeScore === null || row.awayScore === null)
      return [];
    const home = getTeamById(row.homeTeamId);
    const away = getTeamById(row.awayTeamId);
    return [
      {
        fixtureId: row.fixtureId,
        league: row.league,
        kickoff: row.kickoff,
        homeTeam: teamNameById(row.homeTeamId),
        awayTeam: teamNameById(row.awayTeamId),
        finalScore: formatScore({ home: row.homeScore, away: row.awayScore }),
        bestPick: row.pick,
        bestPickResult: row.outcome,
        matchUrl: home && away ? matchUrl(row.league, home.slug, away.slug) : "",
      },
    ];
  });
}

function performanceValues(p: AlgoPerformance) {
  return {
    total_matches_predicted: p.totalMatchesPredicted,
    best_pick_hits: p.bestPickHits,
    best_pick_misses: p.bestPickMisses,
    best_pick_accuracy: p.bestPickAccuracy,
    ou_goals_hits: p.ouGoalsHits,
    ou_goals_misses: p.ouGoalsMisses,
    ou_goals_accuracy: p.ouGoalsAccuracy,
    btts_hits: p.bttsHits,
    btts_misses: p.bttsMisses,
    btts_accuracy: p.bttsAccuracy,
  };
}

const COUNT_COLUMNS = Object.keys(performanceValues(algoPerformance([])));

/** Writes one performance row (overall when league is null); returns 1 when it changed. */
async function writePerformance(
  db: JobDb,
  league: LeagueKey | null,
  rows: readonly LedgerRow[],
  now: Date,
): Promise<number> {
  const kickoffs = rows.map((row) => row.kickoff.getTime());
  const trackingStartDate = kickoffs.length > 0 ? dateOf(new Date(Math.min(...kickoffs))) : null;
  const values = { ...performanceValues(algoPerformance(rows)), tracking_start_date: trackingStartDate };
  const json = JSON.stringify({ ...values, league });
  const columns = [...COUNT_COLUMNS, "tracking_start_date"];
  const types = columns
    .map((c) => `${c} ${c === "tracking_start_date" ? "date" : c.endsWith("accuracy") ? "numeric" : "int"}`)
    .join(", ");
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
async function writeRecentMatches(db: JobDb, league: LeagueKey, matches: readonly SettledMatch[]): Promise<number> {
  const desired = recentSettledMatches(matches, RECENT_MATCHES_PER_LEAGUE).map((m) => ({
    fixture_id: m.fixtureId,
    league,
    match_date: dateOf(m.kickoff),
    home_team: m.homeTeam,
    away_team: m.awayTeam,
    final_score: m.finalScore,
    best_pick: m.bestPick,
    best_pick_result: m.bestPickResult,
    match_url: m.matchUrl || null,
    display_order: m.displayOrder,
  }));
  const current = await db.execute<(typeof desired)[number]>(sql`
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
async function writeHitRates(db: JobDb, rows: readonly LedgerRow[]): Promise<number> {
  const days = dailyHitRates(rows);
  if (days.length === 0) return 0;
  const allLeagues = new Map<string, { total: number; hits: number }>();
  for (const day of days) {
    const total = allLeagues.get(day.date) ?? { total: 0, hits: 0 };
    total.total += day.totalPicks;
    total.hits += day.successfulPicks;
    allLeagues.set(day.date, total);
  }
  const records = [
    ...days.map((d) => ({
      league: d.league,
      date: d.date,
      total_picks: d.totalPicks,
      successful_picks: d.successfulPicks,
      hit_rate: d.hitRate,
    })),
    ...[...allLeagues].map(([date, t]) => ({
      league: ALL_LEAGUES_LABEL,
      date,
      total_picks: t.total,
      successful_picks: t.hits,
      hit_rate: hitRate(t.hits, t.total),
    })),
  ].map((record) => ({ ...record, matchweek: matchweekFor(`${record.date}T12:00:00Z`) }));
  const written = await db.execute(sql`
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
  return written.length;
}

/**
 * /algo-results's view model from the aggregate tables as just written (their last-updated
 * instants and defaults included) and the settled ledger rows, stored when it changed.
 */
async function writeTrackRecordView(db: JobDb, settled: readonly SettledPick[]): Promise<number> {
  const tables = await readPerformanceTables(db.db);
  const view = trackRecordView({ ...tables, ledger: settled });
  return storeReadModel(db, TRACK_RECORD_MODEL_KEY, trackRecordPayload(view), `${settled.length} settled picks`);
}

/**
 * The track record's aggregates, computed from the settled rows of the ledger only with the
 * rules of shared/model/track-record.ts: overall and per-league accuracy of the best pick,
 * over/under and BTTS; the recent settled matches per league; hits per league and day (and over
 * all leagues) with the matchweek. Then /algo-results's whole view model (those aggregates as
 * written, the best picks' profits, the reliability of the confidences, the comparison with the
 * market; shared/model/track-record-view.ts) into read_models, so the site reads it in one
 * statement. Everything is rewritten only where it changed, in one transaction.
 */
export const performanceJob: JobDefinition = {
  name: "performance",
  description:
    "Accuracy overall and per league, recent settled matches, daily hit rates and the track record's view (from the ledger)",
  cadence: { description: "after settlement, and hourly", cron: ["30 * * * *"], everyMs: 60 * 60_000 },
  transactional: true,
  async run(ctx) {
    const now = ctx.clock.now();
    const settled = await readSettledPicks(ctx.db.db);
    // The aggregates count the matches that still have their final score (a replay restarted at
    // an earlier moment takes later scores away again, while the ledger keeps its outcomes); the
    // reliability and the market comparison take every settled pick, as the page always has.
    const scored: LedgerRow[] = settled.filter((row) => row.homeScore !== null && row.awayScore !== null);
    const matches = settledMatches(settled);
    const result = { ...emptyResult(), rowsRead: scored.length };
    result.rowsWritten += await writePerformance(ctx.db, null, scored, now);
    for (const league of LEAGUE_KEYS) {
      result.rowsWritten += await writePerformance(
        ctx.db,
        league,
        scored.filter((r) => r.league === league),
        now,
      );
      result.rowsWritten += await writeRecentMatches(
        ctx.db,
        league,
        matches.filter((m) => m.league === league),
      );
    }
    result.rowsWritten += await writeHitRates(ctx.db, scored);
    result.rowsWritten += await writeTrackRecordView(ctx.db, settled);
    return result;
  },
};
