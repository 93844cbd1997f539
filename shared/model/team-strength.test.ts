import { describe, expect, it } from "vitest";
import { expectedGoalDifference, marketRatings, type StrengthMatch } from "./team-strength";

const DAY = 24 * 60 * 60 * 1000;
const AS_OF = Date.parse("2026-02-02T00:00:00Z");

/** Every pairing home and away, the market's rates exactly those of known ratings. */
function pricedLeague(truth: Record<number, { attack: number; defence: number }>, c: number, h: number) {
  const ids = Object.keys(truth).map(Number);
  const matches: StrengthMatch[] = [];
  let day = 1;
  for (const home of ids) {
    for (const away of ids) {
      if (home === away) continue;
      matches.push({
        id: `${home}-${away}`,
        league: "premier-league",
        season: "2526",
        kickoff: new Date(AS_OF - day++ * DAY),
        homeTeamId: home,
        awayTeamId: away,
        homeGoals: 1,
        awayGoals: 1,
        market: {
          lambda: Math.exp(c + h + truth[home].attack - truth[away].defence),
          mu: Math.exp(c + truth[away].attack - truth[home].defence),
        },
      });
    }
  }
  return matches;
}

describe("marketRatings", () => {
  const truth = {
    1: { attack: 0.3, defence: 0.2 },
    2: { attack: 0, defence: 0 },
    3: { attack: -0.3, defence: -0.2 },
  };

  it("recovers the ratings the prices were made from, without a ridge", () => {
    const ratings = marketRatings(pricedLeague(truth, 0.2, 0.25), AS_OF, {
      windowDays: 240,
      halfLifeDays: 60,
      ridge: 0,
    })!;
    expect(ratings.homeAdvantage).toBeCloseTo(0.25, 6);
    // Attack and defence are known up to a shared shift absorbed by the intercept: compare differences.
    const of = (id: number) => ratings.teams.find((t) => t.teamId === id)!;
    expect(of(1).attack - of(3).attack).toBeCloseTo(0.6, 6);
    expect(of(1).defence - of(2).defence).toBeCloseTo(0.2, 6);
    // The strongest side expects the best goal difference, the weakest the worst.
    const gd = [1, 2, 3].map((id) => expectedGoalDifference(ratings, id)!);
    expect(gd[0]).toBeGreaterThan(gd[1]);
    expect(gd[1]).toBeGreaterThan(gd[2]);
  });

  it("shrinks the clubs toward average with a ridge, and leaves out matches outside the window", () => {
    const matches = pricedLeague(truth, 0.2, 0.25);
    const free = marketRatings(matches, AS_OF, { windowDays: 240, halfLifeDays: 60, ridge: 0 })!;
    const shrunk = marketRatings(matches, AS_OF, { windowDays: 240, halfLifeDays: 60, ridge: 5 })!;
    const spread = (r: NonNullable<typeof free>) =>
      Math.max(...r.teams.map((t) => t.attack)) - Math.min(...r.teams.map((t) => t.attack));
    expect(spread(shrunk)).toBeLessThan(spread(free));
    expect(marketRatings(matches, AS_OF - 400 * DAY)).toBeNull();
    expect(
      marketRatings(
        matches.map((m) => ({ ...m, market: null })),
        AS_OF,
      ),
    ).toBeNull();
  });
});

describe("expectedGoalDifference", () => {
  it.each([
    [{ attack: 0, defence: 0 }, 0],
    [{ attack: Math.log(2), defence: 0 }, 1.4],
    [{ attack: 0, defence: Math.log(2) }, 0.7],
  ])("of %j with 1.4 goals a side on average is %d", (team, expected) => {
    const ratings = { intercept: Math.log(1.4), homeAdvantage: 0.3, teams: [{ teamId: 7, ...team }] };
    expect(expectedGoalDifference(ratings, 7)).toBeCloseTo(expected, 9);
    expect(expectedGoalDifference(ratings, 8)).toBeNull();
  });
});
