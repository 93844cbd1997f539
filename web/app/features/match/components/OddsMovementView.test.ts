import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { oddsMovement, type PriceRow } from "@shared/model/odds-movement";
import {
  DID_NOT_MOVE_TEXT,
  MOVED_AWAY_TEXT,
  MOVED_TOWARD_US_TEXT,
  movePoints,
  OddsMovementView,
} from "./OddsMovementView";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
const row = (market: "1x2" | "ou25", kind: "opening" | "closing", prices: number[]): PriceRow => ({
  source: "market-average",
  market,
  kind,
  homePrice: market === "1x2" ? prices[0] : null,
  drawPrice: market === "1x2" ? prices[1] : null,
  awayPrice: market === "1x2" ? prices[2] : null,
  overPrice: market === "ou25" ? prices[0] : null,
  underPrice: market === "ou25" ? prices[1] : null,
});
// Arsenal shorten from 2.40 to 2.00; over 2.5 drifts from 1.80 to 2.00.
const ROWS = [
  row("1x2", "opening", [2.4, 3.4, 3.0]),
  row("1x2", "closing", [2.0, 3.5, 3.9]),
  row("ou25", "opening", [1.8, 2.05]),
  row("ou25", "closing", [2.0, 1.85]),
];
const render = (forecast: { home: number; draw: number; away: number; over25: number }, finished: boolean) =>
  renderToStaticMarkup(
    createElement(OddsMovementView, {
      movement: oddsMovement(ROWS, forecast),
      homeName: "Arsenal",
      awayName: "Chelsea",
      kickedOff: finished,
      finished,
    }),
  );

describe("the match page's odds movement", () => {
  it("shows each outcome's fair chance at the opening and closing prices and its move, and after the whistle the verdict", () => {
    const html = render({ home: 0.55, draw: 0.25, away: 0.2, over25: 0.45 }, true);
    expect(text(html)).toBe(
      "Odds movement The market moved toward us. Fair chances at the opening and closing prices, margin removed Outcome Opening Closing Move Arsenal win 40.1% 48.4% +8.3 pts Draw 28.0% 27.2% −0.8 pts Chelsea win 31.9% 24.3% −7.5 pts Over 2.5 goals 53.4% 48.0% −5.4 pts Under 2.5 goals 46.6% 52.0% +5.4 pts From the market's average prices, with the bookmakers' margin taken out. 1X2: the market moved toward our forecast (8.3 points closer). Over/under 2.5: the market moved toward our forecast (5.4 points closer).",
    );
    expect(html).not.toContain("style=");
  });

  it("says the market moved away from a forecast it moved against", () => {
    expect(text(render({ home: 0.3, draw: 0.28, away: 0.42, over25: 0.6 }, true))).toContain(MOVED_AWAY_TEXT);
  });

  it("keeps the verdict for after the whistle, and calls the later prices the latest before kick-off", () => {
    const html = text(render({ home: 0.55, draw: 0.25, away: 0.2, over25: 0.45 }, false));
    expect(html).not.toContain(MOVED_TOWARD_US_TEXT);
    expect(html).not.toContain(DID_NOT_MOVE_TEXT);
    expect(html).toContain("Outcome Opening Latest Move");
  });

  it("shows nothing without both lines of a market", () => {
    const html = renderToStaticMarkup(
      createElement(OddsMovementView, {
        movement: oddsMovement([ROWS[0]], null),
        homeName: "Arsenal",
        awayName: "Chelsea",
        kickedOff: false,
        finished: false,
      }),
    );
    expect(html).toBe("");
  });

  it.each([
    [4.24, "+4.2 pts"],
    [-1.26, "−1.3 pts"],
    [0.04, "0.0 pts"],
    [-0.04, "0.0 pts"],
  ])("writes a move of %s points as %s", (points, shown) => {
    expect(movePoints(points)).toBe(shown);
  });
});
