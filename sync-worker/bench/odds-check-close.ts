/**
 * The closing-line part of the odds check (shared/model/closing-line-check.ts): every walk-forward
 * pick of the walk-forward seasons at the opening price it was made against, against the closing
 * price of its selection, with the ledger's rules (closingLine, Shin's de-vig).
 */
import { performance } from "node:perf_hooks";
import { LEAGUE_KEYS, type LeagueKey } from "@shared/domain/leagues";
import { closingLine } from "@shared/ledger/closing-line";
import type { PriceRow } from "@shared/model/odds-movement";
import { ledgerSelection } from "@shared/ledger/selection";
import {
  CLOSING_CHECK_KINDS,
  type ClosingCheckKind,
  type ClosingLineCheckFigures,
} from "@shared/model/closing-line-check";
import { closingLineSummary } from "@shared/model/track-record";
import type { TrackedPick } from "@shared/model/types";
import type { HistoricalMatch } from "./football-data-history";
import type { WalkForwardRow } from "./model-walk-forward";

interface PricedPick {
  kind: ClosingCheckKind;
  league: LeagueKey;
  odds: number;
  closingOdds: number;
  closingProbability: number;
}

const NONE = { homePrice: null, drawPrice: null, awayPrice: null, overPrice: null, underPrice: null };

/** The match's closing prices as the ledger's price rows. */
function closingRows(match: HistoricalMatch): PriceRow[] {
  const rows: PriceRow[] = [];
  const result = match.closingResultOdds;
  if (result) {
    rows.push({
      ...NONE,
      source: "market",
      market: "1x2",
      kind: "closing",
      homePrice: result.home,
      drawPrice: result.draw,
      awayPrice: result.away,
    });
  }
  const goals = match.closingOverUnderOdds;
  if (goals) {
    rows.push({
      ...NONE,
      source: "market",
      market: "ou25",
      kind: "closing",
      overPrice: goals.over,
      underPrice: goals.under,
    });
  }
  return rows;
}

/** The check over the walk's rows; null when no pick has both an opening and a closing price. */
export function runClosingLineCheck(
  rows: readonly WalkForwardRow[],
  seasons: readonly string[],
): ClosingLineCheckFigures | null {
  const started = performance.now();
  const priced: PricedPick[] = [];
  const matches = new Set<string>();
  const scoredSeasons = new Set<string>();
  for (const { match, prediction } of rows) {
    const prices = closingRows(match);
    if (prices.length === 0) continue;
    const teams = { homeTeam: match.homeTeam, awayTeam: match.awayTeam };
    const picks: Array<[ClosingCheckKind, TrackedPick]> = [
      ["best", prediction.bestPick],
      ["result", prediction.picks.result],
      ["over-under", prediction.picks.overUnder],
    ];
    for (const [kind, pick] of picks) {
      // The price the pick was made against, as the ledger stores it (2 decimals).
      const odds = pick.odds === null ? null : Math.round(pick.odds * 100) / 100;
      if (odds === null || !(odds > 1)) continue;
      const { market, selection } = ledgerSelection(pick.text, teams);
      const close = closingLine(market, selection, prices);
      if (!close) continue;
      priced.push({
        kind,
        league: match.league,
        odds,
        closingOdds: close.odds,
        closingProbability: close.probability,
      });
      matches.add(match.id);
      scoredSeasons.add(match.season);
    }
  }
  if (priced.length === 0) return null;
  const best = priced.filter((p) => p.kind === "best");
  return {
    seasons: seasons.filter((season) => scoredSeasons.has(season)),
    matches: matches.size,
    byKind: CLOSING_CHECK_KINDS.map((kind) => ({
      kind,
      ...closingLineSummary(priced.filter((p) => p.kind === kind)),
    })),
    byLeague: LEAGUE_KEYS.filter((league) => best.some((p) => p.league === league)).map((league) => ({
      league,
      ...closingLineSummary(best.filter((p) => p.league === league)),
    })),
    elapsedMs: Math.round(performance.now() - started),
  };
}
