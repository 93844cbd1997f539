/**
 * The closing line of a locked pick: the closing price of its selection and the fair (de-vigged)
 * probability of that selection at the close, and what a bettor reads from them.
 *
 * - **Beat the close**: the price locked with the pick (the latest the site showed at kick-off)
 *   is higher than the closing price of the same selection. Nobody beats the close often by luck.
 * - **Closing-line value (CLV)**: locked price × fair closing probability − 1, the expected return
 *   of one unit staked at the locked price if the closing market was right. +0.03 is +3%.
 *
 * Only markets with a quoted closing price have a closing line: the result (1X2), over/under 2.5
 * and both teams to score. The source is the first of SOURCE_ORDER (the market's average, then
 * the sharpest book) with a closing price for every outcome of the market, so that the margin can
 * be taken out (Shin's method, as the model and the odds movement read prices).
 *
 * The ledger stores the closing line with the settlement (closing_source, closing_odds,
 * closing_probability; settlement format v2, canonical.ts). The CLV and beat-the-close columns of
 * the published CSV are derived from those and the locked odds with the exact string functions
 * below, which the verifier recomputes. Pure, no I/O.
 */
import { devig } from "../model/devig";
import { marketPrices, sourcesByPreference, type PriceRow } from "../model/odds-movement";
import type { LedgerMarket } from "./selection";

export interface ClosingLine {
  /** The source of the closing prices: 'market-average', 'pinnacle', … */
  source: string;
  /** The selection's closing price, as stored (2 decimals). */
  odds: number;
  /** The selection's fair probability at the close, 6 decimals. */
  probability: number;
}

/** The ledger markets with a quoted closing price (the database's trigger holds the same list). */
export const CLOSING_LINE_MARKETS: readonly LedgerMarket[] = ["result", "over-under", "btts"];

type PricedMarket = "1x2" | "ou25" | "btts";

/** The price market of a ledger selection and its outcome's place among the market's prices. */
function pricedSelection(market: LedgerMarket, selection: string): { market: PricedMarket; index: number } | null {
  switch (market) {
    case "result":
      return { market: "1x2", index: ["1", "X", "2"].indexOf(selection) };
    case "over-under":
      if (selection === "over 2.5") return { market: "ou25", index: 0 };
      if (selection === "under 2.5") return { market: "ou25", index: 1 };
      return null;
    case "btts":
      return { market: "btts", index: selection === "yes" ? 0 : 1 };
    default:
      return null;
  }
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The closing line of a selection from a match's stored prices (fixture_odds rows, any kinds);
 * null for a market without quoted prices or when no source has a complete closing price.
 */
export function closingLine(market: LedgerMarket, selection: string, rows: readonly PriceRow[]): ClosingLine | null {
  const priced = pricedSelection(market, selection);
  if (!priced || priced.index < 0) return null;
  const closing = rows.filter((r) => r.market === priced.market && r.kind === "closing");
  for (const source of sourcesByPreference(closing.map((r) => r.source))) {
    const row = closing.find((r) => r.source === source)!;
    const prices = marketPrices(row, priced.market);
    // devig refuses a price that is not one (not finite, or 1 or less).
    const fair = prices && devig(prices, "shin");
    if (!prices || !fair) continue;
    const probability = round(fair[priced.index], 6);
    // A fair probability of 0 or 1 at 6 decimals is no price a bettor could have met.
    if (probability <= 0 || probability >= 1) continue;
    return { source, odds: prices[priced.index], probability };
  }
  return null;
}

/** Closing-line value as a number (for aggregates): odds × probability − 1. */
export function closingLineValue(odds: number, probability: number): number {
  return odds * probability - 1;
}

const ODDS_TEXT = /^([0-9]{1,3})\.([0-9]{2})$/;
const PROBABILITY_TEXT = /^0\.([0-9]{6})$/;

/**
 * The CLV column of the published ledger: locked odds × closing probability − 1 computed exactly
 * from the two stored strings ('1.95', '0.523456') and rounded half away from zero to 4 decimals:
 * '0.0207', '-0.0450', '0.0000'. Empty when either is empty or not in its stored form.
 */
export function ledgerClosingLineValue(odds: string, closingProbability: string): string {
  const o = ODDS_TEXT.exec(odds);
  const p = PROBABILITY_TEXT.exec(closingProbability);
  if (!o || !p) return "";
  // In units of 10^-8: cents × millionths.
  const scaled = Number(o[1] + o[2]) * Number(p[1]) - 100_000_000;
  const magnitude = Math.floor((Math.abs(scaled) + 5_000) / 10_000);
  const sign = scaled < 0 && magnitude > 0 ? "-" : "";
  return `${sign}${Math.floor(magnitude / 10_000)}.${String(magnitude % 10_000).padStart(4, "0")}`;
}

/** The beat_close column: 'true' when the locked odds are higher than the closing odds; empty without both. */
export function ledgerBeatClose(odds: string, closingOdds: string): string {
  const locked = ODDS_TEXT.exec(odds);
  const closing = ODDS_TEXT.exec(closingOdds);
  if (!locked || !closing) return "";
  return String(Number(locked[1] + locked[2]) > Number(closing[1] + closing[2]));
}
