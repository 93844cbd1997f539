import { describe, expect, it } from "vitest";
import type { MatchPrediction } from "@shared/model/types";
import type { HistoricalMatch } from "./football-data-history";
import { baseRates, scorecard, scoredMatches } from "./model-scorecard";

function historical(id: string, season: string, homeGoals: number, awayGoals: number, priced = true): HistoricalMatch {
  return {
    id,
    league: "bundesliga",
    season,
    kickoff: new Date(`20${season.slice(0, 2)}-09-01T13:30:00Z`),
    homeTeamId: 157,
    awayTeamId: 165,
    homeTeam: "Bayern München",
    awayTeam: "Borussia Dortmund",
    homeGoals,
    awayGoals,
    resultOdds: priced ? { home: 1.5, draw: 4.5, away: 6 } : null,
    overUnderOdds: { over: 1.6, under: 2.3 },
    closingResultOdds: { home: 1.45, draw: 4.75, away: 6.5 },
    closingOverUnderOdds: { over: 1.55, under: 2.4 },
  };
}

function prediction(
  id: string,
  home: number,
  over25: number,
  btts: number,
  best: "result" | "over-under",
): MatchPrediction {
  const pick = (kind: "result" | "over-under" | "btts", text: string, probability: number) => ({
    kind,
    text,
    probability,
    confidence: Math.round(1000 * probability) / 10,
    odds: null,
  });
  const result = { ...pick("result", "Bayern München to Win", home), code: "1" as const };
  const overUnder = {
    ...pick("over-under", over25 >= 0.5 ? "Over 2.5 Goals" : "Under 2.5 Goals", Math.max(over25, 1 - over25)),
    side: over25 >= 0.5 ? ("over" as const) : ("under" as const),
  };
  const bttsPick = {
    ...pick("btts", btts >= 0.5 ? "BTTS: Yes" : "BTTS: No", Math.max(btts, 1 - btts)),
    code: btts >= 0.5 ? ("YES" as const) : ("NO" as const),
  };
  const probabilities = { home, draw: (1 - home) / 2, away: (1 - home) / 2, over25, btts };
  return {
    matchId: id,
    league: "bundesliga",
    kickoff: new Date(),
    homeTeamId: 157,
    awayTeamId: 165,
    modelVersion: "test",
    probabilities,
    modelOnly: probabilities,
    market: null,
    expectedGoals: { home: 2, away: 1 },
    projectedScore: { home: 2, away: 1 },
    grid: [],
    picks: { result, overUnder, btts: bttsPick },
    bestPick: best === "result" ? result : overUnder,
    confidence: (best === "result" ? result : overUnder).confidence,
  };
}

// Three earlier seasons for the base rate: home wins 2 of 3, over 2.5 in 2 of 3, BTTS in 1 of 3.
const EARLIER = [historical("a", "2021", 3, 1), historical("b", "2122", 1, 0), historical("c", "2223", 0, 2)];

describe("baseRates", () => {
  it("are the league's frequencies in the seasons before", () => {
    const rates = baseRates([...EARLIER, historical("d", "2324", 1, 1)], ["2324"]);
    const rate = rates.get("bundesliga|2324")!;
    expect(rate.result).toEqual([2 / 3, 0, 1 / 3]);
    expect(rate.over25).toBeCloseTo(1 / 3, 12);
    expect(rate.btts).toBeCloseTo(1 / 3, 12);
  });
});

describe("scorecard", () => {
  const won = historical("w", "2324", 2, 1);
  const lost = historical("l", "2324", 0, 1);
  const unpriced = historical("u", "2324", 1, 0, false);
  const rows = [
    { match: won, prediction: prediction("w", 0.7, 0.62, 0.55, "result") },
    { match: lost, prediction: prediction("l", 0.6, 0.4, 0.45, "over-under") },
    { match: unpriced, prediction: prediction("u", 0.6, 0.4, 0.45, "result") },
  ];
  const { scored, excluded } = scoredMatches(
    rows,
    baseRates([...EARLIER, won, lost, unpriced], ["2324"]),
    "multiplicative",
  );
  const card = scorecard(scored);

  it("scores only matches every forecaster has a view of", () => {
    expect(excluded).toBe(1);
    expect(card.matches).toBe(2);
  });

  it("scores 1X2 by RPS, Brier, log-loss and accuracy", () => {
    // Won: (0.7, 0.15, 0.15), home win. Lost: (0.6, 0.2, 0.2), away win.
    const rps = ((0.3 ** 2 + 0.15 ** 2) / 2 + (0.6 ** 2 + 0.8 ** 2) / 2) / 2;
    expect(card.result.published.rps).toBeCloseTo(rps, 12);
    expect(card.result.published.accuracy).toBe(0.5);
    expect(card.result.published.logLoss).toBeCloseTo((-Math.log(0.7) - Math.log(0.2)) / 2, 12);
    expect(card.result.opening.accuracy).toBe(0.5);
  });

  it("judges picks and the market's favourites on the same matches", () => {
    // Won 2-1: over and BTTS happened; lost 0-1: under, no BTTS.
    expect(card.ourPicks).toEqual({ result: 0.5, overUnder: 1, btts: 1 });
    // The best pick: home win (hit) in the first, under 2.5 (hit) in the second.
    expect(card.bestPick.hitRate).toBe(1);
    // The market's likeliest selection is the home win (1/1.5 normalised) in both: one hit.
    expect(card.marketFavourite).toEqual({ result: 0.5, overUnder: 0.5, best: 0.5 });
  });

  it("puts best picks in confidence bands", () => {
    const bands = card.bestPick.bands.filter((b) => b.count > 0);
    expect(bands.map((b) => [b.from, b.count, b.hitRate])).toEqual([
      [60, 1, 1],
      [70, 1, 1],
    ]);
  });
});
