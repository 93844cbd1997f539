/**
 * The scoring rates the season outlook plays each remaining fixture with: the stored forecast's
 * expected goals where there is one (it has the market's view in it), the engine's goals ratings
 * of the season otherwise, with each club's gap between the two carried into those later fixtures
 * (shared/model/outlook-carry.ts); the low-score dependence always from the ratings (0 without
 * them).
 */
import { ratesFor, type LeagueRatings } from "@shared/model/league-ratings";
import { carriedRates, clubGaps, OUTLOOK_CARRY, type GapFixture } from "@shared/model/outlook-carry";
import type { OutlookFixture } from "@shared/model/season-outlook";
import type { OutlookLeagueInput } from "./outlook-messages";

/** The fixtures' rates, or why there are none (a fixture with neither a forecast nor ratings). */
export function outlookFixtures(
  input: Pick<OutlookLeagueInput, "remaining">,
  ratings: LeagueRatings | null,
  carry: { gain: number; ridge: number } = OUTLOOK_CARRY,
): OutlookFixture[] | string {
  const rho = ratings?.goals.rho ?? 0;
  const forecast = (f: OutlookLeagueInput["remaining"][number]) =>
    f.expectedGoals && f.expectedGoals.home > 0 && f.expectedGoals.away > 0 ? f.expectedGoals : null;
  const near: GapFixture[] = [];
  if (ratings) {
    for (const f of input.remaining) {
      const goals = forecast(f);
      if (!goals) continue;
      const rated = ratesFor(ratings.goals, f.homeTeamId, f.awayTeamId);
      near.push({
        homeTeamId: f.homeTeamId,
        awayTeamId: f.awayTeamId,
        lambda: goals.home,
        mu: goals.away,
        ratedLambda: rated.lambda,
        ratedMu: rated.mu,
      });
    }
  }
  const gaps = clubGaps(near, carry.ridge);
  const fixtures: OutlookFixture[] = [];
  for (const f of input.remaining) {
    const goals = forecast(f);
    if (goals) {
      fixtures.push({ homeTeamId: f.homeTeamId, awayTeamId: f.awayTeamId, lambda: goals.home, mu: goals.away, rho });
    } else if (ratings) {
      const rated = {
        homeTeamId: f.homeTeamId,
        awayTeamId: f.awayTeamId,
        ...ratesFor(ratings.goals, f.homeTeamId, f.awayTeamId),
      };
      fixtures.push({ ...rated, ...carriedRates(rated, gaps, carry.gain), rho });
    } else {
      return "no forecast and no stored ratings for its fixtures beyond the predictions' horizon yet";
    }
  }
  return fixtures;
}
