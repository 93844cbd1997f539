/**
 * The honest track record, computed from pick-ledger rows only (what was shown before kick-off
 * and how it settled): the spec's algo_performance fields overall and per league, the daily hit
 * rates of hit_rate_tracking, the recent settled matches, the reliability of the confidences and
 * the comparison with the market's prices. Pure: the worker's aggregate job and the site's read
 * models pass rows in.
 */
import { roundTo } from "../domain/format";
import type { LeagueKey } from "../domain/leagues";
import { hitRate, type PickOutcome } from "../domain/picks";
import { expectedCalibrationError, reliabilityBins, type ReliabilityBin } from "./reliability";

/** The pick kinds the ledger locks for every match: the best pick and the three tracked picks. */
export type LedgerPickKind = "best" | "result" | "over-under" | "btts";

export interface LedgerRow {
  fixtureId: number;
  league: LeagueKey;
  kickoff: Date;
  pickKind: LedgerPickKind;
  /** The pick text as shown at kick-off. */
  pick: string;
  /** Percent, as shown. */
  confidence: number;
  /** The decimal price the pick was made against, when known. */
  odds: number | null;
  /** null until settled. */
  outcome: Exclude<PickOutcome, "pending"> | null;
  /** Per unit staked; null until settled. */
  profit: number | null;
  /**
   * The closing line recorded with the settlement (shared/ledger/closing-line.ts): the selection's
   * closing price and its fair probability at the close; null (or absent) without one.
   */
  closingOdds?: number | null;
  closingProbability?: number | null;
}

/** The fields of algo_performance_overall and algo_performance_league (spec section 3). */
export interface AlgoPerformance {
  totalMatchesPredicted: number;
  bestPickHits: number;
  bestPickMisses: number;
  /** Percent, 2 decimals. */
  bestPickAccuracy: number;
  ouGoalsHits: number;
  ouGoalsMisses: number;
  ouGoalsAccuracy: number;
  bttsHits: number;
  bttsMisses: number;
  bttsAccuracy: number;
}

function counts(rows: readonly LedgerRow[], kind: LedgerPickKind): { hits: number; misses: number } {
  let hits = 0;
  let misses = 0;
  for (const row of rows) {
    if (row.pickKind !== kind) continue;
    if (row.outcome === "hit") hits += 1;
    else if (row.outcome === "miss") misses += 1;
  }
  return { hits, misses };
}

/**
 * Void picks (no winner) count neither way. A match counts as predicted once its best pick is
 * settled, so the total moves with the hit rates.
 */
export function algoPerformance(rows: readonly LedgerRow[]): AlgoPerformance {
  const best = counts(rows, "best");
  const overUnder = counts(rows, "over-under");
  const btts = counts(rows, "btts");
  const predicted = new Set(rows.filter((r) => r.pickKind === "best" && r.outcome !== null).map((r) => r.fixtureId));
  return {
    totalMatchesPredicted: predicted.size,
    bestPickHits: best.hits,
    bestPickMisses: best.misses,
    bestPickAccuracy: hitRate(best.hits, best.hits + best.misses),
    ouGoalsHits: overUnder.hits,
    ouGoalsMisses: overUnder.misses,
    ouGoalsAccuracy: hitRate(overUnder.hits, overUnder.hits + overUnder.misses),
    bttsHits: btts.hits,
    bttsMisses: btts.misses,
    bttsAccuracy: hitRate(btts.hits, btts.hits + btts.misses),
  };
}

/** algoPerformance of each league that has rows. */
export function algoPerformanceByLeague(rows: readonly LedgerRow[]): Map<LeagueKey, AlgoPerformance> {
  const byLeague = new Map<LeagueKey, LedgerRow[]>();
  for (const row of rows) {
    const group = byLeague.get(row.league);
    if (group) group.push(row);
    else byLeague.set(row.league, [row]);
  }
  return new Map([...byLeague].map(([league, group]) => [league, algoPerformance(group)]));
}

export interface DailyHitRate {
  /** UTC date of the kick-offs, YYYY-MM-DD. */
  date: string;
  league: LeagueKey;
  totalPicks: number;
  successfulPicks: number;
  /** Percent, 2 decimals. */
  hitRate: number;
}

/**
 * hit_rate_tracking: per league and day, the hits among the three tracked picks of the matches
 * settled that day (spec 9: "the percentage of hits among the 3 picks per match").
 */
export function dailyHitRates(rows: readonly LedgerRow[]): DailyHitRate[] {
  const days = new Map<string, DailyHitRate>();
  for (const row of rows) {
    if (row.pickKind === "best" || (row.outcome !== "hit" && row.outcome !== "miss")) continue;
    const date = row.kickoff.toISOString().slice(0, 10);
    const key = `${row.league}|${date}`;
    const day = days.get(key) ?? { date, league: row.league, totalPicks: 0, successfulPicks: 0, hitRate: 0 };
    day.totalPicks += 1;
    if (row.outcome === "hit") day.successfulPicks += 1;
    days.set(key, day);
  }
  return [...days.values()]
    .map((day) => ({ ...day, hitRate: hitRate(day.successfulPicks, day.totalPicks) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.league.localeCompare(b.league));
}

export interface SettledMatch {
  fixtureId: number;
  league: LeagueKey;
  kickoff: Date;
  homeTeam: string;
  awayTeam: string;
  /** 'h-a'. */
  finalScore: string;
  bestPick: string;
  bestPickResult: "hit" | "miss";
  matchUrl: string;
}

/**
 * algo_recent_matches: each league's latest matches whose best pick settled hit or miss,
 * newest first, with their display order.
 */
export function recentSettledMatches(
  matches: readonly SettledMatch[],
  perLeague: number,
): Array<SettledMatch & { displayOrder: number }> {
  const byLeague = new Map<LeagueKey, SettledMatch[]>();
  for (const match of matches) {
    const group = byLeague.get(match.league);
    if (group) group.push(match);
    else byLeague.set(match.league, [match]);
  }
  return [...byLeague.values()].flatMap((group) =>
    [...group]
      .sort((a, b) => b.kickoff.getTime() - a.kickoff.getTime() || b.fixtureId - a.fixtureId)
      .slice(0, perLeague)
      .map((match, displayOrder) => ({ ...match, displayOrder })),
  );
}

export interface ConfidenceReliability {
  bins: ReliabilityBin[];
  /** Expected calibration error: 0 when every confidence won as often as it said. */
  ece: number;
  picks: number;
}

/** How often picks of a kind won at each confidence (10 bins), from settled hits and misses. */
export function confidenceReliability(rows: readonly LedgerRow[], kind: LedgerPickKind): ConfidenceReliability {
  const points = rows
    .filter((r) => r.pickKind === kind && (r.outcome === "hit" || r.outcome === "miss"))
    .map((r) => ({ probability: r.confidence / 100, happened: r.outcome === "hit" }));
  const bins = reliabilityBins(points);
  return { bins, ece: expectedCalibrationError(bins), picks: points.length };
}

export interface MarketComparison {
  /** Settled hits and misses with a known price. */
  picks: number;
  hits: number;
  /** Percent, 2 decimals. */
  hitRate: number;
  /** Mean confidence shown, percent, 2 decimals. */
  averageConfidence: number;
  /** Mean of 1 / price, percent, 2 decimals: what the prices said, margin included. */
  marketImpliedRate: number;
  /** Units won or lost staking one unit on every pick at its price. */
  profit: number;
  /** Profit per unit staked, percent, 2 decimals. */
  returnOnStake: number;
}

/**
 * Our picks against the prices they were made at: if the hit rate beats the rate the prices
 * imply (which includes the bookmaker's margin), the picks found value; the profit says the same
 * in money. Void picks return the stake and are left out.
 */
export function marketComparison(rows: readonly LedgerRow[], kind: LedgerPickKind): MarketComparison {
  const priced = rows.filter(
    (r) =>
      r.pickKind === kind && (r.outcome === "hit" || r.outcome === "miss") && typeof r.odds === "number" && r.odds > 1,
  );
  const hits = priced.filter((r) => r.outcome === "hit").length;
  // The ledger's own profit (odds − 1 rounded to 2 decimals, or −1) when it has one.
  const profit = priced.reduce((sum, r) => sum + (r.profit ?? (r.outcome === "hit" ? r.odds! - 1 : -1)), 0);
  const mean = (values: number[]) => (values.length > 0 ? values.reduce((s, v) => s + v, 0) / values.length : 0);
  return {
    picks: priced.length,
    hits,
    hitRate: hitRate(hits, priced.length),
    averageConfidence: roundTo(mean(priced.map((r) => r.confidence)), 2),
    marketImpliedRate: roundTo(100 * mean(priced.map((r) => 1 / r.odds!)), 2),
    profit: roundTo(profit, 2),
    returnOnStake: priced.length > 0 ? roundTo((100 * profit) / priced.length, 2) : 0,
  };
}

/** Our locked prices against the market's close (shared/ledger/closing-line.ts). */
export interface ClosingLineRecord {
  /** Settled picks with a locked price and a closing line. */
  picks: number;
  /** Of those, picks locked at a higher price than the close. */
  beatClose: number;
  /** Percent, 2 decimals. */
  beatCloseRate: number;
  /** Mean closing-line value (locked price × fair closing probability − 1), percent, 2 decimals. */
  meanClv: number;
}

/**
 * How often picks of a kind beat the closing price and by how much on average (the closing-line
 * value, margin taken out). A pick without a locked price or a closing line is left out.
 */
export function closingLineRecord(rows: readonly LedgerRow[], kind: LedgerPickKind): ClosingLineRecord {
  const priced = rows.filter(
    (r): r is LedgerRow & { odds: number; closingOdds: number; closingProbability: number } =>
      r.pickKind === kind &&
      r.outcome !== null &&
      typeof r.odds === "number" &&
      r.odds > 1 &&
      typeof r.closingOdds === "number" &&
      typeof r.closingProbability === "number",
  );
  return closingLineSummary(priced);
}

/** The record of any priced picks, each with its locked price and its closing line. */
export function closingLineSummary(
  priced: ReadonlyArray<{ odds: number; closingOdds: number; closingProbability: number }>,
): ClosingLineRecord {
  const beat = priced.filter((r) => r.odds > r.closingOdds).length;
  const clv = priced.reduce((sum, r) => sum + (r.odds * r.closingProbability - 1), 0);
  return {
    picks: priced.length,
    beatClose: beat,
    beatCloseRate: hitRate(beat, priced.length),
    meanClv: priced.length > 0 ? roundTo((100 * clv) / priced.length, 2) : 0,
  };
}
