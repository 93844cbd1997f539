import { index, integer, pgTable, text, primaryKey } from "drizzle-orm/pg-core";
import type { LeagueKey } from "../../domain/leagues";
import { updatedAt } from "./columns";
import { leagues, teams } from "./reference";

/**
 * A team's figures for one league season, home and away: what the team page's 'Team Stats
 * Overview' and the spec's raw statistics read. Computed from stored results by the worker, or
 * taken from a provider (`source`); counts a provider does not have are null.
 */
export const teamSeasonStats = pgTable(
  "team_season_stats",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    league: text("league")
      .$type<LeagueKey>()
      .notNull()
      .references(() => leagues.key),
    season: text("season").notNull(),
    /** 'results' (computed from stored results) or a provider name. */
    source: text("source").notNull(),
    playedHome: integer("played_home").notNull().default(0),
    playedAway: integer("played_away").notNull().default(0),
    winsHome: integer("wins_home").notNull().default(0),
    winsAway: integer("wins_away").notNull().default(0),
    drawsHome: integer("draws_home").notNull().default(0),
    drawsAway: integer("draws_away").notNull().default(0),
    lossesHome: integer("losses_home").notNull().default(0),
    lossesAway: integer("losses_away").notNull().default(0),
    goalsForHome: integer("goals_for_home").notNull().default(0),
    goalsForAway: integer("goals_for_away").notNull().default(0),
    goalsAgainstHome: integer("goals_against_home").notNull().default(0),
    goalsAgainstAway: integer("goals_against_away").notNull().default(0),
    cleanSheets: integer("clean_sheets").notNull().default(0),
    failedToScore: integer("failed_to_score").notNull().default(0),
    /** Matches with 3 or more goals. */
    over25Matches: integer("over25_matches"),
    /** Matches in which both sides scored. */
    bothScoredMatches: integer("both_scored_matches"),
    /** Last 5 results, oldest first, e.g. 'WDLWW'. */
    form: text("form"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.league, t.season] }),
    index("team_season_stats_league_season_idx").on(t.league, t.season),
  ],
);
