/**
 * Reads what the track record's view model (shared/model/track-record-view.ts) is computed from:
 * the settled rows of the pick ledger with their matches, and the aggregate tables the worker's
 * performance job keeps. The job reads them to compute and store the view; the site reads them
 * only when no stored view can be used. Reads only.
 */
import { asc, eq, isNotNull } from "drizzle-orm";
import type { LedgerRow } from "../model/track-record";
import type { PerformanceRecord, TrackRecordSources } from "../model/track-record-view";
import type { Database } from "./index";
import { algoPerformanceLeague, algoPerformanceOverall, algoRecentMatches, fixtures, pickLedger } from "./schema";

/** A settled ledger row with its match's teams and final score (null if the score was taken away since). */
export interface SettledPick extends LedgerRow {
  outcome: NonNullable<LedgerRow["outcome"]>;
  homeTeamId: number;
  awayTeamId: number;
  homeScore: number | null;
  awayScore: number | null;
}

/** Every settled ledger row, in ledger order (so sums over them come out the same on every read). */
export async function readSettledPicks(db: Database): Promise<SettledPick[]> {
  const rows = await db
    .select({
      fixtureId: pickLedger.fixtureId,
      league: fixtures.league,
      kickoff: fixtures.kickoffAt,
      pickKind: pickLedger.pickKind,
      pick: pickLedger.pick,
      confidence: pickLedger.confidence,
      odds: pickLedger.odds,
      outcome: pickLedger.outcome,
      profit: pickLedger.profit,
      closingOdds: pickLedger.closingOdds,
      closingProbability: pickLedger.closingProbability,
      homeTeamId: fixtures.homeTeamId,
      awayTeamId: fixtures.awayTeamId,
      homeScore: fixtures.homeScore,
      awayScore: fixtures.awayScore,
    })
    .from(pickLedger)
    .innerJoin(fixtures, eq(fixtures.id, pickLedger.fixtureId))
    .where(isNotNull(pickLedger.settledAt))
    .orderBy(asc(pickLedger.id));
  // A settled row always has an outcome (a check constraint of pick_ledger).
  return rows.map((row) => ({ ...row, league: row.league, outcome: row.outcome as SettledPick["outcome"] }));
}

type PerformanceTableRow = typeof algoPerformanceOverall.$inferSelect;

function performanceRecord(row: PerformanceTableRow): PerformanceRecord {
  return {
    trackingStartDate: row.trackingStartDate,
    lastUpdated: row.lastUpdated,
    totalMatchesPredicted: row.totalMatchesPredicted,
    bestPickHits: row.bestPickHits,
    bestPickMisses: row.bestPickMisses,
    bestPickAccuracy: row.bestPickAccuracy,
    ouGoalsHits: row.ouGoalsHits,
    ouGoalsMisses: row.ouGoalsMisses,
    ouGoalsAccuracy: row.ouGoalsAccuracy,
    bttsHits: row.bttsHits,
    bttsMisses: row.bttsMisses,
    bttsAccuracy: row.bttsAccuracy,
  };
}

/** algo_performance_overall, algo_performance_league and algo_recent_matches, as the view takes them. */
export async function readPerformanceTables(db: Database): Promise<Omit<TrackRecordSources, "ledger">> {
  const [overall, leagues, recent] = await Promise.all([
    db.select().from(algoPerformanceOverall).orderBy(asc(algoPerformanceOverall.id)).limit(1),
    db.select().from(algoPerformanceLeague).orderBy(asc(algoPerformanceLeague.league)),
    db.select().from(algoRecentMatches).orderBy(asc(algoRecentMatches.displayOrder), asc(algoRecentMatches.id)),
  ]);
  return {
    overall: overall[0] ? performanceRecord(overall[0]) : null,
    leagues: leagues.map((row) => ({ ...performanceRecord(row), league: row.league })),
    recent: recent.flatMap((row) =>
      row.league === null
        ? []
        : [
            {
              fixtureId: row.fixtureId,
              league: row.league,
              matchDate: row.matchDate,
              homeTeam: row.homeTeam,
              awayTeam: row.awayTeam,
              finalScore: row.finalScore,
              bestPick: row.bestPick,
              bestPickResult: row.bestPickResult,
              matchUrl: row.matchUrl,
            },
          ],
    ),
  };
}

/** Everything the view is computed from. */
export async function readTrackRecordSources(db: Database): Promise<TrackRecordSources> {
  const [tables, ledger] = await Promise.all([readPerformanceTables(db), readSettledPicks(db)]);
  return { ...tables, ledger };
}
