/**
 * The honest track record as the site shows it (/algo-results and the public forecast CSV). Every
 * figure comes from what the worker froze before kick-off: the accuracy tables and the recent
 * matches it derives from the pick ledger, the ledger itself for the reliability of the
 * confidences and the comparison with the market, and the stored forecasts for the CSV. The
 * rules are the engine's (shared/model/track-record.ts, forecast-csv.ts); this file only reads.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import {
  algoPerformanceLeague,
  algoPerformanceOverall,
  algoRecentMatches,
  fixtures,
  pickLedger,
  predictions,
  type BestPickResult,
} from "../../shared/db/schema";
import { LEAGUE_KEYS, LEAGUES, type LeagueKey } from "../../shared/domain/leagues";
import { bttsPickText, resultPickText } from "../../shared/domain/picks";
import { getTeamById } from "../../shared/domain/teams/registry";
import {
  confidenceReliability,
  forecastCsv,
  marketComparison,
  type AlgoPerformance,
  type ConfidenceReliability,
  type LedgerPickKind,
  type LedgerRow,
  type MarketComparison,
} from "../../shared/model";
import type { AppContext } from "./load-context";

type Db = Pick<AppContext, "db">;

export const TRACKED_PICK_KINDS: readonly LedgerPickKind[] = ["best", "result", "over-under", "btts"];

export interface PerformanceRecord extends AlgoPerformance {
  /** YYYY-MM-DD. */
  trackingStartDate: string;
  lastUpdated: Date | null;
}

export interface AlgoPerformanceSummary {
  /** null until the worker has aggregated the ledger once. */
  overall: PerformanceRecord | null;
  /** In the site's league order. */
  leagues: Array<PerformanceRecord & { league: LeagueKey; leagueName: string }>;
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

/** Accuracy of the best pick, over/under and BTTS, overall and per league (spec section 3's algo_performance fields). */
export async function getAlgoPerformance({ db }: Db): Promise<AlgoPerformanceSummary> {
  const [overall, leagues] = await Promise.all([
    db.db.select().from(algoPerformanceOverall).orderBy(asc(algoPerformanceOverall.id)).limit(1),
    db.db.select().from(algoPerformanceLeague),
  ]);
  return {
    overall: overall[0] ? performanceRecord(overall[0]) : null,
    leagues: leagues
      .sort((a, b) => LEAGUE_KEYS.indexOf(a.league) - LEAGUE_KEYS.indexOf(b.league))
      .map((row) => ({ ...performanceRecord(row), league: row.league, leagueName: LEAGUES[row.league].name })),
  };
}

export interface RecentSettledMatch {
  fixtureId: number | null;
  league: LeagueKey;
  /** YYYY-MM-DD (pages show it as M/D/YY). */
  matchDate: string | null;
  homeTeam: string | null;
  awayTeam: string | null;
  finalScore: string | null;
  bestPick: string | null;
  bestPickResult: BestPickResult | null;
  /** The best pick's profit for one unit staked at its price (the ledger's); null when unpriced. */
  bestPickProfit: number | null;
  matchUrl: string | null;
}

/** Each league's latest settled matches, newest first (algo_recent_matches), grouped by league in the site's order. */
export async function getRecentSettledMatches({ db }: Db, league?: LeagueKey): Promise<Map<LeagueKey, RecentSettledMatch[]>> {
  const rows = await db.db
    .select()
    .from(algoRecentMatches)
    .where(league ? eq(algoRecentMatches.league, league) : undefined)
    .orderBy(asc(algoRecentMatches.displayOrder));
  const fixtureIds = rows.flatMap((row) => (row.fixtureId === null ? [] : [row.fixtureId]));
  const profits = new Map(
    fixtureIds.length === 0
      ? []
      : (
          await db.db
            .select({ fixtureId: pickLedger.fixtureId, profit: pickLedger.profit })
            .from(pickLedger)
            .where(and(eq(pickLedger.pickKind, "best"), inArray(pickLedger.fixtureId, fixtureIds)))
        ).map((row) => [row.fixtureId, row.profit]),
  );
  const byLeague = new Map<LeagueKey, RecentSettledMatch[]>();
  for (const key of league ? [league] : LEAGUE_KEYS) {
    byLeague.set(
      key,
      rows
        .filter((row) => row.league === key)
        .map((row) => ({
          fixtureId: row.fixtureId,
          league: key,
          matchDate: row.matchDate,
          homeTeam: row.homeTeam,
          awayTeam: row.awayTeam,
          finalScore: row.finalScore,
          bestPick: row.bestPick,
          bestPickResult: row.bestPickResult,
          bestPickProfit: row.fixtureId === null ? null : (profits.get(row.fixtureId) ?? null),
          matchUrl: row.matchUrl,
        })),
    );
  }
  return byLeague;
}

/** The settled rows of the ledger, in the shape the track-record functions take. */
async function settledLedger({ db }: Db): Promise<LedgerRow[]> {
  const rows = await db.db
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
    })
    .from(pickLedger)
    .innerJoin(fixtures, eq(fixtures.id, pickLedger.fixtureId))
    .where(isNotNull(pickLedger.settledAt));
  return rows.map((row) => ({ ...row, league: row.league as LeagueKey }));
}

/** How often each kind of pick won at each confidence shown (10 bins), with the expected calibration error. */
export async function getConfidenceReliability(context: Db): Promise<Record<LedgerPickKind, ConfidenceReliability>> {
  const rows = await settledLedger(context);
  return Object.fromEntries(TRACKED_PICK_KINDS.map((kind) => [kind, confidenceReliability(rows, kind)])) as Record<
    LedgerPickKind,
    ConfidenceReliability
  >;
}

/** Each kind of pick against the prices it was made at: hit rate, the rate the prices implied, profit. */
export async function getMarketComparison(context: Db): Promise<Record<LedgerPickKind, MarketComparison>> {
  const rows = await settledLedger(context);
  return Object.fromEntries(TRACKED_PICK_KINDS.map((kind) => [kind, marketComparison(rows, kind)])) as Record<LedgerPickKind, MarketComparison>;
}

/**
 * Every stored forecast as CSV, oldest kick-off first: for a match that has kicked off, the
 * forecast that stood at kick-off (the worker never rewrites it afterwards), with the final score
 * once there is one. Forecasts stored before the model-only columns existed are left out.
 */
export async function getForecastCsv({ db }: Db): Promise<string> {
  const rows = await db.db
    .select({ prediction: predictions, fixture: fixtures })
    .from(predictions)
    .innerJoin(fixtures, eq(fixtures.id, predictions.fixtureId))
    .where(and(isNotNull(predictions.modelOnlyHome), isNotNull(predictions.modelOnlyBtts)))
    .orderBy(asc(fixtures.kickoffAt), asc(fixtures.id));
  return forecastCsv(
    rows.map(({ prediction: p, fixture: f }) => {
      const homeTeam = getTeamById(f.homeTeamId)?.name ?? `Team #${f.homeTeamId}`;
      const awayTeam = getTeamById(f.awayTeamId)?.name ?? `Team #${f.awayTeamId}`;
      const final = f.matchState === "post-match" && f.homeScore !== null && f.awayScore !== null;
      return {
        season: f.season,
        homeTeam,
        awayTeam,
        finalScore: final ? { home: f.homeScore!, away: f.awayScore! } : null,
        prediction: {
          matchId: String(f.id),
          league: f.league as LeagueKey,
          kickoff: f.kickoffAt,
          modelVersion: p.modelVersion,
          probabilities: { home: p.probHome, draw: p.probDraw, away: p.probAway, over25: p.probOver25, btts: p.probBtts },
          modelOnly: { home: p.modelOnlyHome!, draw: p.modelOnlyDraw!, away: p.modelOnlyAway!, over25: p.modelOnlyOver25!, btts: p.modelOnlyBtts! },
          expectedGoals: { home: p.expectedGoalsHome, away: p.expectedGoalsAway },
          projectedScore: { home: p.projectedHomeScore, away: p.projectedAwayScore },
          picks: {
            result: { text: resultPickText(p.resultPick, homeTeam, awayTeam), confidence: p.resultConfidence ?? p.confidence },
            overUnder: { text: p.overUnderPick, confidence: p.overUnderConfidence ?? p.confidence },
            btts: { text: bttsPickText(p.bttsPick), confidence: p.bttsConfidence ?? p.confidence },
          },
          bestPick: { text: p.bestPick },
          confidence: p.confidence,
        },
      };
    }),
  );
}
