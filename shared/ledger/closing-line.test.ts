import { describe, expect, it } from "vitest";
import { devig } from "../model/devig";
import { closingLine, closingLineValue, ledgerBeatClose, ledgerClosingLineValue } from "./closing-line";
import type { PriceRow } from "../model/odds-movement";

const none = { homePrice: null, drawPrice: null, awayPrice: null, overPrice: null, underPrice: null };
const result = (source: string, kind: string, home: number, draw: number, away: number): PriceRow => ({
  ...none,
  source,
  market: "1x2",
  kind,
  homePrice: home,
  drawPrice: draw,
  awayPrice: away,
});
const goals = (source: string, kind: string, over: number, under: number): PriceRow => ({
  ...none,
  source,
  market: "ou25",
  kind,
  overPrice: over,
  underPrice: under,
});
const btts = (yes: number, no: number): PriceRow => ({
  ...none,
  source: "bet365",
  market: "btts",
  kind: "closing",
  yesPrice: yes,
  noPrice: no,
});

const ROWS: PriceRow[] = [
  result("market-average", "opening", 2.1, 3.4, 3.6),
  result("market-average", "closing", 1.9, 3.6, 4.2),
  result("pinnacle", "closing", 1.95, 3.7, 4.4),
  goals("bet365", "closing", 1.8, 2.05),
  goals("market-average", "opening", 1.9, 1.95),
  btts(1.7, 2.1),
];

const fair = (prices: number[], index: number) => Math.round(devig(prices, "shin")![index] * 1e6) / 1e6;

describe("closingLine", () => {
  it.each([
    ["result", "1", { source: "market-average", odds: 1.9, probability: fair([1.9, 3.6, 4.2], 0) }],
    ["result", "X", { source: "market-average", odds: 3.6, probability: fair([1.9, 3.6, 4.2], 1) }],
    ["result", "2", { source: "market-average", odds: 4.2, probability: fair([1.9, 3.6, 4.2], 2) }],
    // The market average has no closing over/under price here: the next source with one.
    ["over-under", "over 2.5", { source: "bet365", odds: 1.8, probability: fair([1.8, 2.05], 0) }],
    ["over-under", "under 2.5", { source: "bet365", odds: 2.05, probability: fair([1.8, 2.05], 1) }],
    ["btts", "yes", { source: "bet365", odds: 1.7, probability: fair([1.7, 2.1], 0) }],
    ["btts", "no", { source: "bet365", odds: 2.1, probability: fair([1.7, 2.1], 1) }],
  ] as const)("%s %s → the close of that selection", (market, selection, expected) => {
    expect(closingLine(market, selection, ROWS)).toEqual(expected);
  });

  it.each([
    ["over-under", "over 3.5"],
    ["double-chance", "1X"],
    ["draw-no-bet", "1"],
    ["unknown", ""],
    ["pending", ""],
  ] as const)("%s %s has no quoted closing price", (market, selection) => {
    expect(closingLine(market, selection, ROWS)).toBeNull();
  });

  it("needs a closing price of every outcome of the market, not an opening one", () => {
    expect(closingLine("result", "1", [result("market-average", "opening", 2.1, 3.4, 3.6)])).toBeNull();
    expect(closingLine("result", "1", [{ ...result("pinnacle", "closing", 2, 3, 4), drawPrice: null }])).toBeNull();
    expect(closingLine("result", "1", [])).toBeNull();
  });

  it("the fair probabilities of a market's selections add up to 1 (the margin is taken out)", () => {
    const sum = ["1", "X", "2"].reduce((total, code) => total + closingLine("result", code, ROWS)!.probability, 0);
    expect(sum).toBeCloseTo(1, 5);
    expect(1 / 1.9 + 1 / 3.6 + 1 / 4.2).toBeGreaterThan(1.03);
  });
});

describe("closing-line value", () => {
  it.each([
    // odds, closing probability, CLV text (odds × p − 1, 4 decimals, half away from zero)
    ["2.10", "0.500000", "0.0500"],
    ["1.95", "0.523456", "0.0207"],
    ["1.90", "0.500000", "-0.0500"],
    ["2.00", "0.500000", "0.0000"],
    ["2.00", "0.499975", "-0.0001"],
    ["2.00", "0.499976", "0.0000"],
    ["2.00", "0.500025", "0.0001"],
    ["101.00", "0.020000", "1.0200"],
    ["1.01", "0.010000", "-0.9899"],
    ["", "0.500000", ""],
    ["2.00", "", ""],
    ["2", "0.5", ""],
  ])("odds %j at a closing probability %j → %j", (odds, probability, expected) => {
    expect(ledgerClosingLineValue(odds, probability)).toBe(expected);
    if (expected !== "") expect(Number(expected)).toBeCloseTo(closingLineValue(Number(odds), Number(probability)), 3);
  });

  it.each([
    ["2.10", "2.00", "true"],
    ["2.00", "2.00", "false"],
    ["1.95", "2.05", "false"],
    ["", "2.05", ""],
    ["2.05", "", ""],
  ])("locked %j against a close of %j beats it: %j", (odds, closing, expected) => {
    expect(ledgerBeatClose(odds, closing)).toBe(expected);
  });
});
