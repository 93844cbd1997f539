import { describe, expect, it } from "vitest";
import { buildPrediction, confidenceOf } from "./match-prediction";
import { gridMarkets, scorelineGrid } from "./scoreline-grid";
import type { MarketProbabilities, UpcomingMatch } from "./types";

const match: UpcomingMatch = {
  id: "7",
  league: "la-liga",
  season: "2526",
  kickoff: new Date("2026-02-07T20:00:00Z"),
  homeTeamId: 529,
  awayTeamId: 798,
  homeTeam: "Barcelona",
  awayTeam: "Mallorca",
  resultOdds: { home: 1.2, draw: 7.5, away: 13 },
  overUnderOdds: { over: 1.4, under: 3.0 },
};

function build(
  published: MarketProbabilities,
  pickProbabilities = { result: published.home, overUnder: 0.6, btts: 0.55 },
) {
  return buildPrediction({
    match,
    modelVersion: "test",
    published,
    pickProbabilities,
    modelOnly: published,
    market: null,
    goalsGrid: scorelineGrid(2.4, 0.8, -0.05),
  });
}

describe("buildPrediction", () => {
  it.each([
    [
      { home: 0.78, draw: 0.14, away: 0.08, over25: 0.66, btts: 0.42 },
      "Barcelona to Win",
      "Over 2.5 Goals",
      "BTTS: No",
      1.2,
      1.4,
    ],
    [
      { home: 0.2, draw: 0.3, away: 0.5, over25: 0.4, btts: 0.51 },
      "Mallorca to Win",
      "Under 2.5 Goals",
      "BTTS: Yes",
      13,
      3.0,
    ],
    [{ home: 0.3, draw: 0.4, away: 0.3, over25: 0.5, btts: 0.5 }, "Draw", "Over 2.5 Goals", "BTTS: Yes", 7.5, 1.4],
  ])("%j → %s, %s, %s", (published, result, overUnder, btts, resultOdds, overUnderOdds) => {
    const p = build(published);
    expect(p.picks.result.text).toBe(result);
    expect(p.picks.overUnder.text).toBe(overUnder);
    expect(p.picks.btts.text).toBe(btts);
    expect(p.picks.result.odds).toBe(resultOdds);
    expect(p.picks.overUnder.odds).toBe(overUnderOdds);
    const markets = gridMarkets(Float64Array.from(p.grid));
    expect(markets.draw).toBeCloseTo(published.draw, 8);
    expect(markets.btts).toBeCloseTo(published.btts, 8);
  });

  it("the best pick is the pick with the highest calibrated probability, its confidence to one decimal", () => {
    const published = { home: 0.62, draw: 0.22, away: 0.16, over25: 0.7, btts: 0.5 };
    const p = build(published, { result: 0.64, overUnder: 0.68049, btts: 0.52 });
    expect(p.bestPick).toEqual({
      kind: "over-under",
      text: "Over 2.5 Goals",
      probability: 0.68049,
      confidence: 68,
      odds: 1.4,
    });
    expect(p.confidence).toBe(68);
    expect(p.picks.result.confidence).toBe(64);
  });

  it("on a tie the 1X2 pick comes first", () => {
    const p = build(
      { home: 0.6, draw: 0.25, away: 0.15, over25: 0.6, btts: 0.6 },
      { result: 0.6, overUnder: 0.6, btts: 0.6 },
    );
    expect(p.bestPick.kind).toBe("result");
  });

  it.each([
    [{ home: 0.78, draw: 0.14, away: 0.08, over25: 0.66, btts: 0.42 }, (h: number, a: number) => h > a],
    [{ home: 0.3, draw: 0.4, away: 0.3, over25: 0.4, btts: 0.5 }, (h: number, a: number) => h === a],
    [{ home: 0.2, draw: 0.3, away: 0.5, over25: 0.4, btts: 0.51 }, (h: number, a: number) => h < a],
  ])(
    "the projected score is the likeliest score of the published grid with the picked result (%j)",
    (published, sameResult) => {
      const p = build(published);
      let best = { home: -1, away: -1, probability: -1 };
      p.grid.forEach((probability, i) => {
        const home = Math.floor(i / 11);
        const away = i % 11;
        if (sameResult(home, away) && probability > best.probability) best = { home, away, probability };
      });
      expect(p.projectedScore).toEqual({ home: best.home, away: best.away });
    },
  );
});

describe("confidenceOf", () => {
  it.each([
    [0.6805, 68.1],
    [0.5, 50],
    [0.99949, 99.9],
    [0.12345, 12.3],
  ])("%d → %d%%", (probability, confidence) => {
    expect(confidenceOf(probability)).toBe(confidence);
  });
});
