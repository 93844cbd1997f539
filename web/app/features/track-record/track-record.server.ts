/**
 * The honest track record as the site shows it (/algo-results, its JSON endpoints, the home
 * page's Algo Lab and the public forecast CSV). Every figure comes from what the worker froze
 * before kick-off. The worker's performance job computes the page's whole view model from the
 * pick ledger (shared/model/track-record-view.ts) and stores it in read_models; this file reads
 * it back in one statement. The forecast CSV is one query over the stored forecasts. Reads only.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { fixtures, predictions } from "@shared/db/schema";
import { readTrackRecordSources } from "@shared/db/track-record-sources";
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { bttsPickText, resultPickText } from "@shared/domain/picks";
import { teamNameById } from "@shared/domain/teams/registry";
import {
  forecastCsv,
  type ClosingLineRecord,
  type ConfidenceReliability,
  type LedgerPickKind,
  type MarketComparison,
} from "@shared/model";
import {
  parseTrackRecordPayload,
  TRACK_RECORD_MODEL_KEY,
  trackRecordView,
  type LeaguePerformanceRecord,
  type PerformanceRecord,
  type RecentSettledMatch,
  type TrackRecordView,
} from "@shared/model/track-record-view";
import type { AppContext } from "~/load-context";
import { readModel } from "~/read-models.server";

type Db = Pick<AppContext, "db">;

export { TRACKED_PICK_KINDS } from "@shared/model/track-record-view";
export type { LeaguePerformanceRecord, PerformanceRecord, RecentSettledMatch, TrackRecordView };

/**
 * How long a view computed because none was stored is reused (per database handle): concurrent
 * and following requests share one computation instead of each reading the whole ledger.
 */
const COMPUTED_VIEW_REUSE_MS = 60_000;

const computedViews = new WeakMap<object, { until: number; view: Promise<TrackRecordView> }>();

/**
 * The view when none can be read from read_models: computed here from the ledger with the same
 * rules and sources as the worker, and never stored (the worker is the only writer).
 *
 * Why compute rather than show the empty state: the row is missing only until the performance
 * job's first run on this database, which comes minutes after the worker starts. On a new
 * database the ledger is empty then, and computing gives the empty state anyway, cheaply. On a
 * database upgraded to this version (or a payload of an older shape), the ledger may hold a whole
 * season: the empty state would tell visitors there is no track record, on the page meant to
 * prove it, until the worker catches up. An operator would rather pay the cost this page had
 * before its view was stored, for those minutes and once a minute, and keep the page truthful;
 * the warning says so in the log (and points at a worker that does not run the job at all).
 */
function computeView(context: Db): Promise<TrackRecordView> {
  const cached = computedViews.get(context.db);
  if (cached && cached.until > Date.now()) return cached.view;
  const view = readTrackRecordSources(context.db.db).then((sources) => {
    if (sources.ledger.length > 0) {
      console.warn(
        "The track record has no stored view yet: computing it from the ledger until the worker's performance job stores it.",
      );
    }
    return trackRecordView(sources);
  });
  computedViews.set(context.db, { until: Date.now() + COMPUTED_VIEW_REUSE_MS, view });
  view.catch(() => computedViews.delete(context.db));
  return view;
}

/** The track record's view model: the one the worker stored, else computed once (see computeView). */
export async function getTrackRecord(context: Db): Promise<TrackRecordView> {
  const stored = await readModel(context, TRACK_RECORD_MODEL_KEY, parseTrackRecordPayload);
  return stored?.value ?? computeView(context);
}

export interface AlgoPerformanceSummary {
  /** null until the worker has aggregated the ledger once. */
  overall: (PerformanceRecord & { closingLine: ClosingLineRecord }) | null;
  /** In the site's league order. */
  leagues: Array<LeaguePerformanceRecord & { closingLine: ClosingLineRecord }>;
}

/**
 * Accuracy of the best pick, over/under and BTTS, overall and per league (spec section 3's
 * algo_performance fields), each with its best picks against the closing price.
 */
export async function getAlgoPerformance(context: Db): Promise<AlgoPerformanceSummary> {
  const { overall, leagues, closingLine } = await getTrackRecord(context);
  return {
    overall: overall && { ...overall, closingLine: closingLine.overall },
    leagues: leagues.map((league) => ({ ...league, closingLine: closingLine.leagues[league.league] })),
  };
}

/** Each league's latest settled matches, newest first (algo_recent_matches), grouped by league in the site's order. */
export async function getRecentSettledMatches(
  context: Db,
  league?: LeagueKey,
): Promise<Map<LeagueKey, RecentSettledMatch[]>> {
  const { recent } = await getTrackRecord(context);
  return new Map((league ? [league] : LEAGUE_KEYS).map((key) => [key, recent[key]]));
}

/** How often each kind of pick won at each confidence shown (10 bins), with the expected calibration error. */
export async function getConfidenceReliability(context: Db): Promise<Record<LedgerPickKind, ConfidenceReliability>> {
  return (await getTrackRecord(context)).reliability;
}

/** Each kind of pick against the prices it was made at: hit rate, the rate the prices implied, profit. */
export async function getMarketComparison(context: Db): Promise<Record<LedgerPickKind, MarketComparison>> {
  return (await getTrackRecord(context)).market;
}

/**
 * Every stored forecast as CSV, oldest kick-off first: for a match that has kicked off, the
 * forecast that stood at kick-off (the worker never rewrites it afterwards), with the final score
 * once there is one. Forecasts stored before the model-only columns existed are left out.
 */
export async function getForecastCsv({ db }: Db): Promise<string> {
  // Only the columns the CSV has: the whole rows of both tables cost several times as much to read.
  const p = predictions;
  const f = fixtures;
  const rows = await db.db
    .select({
      id: f.id,
      season: f.season,
      league: f.league,
      kickoffAt: f.kickoffAt,
      homeTeamId: f.homeTeamId,
      awayTeamId: f.awayTeamId,
      matchState: f.matchState,
      homeScore: f.homeScore,
      awayScore: f.awayScore,
      modelVersion: p.modelVersion,
      probHome: p.probHome,
      probDraw: p.probDraw,
      probAway: p.probAway,
      probOver25: p.probOver25,
      probBtts: p.probBtts,
      modelOnlyHome: p.modelOnlyHome,
      modelOnlyDraw: p.modelOnlyDraw,
      modelOnlyAway: p.modelOnlyAway,
      modelOnlyOver25: p.modelOnlyOver25,
      modelOnlyBtts: p.modelOnlyBtts,
      expectedGoalsHome: p.expectedGoalsHome,
      expectedGoalsAway: p.expectedGoalsAway,
      projectedHomeScore: p.projectedHomeScore,
      projectedAwayScore: p.projectedAwayScore,
      resultPick: p.resultPick,
      resultConfidence: p.resultConfidence,
      overUnderPick: p.overUnderPick,
      overUnderConfidence: p.overUnderConfidence,
      bttsPick: p.bttsPick,
      bttsConfidence: p.bttsConfidence,
      bestPick: p.bestPick,
      confidence: p.confidence,
    })
    .from(p)
    .innerJoin(f, eq(f.id, p.fixtureId))
    .where(and(isNotNull(p.modelOnlyHome), isNotNull(p.modelOnlyBtts)))
    .orderBy(asc(f.kickoffAt), asc(f.id));
  return forecastCsv(
    rows.map((row) => {
      const homeTeam = teamNameById(row.homeTeamId);
      const awayTeam = teamNameById(row.awayTeamId);
      const final = row.matchState === "post-match" && row.homeScore !== null && row.awayScore !== null;
      return {
        season: row.season,
        homeTeam,
        awayTeam,
        finalScore: final ? { home: row.homeScore!, away: row.awayScore! } : null,
        prediction: {
          matchId: String(row.id),
          league: row.league,
          kickoff: row.kickoffAt,
          modelVersion: row.modelVersion,
          probabilities: {
            home: row.probHome,
            draw: row.probDraw,
            away: row.probAway,
            over25: row.probOver25,
            btts: row.probBtts,
          },
          modelOnly: {
            home: row.modelOnlyHome!,
            draw: row.modelOnlyDraw!,
            away: row.modelOnlyAway!,
            over25: row.modelOnlyOver25!,
            btts: row.modelOnlyBtts!,
          },
          expectedGoals: { home: row.expectedGoalsHome, away: row.expectedGoalsAway },
          projectedScore: { home: row.projectedHomeScore, away: row.projectedAwayScore },
          picks: {
            result: {
              text: resultPickText(row.resultPick, homeTeam, awayTeam),
              confidence: row.resultConfidence ?? row.confidence,
            },
            overUnder: { text: row.overUnderPick, confidence: row.overUnderConfidence ?? row.confidence },
            btts: { text: bttsPickText(row.bttsPick), confidence: row.bttsConfidence ?? row.confidence },
          },
          bestPick: { text: row.bestPick },
          confidence: row.confidence,
        },
      };
    }),
  );
}
