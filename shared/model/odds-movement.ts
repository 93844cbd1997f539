/**
 * How the market moved on a match: the opening and the latest prices (the closing ones once
 * kicked off) for 1X2 and over/under 2.5, with the margin taken out (Shin's method, as the model
 * reads prices), the move of each outcome in percentage points, and whether the market moved
 * toward our forecast or away from it: toward when the latest fair probabilities are closer to
 * ours than the opening ones were, by at least half a point. Closeness is the total variation
 * distance: half the sum of the outcomes' absolute differences (for over/under, the difference
 * in the chance of over 2.5).
 */
import { devig } from "./devig";

export type MovementMarket = "1x2" | "ou25";

/** A stored price row of one source, market and kind (fixture_odds). */
export interface PriceRow {
  source: string;
  market: string;
  kind: string;
  homePrice: number | null;
  drawPrice: number | null;
  awayPrice: number | null;
  overPrice: number | null;
  underPrice: number | null;
  /** Both teams to score's prices (rows of the btts market); absent where only 1X2 and over/under are read. */
  yesPrice?: number | null;
  noPrice?: number | null;
}

/** The outcomes of 1X2 and of over/under 2.5. */
export type MoveOutcome = "home" | "draw" | "away" | "over" | "under";

export interface OutcomeMove {
  outcome: MoveOutcome;
  opening: number;
  latest: number;
  /** (latest − opening) in percentage points. */
  movePoints: number;
}

export type Direction = "toward" | "away" | "unchanged";

export interface MarketMove {
  market: MovementMarket;
  /** The source both prices come from: 'market-average', 'pinnacle', … */
  source: string;
  outcomes: OutcomeMove[];
  /** null without a forecast to compare with. */
  direction: Direction | null;
  /** How much closer to (positive) or further from (negative) our forecast, in points. */
  closerByPoints: number | null;
}

/** Sources in the order their prices are preferred: the market's average, then the sharpest book. */
const SOURCE_ORDER = ["market-average", "pinnacle", "bet365"];
/** A move of less than half a point toward or away is no move. */
const UNCHANGED_POINTS = 0.5;

/** A row's prices of every outcome of its market (1X2: home, draw, away; over, under; yes, no), or null when one is missing. */
export function marketPrices(row: PriceRow, market: MovementMarket | "btts"): number[] | null {
  const prices =
    market === "1x2"
      ? [row.homePrice, row.drawPrice, row.awayPrice]
      : market === "ou25"
        ? [row.overPrice, row.underPrice]
        : [row.yesPrice ?? null, row.noPrice ?? null];
  return prices.every((p): p is number => typeof p === "number") ? prices : null;
}

const OUTCOMES: Record<MovementMarket, MoveOutcome[]> = { "1x2": ["home", "draw", "away"], ou25: ["over", "under"] };

/** The distinct sources in the order their prices are preferred (SOURCE_ORDER, then alphabetical). */
export function sourcesByPreference(sources: readonly string[]): string[] {
  const rank = (source: string) => {
    const index = SOURCE_ORDER.indexOf(source);
    return index === -1 ? SOURCE_ORDER.length : index;
  };
  return [...new Set(sources)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The move of one market from the first source (in SOURCE_ORDER, then alphabetical) that has
 * both an opening and a latest price for it; null when none has.
 */
export function marketMove(
  rows: readonly PriceRow[],
  market: MovementMarket,
  forecast: readonly number[] | null,
): MarketMove | null {
  const sources = sourcesByPreference(rows.filter((r) => r.market === market).map((r) => r.source));
  for (const source of sources) {
    const priced = (kind: string) => {
      const row = rows.find((r) => r.source === source && r.market === market && r.kind === kind);
      const prices = row ? marketPrices(row, market) : null;
      return prices ? devig(prices, "shin") : null;
    };
    const opening = priced("opening");
    const latest = priced("closing");
    if (!opening || !latest) continue;
    const distance = (fair: readonly number[]) =>
      forecast ? (fair.reduce((sum, p, k) => sum + Math.abs(p - forecast[k]), 0) / 2) * 100 : 0;
    const closerBy = forecast ? distance(opening) - distance(latest) : null;
    return {
      market,
      source,
      outcomes: OUTCOMES[market].map((outcome, k) => ({
        outcome,
        opening: opening[k],
        latest: latest[k],
        movePoints: (latest[k] - opening[k]) * 100,
      })),
      direction:
        closerBy === null
          ? null
          : Math.abs(closerBy) < UNCHANGED_POINTS
            ? "unchanged"
            : closerBy > 0
              ? "toward"
              : "away",
      closerByPoints: closerBy,
    };
  }
  return null;
}

export interface OddsMovement {
  result: MarketMove | null;
  goals: MarketMove | null;
}

/** Both markets' moves, each against our forecast of it (1X2 home, draw, away; over and under 2.5). */
export function oddsMovement(
  rows: readonly PriceRow[],
  forecast: { home: number; draw: number; away: number; over25: number } | null,
): OddsMovement | null {
  const result = marketMove(rows, "1x2", forecast ? [forecast.home, forecast.draw, forecast.away] : null);
  const goals = marketMove(rows, "ou25", forecast ? [forecast.over25, 1 - forecast.over25] : null);
  return result || goals ? { result, goals } : null;
}
