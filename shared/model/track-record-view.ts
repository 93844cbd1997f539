/**
 * The /algo-results view model: everything the track-record page and its JSON endpoints show
 * that depends only on the pick ledger and the aggregates derived from it (accuracy overall and
 * per league, each league's recent settled matches with the best pick's profit, the reliability
 * of the confidences, the comparison with the market's prices and with its closing prices).
 * Nothing in it depends on the request.
 *
 * The worker's performance job computes it after writing the aggregates and stores it in
 * read_models under TRACK_RECORD_MODEL_KEY as a TrackRecordPayload (JSON: instants as ISO
 * strings); the site reads it back in one statement and parses it with parseTrackRecordPayload.
 * Pure: callers pass the rows in.
 */
import { z } from "zod";
import { LEAGUE_KEYS, LEAGUES, type LeagueKey } from "../domain/leagues";
import {
  closingLineRecord,
  confidenceReliability,
  marketComparison,
  type AlgoPerformance,
  type ClosingLineRecord,
  type ConfidenceReliability,
  type LedgerPickKind,
  type LedgerRow,
  type MarketComparison,
} from "./track-record";

/** The read_models key of the stored view. */
export const TRACK_RECORD_MODEL_KEY = "track-record";

/**
 * The payload's shape version. A stored payload of another version is not read (the site
 * computes the view instead) until the performance job has rewritten it.
 */
export const TRACK_RECORD_PAYLOAD_VERSION = 2;

/** The pick kinds the page reports on, in its order. */
export const TRACKED_PICK_KINDS: readonly LedgerPickKind[] = ["best", "result", "over-under", "btts"];

/** A row of algo_performance_overall or algo_performance_league, as the page shows it. */
export interface PerformanceRecord extends AlgoPerformance {
  /** YYYY-MM-DD. */
  trackingStartDate: string;
  /** When the worker last changed the figures. */
  lastUpdated: Date | null;
}

export interface LeaguePerformanceRecord extends PerformanceRecord {
  league: LeagueKey;
  leagueName: string;
}

/** A best pick's settled result as the recent-results list shows it. */
export type RecentMatchResult = "hit" | "miss";

export interface RecentSettledMatch {
  fixtureId: number | null;
  league: LeagueKey;
  /** YYYY-MM-DD (pages show it as M/D/YY). */
  matchDate: string | null;
  homeTeam: string | null;
  awayTeam: string | null;
  finalScore: string | null;
  bestPick: string | null;
  bestPickResult: RecentMatchResult | null;
  /** The best pick's profit for one unit staked at its price (the ledger's); null when unpriced. */
  bestPickProfit: number | null;
  matchUrl: string | null;
}

export interface TrackRecordView {
  /** null until the worker has aggregated the ledger once. */
  overall: PerformanceRecord | null;
  /** In the site's league order. */
  leagues: LeaguePerformanceRecord[];
  /** Each league's latest settled matches, newest first; every league has an entry. */
  recent: Record<LeagueKey, RecentSettledMatch[]>;
  reliability: Record<LedgerPickKind, ConfidenceReliability>;
  market: Record<LedgerPickKind, MarketComparison>;
  /**
   * Locked prices against the close: by kind of pick, and the best picks' overall and per league
   * (every league has an entry).
   */
  closingLine: {
    byKind: Record<LedgerPickKind, ClosingLineRecord>;
    overall: ClosingLineRecord;
    leagues: Record<LeagueKey, ClosingLineRecord>;
  };
}

/** What the view is computed from: the performance job's aggregate tables and the settled ledger. */
export interface TrackRecordSources {
  /** The algo_performance_overall row; null before the job's first run. */
  overall: PerformanceRecord | null;
  /** The algo_performance_league rows, in any order. */
  leagues: ReadonlyArray<PerformanceRecord & { league: LeagueKey }>;
  /** The algo_recent_matches rows in display order. */
  recent: ReadonlyArray<Omit<RecentSettledMatch, "bestPickProfit">>;
  /** The settled rows of the pick ledger. */
  ledger: readonly LedgerRow[];
}

function byKind<T>(compute: (kind: LedgerPickKind) => T): Record<LedgerPickKind, T> {
  return Object.fromEntries(TRACKED_PICK_KINDS.map((kind) => [kind, compute(kind)])) as Record<LedgerPickKind, T>;
}

/** The whole view from its sources, with the rules of track-record.ts. */
export function trackRecordView(sources: TrackRecordSources): TrackRecordView {
  const bestPickProfits = new Map(
    sources.ledger.filter((row) => row.pickKind === "best").map((row) => [row.fixtureId, row.profit]),
  );
  const recent = Object.fromEntries(
    LEAGUE_KEYS.map((league) => [
      league,
      sources.recent
        .filter((match) => match.league === league)
        .map((match) => ({
          ...match,
          bestPickProfit: match.fixtureId === null ? null : (bestPickProfits.get(match.fixtureId) ?? null),
        })),
    ]),
  ) as Record<LeagueKey, RecentSettledMatch[]>;
  return {
    overall: sources.overall,
    leagues: [...sources.leagues]
      .sort((a, b) => LEAGUE_KEYS.indexOf(a.league) - LEAGUE_KEYS.indexOf(b.league))
      .map((record) => ({ ...record, leagueName: LEAGUES[record.league].name })),
    recent,
    reliability: byKind((kind) => confidenceReliability(sources.ledger, kind)),
    market: byKind((kind) => marketComparison(sources.ledger, kind)),
    closingLine: {
      byKind: byKind((kind) => closingLineRecord(sources.ledger, kind)),
      overall: closingLineRecord(sources.ledger, "best"),
      leagues: Object.fromEntries(
        LEAGUE_KEYS.map((league) => [
          league,
          closingLineRecord(
            sources.ledger.filter((row) => row.league === league),
            "best",
          ),
        ]),
      ) as Record<LeagueKey, ClosingLineRecord>,
    },
  };
}

/*
 * The stored form. Validated when read, so a payload written by another version of the code (or
 * edited by hand) is refused rather than shown half-right.
 */

const finite = z.number().refine(Number.isFinite, "a finite number");
const count = z.number().int().nonnegative();
const leagueKey = z.enum(LEAGUE_KEYS);
const pickKinds = <T extends z.ZodType>(value: T) =>
  z.object({ best: value, result: value, "over-under": value, btts: value });

const performanceRecordSchema = z.object({
  trackingStartDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lastUpdated: z.iso.datetime().nullable(),
  totalMatchesPredicted: count,
  bestPickHits: count,
  bestPickMisses: count,
  bestPickAccuracy: finite,
  ouGoalsHits: count,
  ouGoalsMisses: count,
  ouGoalsAccuracy: finite,
  bttsHits: count,
  bttsMisses: count,
  bttsAccuracy: finite,
});

const recentMatchSchema = z.object({
  fixtureId: z.number().int().nullable(),
  league: leagueKey,
  matchDate: z.string().nullable(),
  homeTeam: z.string().nullable(),
  awayTeam: z.string().nullable(),
  finalScore: z.string().nullable(),
  bestPick: z.string().nullable(),
  bestPickResult: z.enum(["hit", "miss"]).nullable(),
  bestPickProfit: finite.nullable(),
  matchUrl: z.string().nullable(),
});

const reliabilitySchema = z.object({
  bins: z.array(
    z.object({
      from: finite,
      to: finite,
      count,
      meanProbability: finite.nullable(),
      observedRate: finite.nullable(),
    }),
  ),
  ece: finite,
  picks: count,
});

const marketSchema = z.object({
  picks: count,
  hits: count,
  hitRate: finite,
  averageConfidence: finite,
  marketImpliedRate: finite,
  profit: finite,
  returnOnStake: finite,
});

const closingLineSchema = z.object({ picks: count, beatClose: count, beatCloseRate: finite, meanClv: finite });

const payloadSchema = z.object({
  version: z.literal(TRACK_RECORD_PAYLOAD_VERSION),
  overall: performanceRecordSchema.nullable(),
  leagues: z.array(performanceRecordSchema.extend({ league: leagueKey, leagueName: z.string() })),
  recent: z.object(
    Object.fromEntries(LEAGUE_KEYS.map((league) => [league, z.array(recentMatchSchema)])) as Record<
      LeagueKey,
      z.ZodArray<typeof recentMatchSchema>
    >,
  ),
  reliability: pickKinds(reliabilitySchema),
  market: pickKinds(marketSchema),
  closingLine: z.object({
    byKind: pickKinds(closingLineSchema),
    overall: closingLineSchema,
    leagues: z.object(
      Object.fromEntries(LEAGUE_KEYS.map((league) => [league, closingLineSchema])) as Record<
        LeagueKey,
        typeof closingLineSchema
      >,
    ),
  }),
});

/** The view as stored in read_models.payload: plain JSON, instants as ISO strings. */
export type TrackRecordPayload = z.input<typeof payloadSchema>;

type StoredRecord = z.input<typeof performanceRecordSchema>;

function storedRecord<T extends PerformanceRecord>(record: T): Omit<T, "lastUpdated"> & StoredRecord {
  return { ...record, lastUpdated: record.lastUpdated?.toISOString() ?? null };
}

function viewRecord<T extends StoredRecord>(record: T): Omit<T, "lastUpdated"> & { lastUpdated: Date | null } {
  return { ...record, lastUpdated: record.lastUpdated === null ? null : new Date(record.lastUpdated) };
}

/** The view as it is stored (JSON.stringify of it is what read_models.payload holds). */
export function trackRecordPayload(view: TrackRecordView): TrackRecordPayload {
  return {
    version: TRACK_RECORD_PAYLOAD_VERSION,
    overall: view.overall && storedRecord(view.overall),
    leagues: view.leagues.map(storedRecord),
    recent: view.recent,
    reliability: view.reliability,
    market: view.market,
    closingLine: view.closingLine,
  };
}

/** A stored payload back as the view; null when it is not a payload of this version. */
export function parseTrackRecordPayload(value: unknown): TrackRecordView | null {
  const parsed = payloadSchema.safeParse(value);
  if (!parsed.success) return null;
  const payload = parsed.data;
  return {
    overall: payload.overall && viewRecord(payload.overall),
    leagues: payload.leagues.map(viewRecord),
    recent: payload.recent,
    reliability: payload.reliability,
    market: payload.market,
    closingLine: payload.closingLine,
  };
}
