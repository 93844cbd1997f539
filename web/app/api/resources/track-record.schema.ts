/** The algorithm's public track record, overall and by league, and the recent settled matches. */
import { z } from "zod";
import { BEST_PICK_RESULTS } from "@shared/db/schema/performance";
import { count, day, id, instant, leagueKeySchema, percent, schemaNamer } from "../common/schema";

const named = schemaNamer("track-record");

export const closingLineRecordSchema = named(
  "ClosingLineRecord",
  "The settled best picks against the market's closing price: how many had a locked price and a closing price, how many were locked at a higher price than the close, and the mean closing-line value (locked price × the close's fair probability, margin taken out, − 1). Every closing price is in the published ledger (/algo-results/ledger.csv).",
  z.strictObject({
    picks: count.describe("Settled best picks with a locked price and a closing price."),
    beatClose: count.describe("Of those, picks locked at a higher price than the close."),
    beatCloseRate: percent.describe("beatClose as a share of picks, percent with 2 decimals (0 without picks)."),
    meanClv: z.number().describe("The mean closing-line value in percent, 2 decimals: +1.3 is +1.3%."),
  }),
);

const performanceFields = {
  trackingStartDate: day,
  lastUpdated: instant.nullable(),
  totalMatchesPredicted: count,
  bestPickHits: count,
  bestPickMisses: count,
  bestPickAccuracy: percent,
  ouGoalsHits: count,
  ouGoalsMisses: count,
  ouGoalsAccuracy: percent,
  bttsHits: count,
  bttsMisses: count,
  bttsAccuracy: percent,
  closingLine: closingLineRecordSchema,
};

export const overallPerformanceSchema = named(
  "OverallPerformance",
  "The record of every pick frozen at kick-off and settled. Accuracies are percentages with 2 decimals.",
  z.strictObject(performanceFields),
);

export const leaguePerformanceSchema = named(
  "LeaguePerformance",
  "The same record for one league.",
  z.strictObject({ league: leagueKeySchema, leagueName: z.string(), ...performanceFields }),
);

export const recentSettledMatchSchema = named(
  "RecentSettledMatch",
  "A settled match of the record.",
  z.strictObject({
    matchId: id.nullable(),
    league: leagueKeySchema,
    matchDate: day.nullable(),
    homeTeam: z.string().nullable(),
    awayTeam: z.string().nullable(),
    finalScore: z.string().nullable(),
    bestPick: z.string().nullable(),
    bestPickResult: z.enum(BEST_PICK_RESULTS).nullable(),
    bestPickProfit: z.number().nullable().describe("For one unit staked at the locked price; null when unpriced."),
    matchUrl: z.string().nullable(),
  }),
);

export const recentSettledMatchesSchema = named(
  "RecentSettledMatches",
  "The league's latest settled matches, newest first (at most 10).",
  z.array(recentSettledMatchSchema),
);
