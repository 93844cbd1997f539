import { describe, expect, it } from "vitest";
import { devig } from "./devig";
import { marketMove, oddsMovement, type PriceRow } from "./odds-movement";

const row = (source: string, market: "1x2" | "ou25", kind: "opening" | "closing", prices: number[]): PriceRow => ({
  source,
  market,
  kind,
  homePrice: market === "1x2" ? prices[0] : null,
  drawPrice: market === "1x2" ? prices[1] : null,
  awayPrice: market === "1x2" ? prices[2] : null,
  overPrice: market === "ou25" ? prices[0] : null,
  underPrice: market === "ou25" ? prices[1] : null,
});

// The home side shortens from 2.40 to 2.00: its fair chance rises by several points.
const OPENING = [2.4, 3.4, 3.0];
const CLOSING = [2.0, 3.5, 3.9];

describe("marketMove", () => {
  it("takes the margin out of both prices and gives each outcome's move in points", () => {
    const move = marketMove(
      [row("market-average", "1x2", "opening", OPENING), row("market-average", "1x2", "closing", CLOSING)],
      "1x2",
      null,
    )!;
    const opening = devig(OPENING, "shin")!;
    const closing = devig(CLOSING, "shin")!;
    expect(move.source).toBe("market-average");
    expect(move.outcomes.map((o) => o.outcome)).toEqual(["home", "draw", "away"]);
    expect(move.outcomes[0].opening).toBeCloseTo(opening[0], 12);
    expect(move.outcomes[0].latest).toBeCloseTo(closing[0], 12);
    expect(move.outcomes[0].movePoints).toBeCloseTo((closing[0] - opening[0]) * 100, 9);
    expect(move.outcomes[0].movePoints).toBeGreaterThan(5);
    expect(move.outcomes.reduce((sum, o) => sum + o.movePoints, 0)).toBeCloseTo(0, 9);
    expect(move.direction).toBeNull();
  });

  it.each([
    { case: "toward a forecast that favoured the home side more", forecast: [0.52, 0.26, 0.22], direction: "toward" },
    { case: "away from a forecast that favoured the away side", forecast: [0.3, 0.28, 0.42], direction: "away" },
  ])("says the market moved $case", ({ forecast, direction }) => {
    const move = marketMove(
      [row("pinnacle", "1x2", "opening", OPENING), row("pinnacle", "1x2", "closing", CLOSING)],
      "1x2",
      forecast,
    )!;
    expect(move.direction).toBe(direction);
    expect(Math.sign(move.closerByPoints!)).toBe(direction === "toward" ? 1 : -1);
  });

  it("calls a move of under half a point toward or away no move", () => {
    const move = marketMove(
      [row("pinnacle", "ou25", "opening", [1.9, 1.95]), row("pinnacle", "ou25", "closing", [1.89, 1.96])],
      "ou25",
      [0.55, 0.45],
    )!;
    expect(move.direction).toBe("unchanged");
  });

  it("prefers the market's average, then Pinnacle, and passes over a source without both prices", () => {
    const rows = [
      row("bet365", "1x2", "opening", OPENING),
      row("bet365", "1x2", "closing", CLOSING),
      row("pinnacle", "1x2", "opening", OPENING),
      row("pinnacle", "1x2", "closing", CLOSING),
      row("market-average", "1x2", "opening", OPENING),
    ];
    expect(marketMove(rows, "1x2", null)!.source).toBe("pinnacle");
  });

  it("gives nothing with an opening price only (no later line yet)", () => {
    expect(marketMove([row("market-average", "1x2", "opening", OPENING)], "1x2", null)).toBeNull();
    expect(oddsMovement([row("market-average", "1x2", "opening", OPENING)], null)).toBeNull();
  });
});

describe("oddsMovement", () => {
  it("moves both markets, each against our forecast of it", () => {
    const movement = oddsMovement(
      [
        row("market-average", "1x2", "opening", OPENING),
        row("market-average", "1x2", "closing", CLOSING),
        row("market-average", "ou25", "opening", [2.1, 1.75]),
        row("market-average", "ou25", "closing", [1.8, 2.05]),
      ],
      { home: 0.5, draw: 0.27, away: 0.23, over25: 0.58 },
    )!;
    expect(movement.result!.direction).toBe("toward");
    expect(movement.goals!.outcomes.map((o) => o.outcome)).toEqual(["over", "under"]);
    expect(movement.goals!.outcomes[0].movePoints).toBeGreaterThan(5);
    expect(movement.goals!.direction).toBe("toward");
  });
});
