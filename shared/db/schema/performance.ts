import { check, date, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import type { LeagueKey } from "../../domain/leagues";
import { createdAt, instant, oneOf, percentage, updatedAt } from "./columns";
import { fixtures } from "./fixtures";
import { leagues } from "./reference";

/*
 * Aggregates of the track record, as the spec lists them. They are derived from pick_ledger by
 * the worker and can be rebuilt from it at any time.
 */

/** Hits among the picks of one league on one date. */
export const hitRateTracking = pgTable(
  "hit_rate_tracking",
  {
    id: serial("id").primaryKey(),
    date: date("date", { mode: "string" }).notNull(),
    /** A league key, or a rollup label such as 'all'. */
    league: text("league").notNull(),
    totalPicks: integer("total_picks").notNull().default(0),
    successfulPicks: integer("successful_picks").notNull().default(0),
    hitRate: percentage("hit_rate"),
    matchweek: integer("matchweek"),
    createdAt: createdAt(),
  },
  (t) => [unique("hit_rate_tracking_league_date_key").on(t.league, t.date)],
);

function performanceColumns() {
  return {
    trackingStartDate: date("tracking_start_date", { mode: "string" }).notNull().default("2025-10-04"),
    lastUpdated: instant("last_updated"),
    totalMatchesPredicted: integer("total_matches_predicted").notNull().default(0),
    bestPickHits: integer("best_pick_hits").notNull().default(0),
    bestPickMisses: integer("best_pick_misses").notNull().default(0),
    bestPickAccuracy: percentage("best_pick_accuracy").notNull().default(0),
    ouGoalsHits: integer("ou_goals_hits").notNull().default(0),
    ouGoalsMisses: integer("ou_goals_misses").notNull().default(0),
    ouGoalsAccuracy: percentage("ou_goals_accuracy").notNull().default(0),
    bttsHits: integer("btts_hits").notNull().default(0),
    bttsMisses: integer("btts_misses").notNull().default(0),
    bttsAccuracy: percentage("btts_accuracy").notNull().default(0),
    updatedAt: updatedAt(),
  };
}

export const algoPerformanceOverall = pgTable("algo_performance_overall", {
  id: serial("id").primaryKey(),
  ...performanceColumns(),
});

export const algoPerformanceLeague = pgTable("algo_performance_league", {
  id: serial("id").primaryKey(),
  league: text("league")
    .$type<LeagueKey>()
    .notNull()
    .unique()
    .references(() => leagues.key),
  ...performanceColumns(),
});

export const BEST_PICK_RESULTS = ["hit", "miss"] as const;
export type BestPickResult = (typeof BEST_PICK_RESULTS)[number];

/** The recent-results list of /algo-results, denormalised for display. */
export const algoRecentMatches = pgTable(
  "algo_recent_matches",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id").references(() => fixtures.id, { onDelete: "cascade" }),
    league: text("league").$type<LeagueKey>(),
    /** Shown as M/D/YY. */
    matchDate: date("match_date", { mode: "string" }),
    homeTeam: text("home_team"),
    awayTeam: text("away_team"),
    /** 'h-a'. */
    finalScore: text("final_score"),
    bestPick: text("best_pick"),
    bestPickResult: text("best_pick_result").$type<BestPickResult>(),
    matchUrl: text("match_url"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("algo_recent_matches_best_pick_result_check", oneOf(t.bestPickResult, BEST_PICK_RESULTS)),
    index("algo_recent_matches_order_idx").on(t.displayOrder),
  ],
);
