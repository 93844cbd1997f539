/** The worker's public walk-forward check of the season outlook and the live win probability. */
import { z } from "zod";
import { CLOSING_CHECK_KINDS } from "@shared/model/closing-line-check";
import { count, id, instant, leagueKeySchema, probability, schemaNamer } from "../common/schema";

const named = schemaNamer("odds-check");

const reliabilityBinSchema = named(
  "ReliabilityBin",
  "One of 10 equal-width bins of forecast probability: how many forecasts fell in it, their mean and how often the event happened (null when empty).",
  z.strictObject({
    from: probability,
    to: probability,
    count,
    meanProbability: probability.nullable(),
    observedRate: probability.nullable(),
  }),
);

const closingLineFields = {
  picks: count.describe("Picks with an opening and a closing price."),
  beatClose: count.describe("Of those, picks made at a higher price than the close."),
  beatCloseRate: z.number().min(0).max(100).describe("beatClose as a share of picks, percent with 2 decimals."),
  meanClv: z
    .number()
    .describe("Mean closing-line value in percent, 2 decimals: opening price × the close's fair probability − 1."),
};

const seasonCodes = z.array(z.string().regex(/^\d{4}$/)).describe("Season codes, '1617' for 2016/17.");

export const oddsCheckSchema = named(
  "OddsCheck",
  "The worker's latest public check of the season outlook and the live win probability, walk-forward on the match history (the figures of 'How good are our season and live odds?' on /algo-results and of `npm run bench:outlook`). ranAt, outlook and live are null until the worker has run the check on this site (it needs a local copy of the football-data.co.uk history).",
  z.strictObject({
    ranAt: instant.nullable(),
    outlook: z
      .strictObject({
        seasons: seasonCodes,
        checkpoints: z.array(id).describe("Matchweeks after which the outlook was computed from what was known then."),
        leagueSeasons: count,
        forecasts: count.describe("Checkpoints computed: league seasons × checkpoints."),
        teamForecasts: count,
        simulations: count.describe("Simulated seasons per checkpoint, for ours and for the baseline."),
        metrics: z.array(
          z.strictObject({
            key: z.enum(["title", "championsLeague", "relegation"]),
            label: z.string(),
            ours: z
              .number()
              .min(0)
              .describe("Mean Brier score of our probability over every club at every checkpoint."),
            baseline: z.number().min(0).describe("The same for the points-per-game baseline."),
            improvement: z.number().describe("1 − ours / baseline."),
            target: z.number(),
            met: z.boolean(),
            reliability: z.array(reliabilityBinSchema),
          }),
        ),
        elapsedMs: count,
      })
      .nullable(),
    live: z
      .strictObject({
        seasons: seasonCodes,
        matches: count,
        rps: z.strictObject({
          ours: z.number().min(0).describe("Mean 1X2 RPS of our win probability at half-time."),
          preMatch: z.number().min(0).describe("Of our pre-match forecast, on the same matches."),
          leaderRule: z
            .number()
            .min(0)
            .describe("Of 'the half-time leader wins (level: a draw)', on the same matches."),
        }),
        ece: z.number().min(0).describe("Expected calibration error over the three outcomes, 10 equal-width bins."),
        eceTarget: z.number(),
        met: z.boolean(),
        reliability: z.array(reliabilityBinSchema),
        elapsedMs: count,
      })
      .nullable(),
    scoreline: z
      .strictObject({
        seasons: seasonCodes,
        matches: count.describe("Matches with a walk-forward forecast and the market's 1X2 and over/under 2.5 prices."),
        logScore: z.strictObject({
          ours: z
            .number()
            .min(0)
            .describe("Mean −ln of the probability our published grid gave the actual final score."),
          baseline: z
            .number()
            .min(0)
            .describe(
              "The same for independent Poisson goals, each side's rate fitted to the market's de-vigged home win, away win and over 2.5 probabilities.",
            ),
        }),
        improvement: z.number().describe("1 − ours / baseline."),
        oursHigher: z
          .number()
          .min(0)
          .max(1)
          .describe("The share of matches whose actual score our grid gave more probability than the baseline."),
        elapsedMs: count,
      })
      .nullable(),
    closingLine: z
      .strictObject({
        seasons: seasonCodes,
        matches: count.describe("Matches with a walk-forward pick, its opening price and the closing price."),
        byKind: z.array(
          z.strictObject({
            kind: z.enum(CLOSING_CHECK_KINDS),
            ...closingLineFields,
          }),
        ),
        byLeague: z
          .array(z.strictObject({ league: leagueKeySchema, ...closingLineFields }))
          .describe("The best pick's figures in each league."),
        elapsedMs: count,
      })
      .nullable()
      .describe(
        "The walk-forward picks at the opening price they were made against, held against the closing price of the same selection, as the pick ledger holds every locked pick.",
      ),
  }),
);
