import { describe, expect, it } from "vitest";
import type { LeagueRatings } from "@shared/model/league-ratings";
import { outlookFixtures } from "./outlook-fixtures";

const ratings = {
  goals: {
    teams: [1, 2, 3, 4].map((teamId) => ({ teamId, attack: 0, defence: 0 })),
    intercept: Math.log(1.3),
    homeAdvantage: 0.2,
    rho: -0.05,
    newcomerPrior: { attack: -0.2, defence: -0.2 },
    iterations: 1,
  },
} as unknown as LeagueRatings;

const fixture = (homeTeamId: number, awayTeamId: number, expectedGoals: { home: number; away: number } | null) => ({
  fixtureId: homeTeamId * 10 + awayTeamId,
  homeTeamId,
  awayTeamId,
  expectedGoals,
});

describe("outlookFixtures", () => {
  it("plays forecast fixtures at the forecast and later ones at the ratings with each club's gap carried", () => {
    const rated = { lambda: 1.3 * Math.exp(0.2), mu: 1.3 };
    // The forecasts rate club 1 well above its ratings.
    const remaining = [
      fixture(1, 2, { home: rated.lambda * 1.3, away: rated.mu / 1.3 }),
      fixture(3, 4, { home: rated.lambda, away: rated.mu }),
      fixture(1, 3, null),
      fixture(4, 3, null),
    ];
    const withCarry = outlookFixtures({ remaining }, ratings) as Exclude<ReturnType<typeof outlookFixtures>, string>;
    const without = outlookFixtures({ remaining }, ratings, { gain: 0, ridge: 1 }) as typeof withCarry;
    expect(withCarry[0]).toMatchObject({ lambda: remaining[0].expectedGoals!.home, rho: -0.05 });
    expect(without[2]).toMatchObject({ lambda: rated.lambda, mu: rated.mu });
    // Club 1 at home to club 3 later: more goals for club 1, fewer against, than the ratings say.
    expect(withCarry[2].lambda).toBeGreaterThan(rated.lambda * 1.05);
    expect(withCarry[2].mu).toBeLessThan(rated.mu);
    // Clubs whose forecasts agree with their ratings keep their rated rates.
    expect(withCarry[3].lambda / rated.lambda).toBeCloseTo(1, 6);
    expect(withCarry[3].mu / rated.mu).toBeCloseTo(1, 6);
  });

  it("says why when a fixture has neither a forecast nor ratings", () => {
    expect(outlookFixtures({ remaining: [fixture(1, 2, null)] }, null)).toBe(
      "no forecast and no stored ratings for its fixtures beyond the predictions' horizon yet",
    );
    expect(outlookFixtures({ remaining: [fixture(1, 2, { home: 1.5, away: 1 })] }, null)).toEqual([
      { homeTeamId: 1, awayTeamId: 2, lambda: 1.5, mu: 1, rho: 0 },
    ]);
  });
});
