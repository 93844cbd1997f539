/** The worker's simulation of the rest of a league's season. */
import { z } from "zod";
import { count, id, instant, leagueKeySchema, probability, schemaNamer } from "../common/schema";

const named = schemaNamer("season-outlook");

export const seasonOutlookSchema = named(
  "SeasonOutlook",
  "The rest of the league's season simulated by the worker: every club's expected points, its chances of the title, the European places and relegation, and its distribution of final positions. teams is empty until the worker has computed it.",
  z.strictObject({
    league: leagueKeySchema,
    season: z.string().describe("The season code, '2526' for 2025/26."),
    seasons: count.describe("Seasons simulated."),
    ratingSigma: z
      .number()
      .describe(
        "Standard deviation of each club's log attack and defence multipliers per simulated season (rating uncertainty).",
      ),
    resultsPlayed: count,
    remainingFixtures: count,
    computedAt: instant.nullable(),
    teams: z.array(
      named(
        "TeamOutlook",
        "One club's outlook; the current position is today's table with the league's tie-breakers.",
        z.strictObject({
          teamId: id,
          teamName: z.string(),
          currentPosition: id,
          currentPoints: count,
          played: count,
          remaining: count.describe("Matches left."),
          expectedPoints: z.number(),
          expectedGoalDifference: z.number(),
          title: probability.describe("P(finishing 1st)."),
          championsLeague: probability.describe("P(finishing in the Champions League places)."),
          europaLeague: probability.describe("P(finishing in the Europa League places)."),
          relegation: probability.describe("P(finishing in the relegation zone)."),
          positions: z.array(probability).describe("P(finishing 1st), P(2nd), … for every position."),
          mostLikelyPosition: id,
        }),
      ),
    ),
  }),
);
