import { describe, expect, it } from "vitest";
import { devig } from "./devig";
import type { LeagueRatings, RatingModel } from "./league-ratings";
import { gridMarkets } from "./scoreline-grid";
import { marketView, matchSignals } from "./signals";
import type { MatchInput } from "./types";

const model = (attackOfOne: number): RatingModel => ({
  teams: [
    { teamId: 1, attack: attackOfOne, defence: 0.1 },
    { teamId: 2, attack: -0.1, defence: -0.1 },
  ],
  intercept: 0.3,
  homeAdvantage: 0.25,
  rho: -0.07,
  newcomerPrior: { attack: -0.2, defence: -0.2 },
  iterations: 0,
});

const ratings: LeagueRatings = {
  league: "bundesliga",
  asOf: 0,
  season: "2526",
  matchCount: 500,
  goals: model(0.3),
  shots: model(0.1),
  goalsPerShotOnTarget: 0.3,
};

const match: MatchInput = {
  id: "1",
  league: "bundesliga",
  season: "2526",
  kickoff: new Date("2026-02-07T14:30:00Z"),
  homeTeamId: 1,
  awayTeamId: 2,
  resultOdds: { home: 1.7, draw: 4.0, away: 4.8 },
  overUnderOdds: { over: 1.65, under: 2.25 },
};

describe("matchSignals", () => {
  const signals = matchSignals(ratings, match, "shin");

  it("reads the goals and the shots model from their own ratings", () => {
    expect(signals.goals).toEqual(gridMarkets(signals.goalsGrid));
    expect(signals.goals.home).toBeGreaterThan(signals.shots.home);
  });

  it("takes the market's 1X2 and over/under from the prices, its BTTS from the grid fitted to them", () => {
    const oneXTwo = devig([1.7, 4.0, 4.8], "shin")!;
    const totals = devig([1.65, 2.25], "shin")!;
    expect(signals.market!.home).toBeCloseTo(oneXTwo[0], 12);
    expect(signals.market!.over25).toBeCloseTo(totals[0], 12);
    expect(signals.marketView).toEqual({ home: oneXTwo[0], draw: oneXTwo[1], away: oneXTwo[2], over25: totals[0] });
    expect(signals.market!.btts).toBeGreaterThan(0.3);
    expect(signals.market!.btts).toBeLessThan(0.7);
  });

  it("without shot ratings the shots signal is the goals model's", () => {
    expect(matchSignals({ ...ratings, shots: null }, match, "shin").shots).toEqual(signals.goals);
  });

  it.each([
    ["no 1X2 prices", { resultOdds: null }],
    ["an impossible 1X2 price", { resultOdds: { home: 1, draw: 4, away: 5 } }],
  ])("has no market with %s", (_, change) => {
    expect(matchSignals(ratings, { ...match, ...change }, "shin").market).toBeNull();
  });

  it("with 1X2 prices only, the market's over/under comes from the grid fitted to its 1X2", () => {
    const view = marketView({ ...match, overUnderOdds: null }, "power")!;
    expect(view.over25).toBeNull();
    const market = matchSignals(ratings, { ...match, overUnderOdds: null }, "power").market!;
    expect(market.home).toBeCloseTo(view.home, 12);
    expect(market.over25).toBeGreaterThan(0.3);
  });
});
