import { date, index, integer, pgTable, serial, text, unique, boolean } from "drizzle-orm/pg-core";
import type { LeagueKey } from "../../domain/leagues";
import { rating, updatedAt } from "./columns";
import { fixtures } from "./fixtures";
import { leagues, teams } from "./reference";

/** A player; the id is the API-Football player id. */
export const players = pgTable("players", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  firstname: text("firstname"),
  lastname: text("lastname"),
  nationality: text("nationality"),
  birthDate: date("birth_date", { mode: "string" }),
  age: integer("age"),
  /** Goalkeeper, Defender, Midfielder, Attacker. */
  position: text("position"),
  photo: text("photo"),
  updatedAt: updatedAt(),
});

/** A player's totals for one team in one league season (a player who moves has two rows). */
export const playerSeasonStats = pgTable(
  "player_season_stats",
  {
    id: serial("id").primaryKey(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    league: text("league")
      .$type<LeagueKey>()
      .notNull()
      .references(() => leagues.key),
    season: text("season").notNull(),
    position: text("position"),
    appearances: integer("appearances").notNull().default(0),
    lineups: integer("lineups").notNull().default(0),
    minutes: integer("minutes").notNull().default(0),
    goals: integer("goals").notNull().default(0),
    assists: integer("assists").notNull().default(0),
    shotsTotal: integer("shots_total").notNull().default(0),
    shotsOn: integer("shots_on").notNull().default(0),
    passesKey: integer("passes_key").notNull().default(0),
    /** Pass completion percentage; null when the provider has none. */
    passesAccuracy: integer("passes_accuracy"),
    dribblesAttempts: integer("dribbles_attempts").notNull().default(0),
    dribblesSuccess: integer("dribbles_success").notNull().default(0),
    tackles: integer("tackles").notNull().default(0),
    yellowCards: integer("yellow_cards").notNull().default(0),
    redCards: integer("red_cards").notNull().default(0),
    rating: rating("rating"),
    goalsConceded: integer("goals_conceded").notNull().default(0),
    cleanSheets: integer("clean_sheets").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("player_season_stats_key").on(t.playerId, t.teamId, t.league, t.season),
    // Leaderboards: top 10 of a league season by goals, assists or rating.
    index("player_season_stats_goals_idx").on(t.league, t.season, t.goals),
    index("player_season_stats_assists_idx").on(t.league, t.season, t.assists),
    // Matches "order by rating desc nulls last" (unrated players sort last).
    index("player_season_stats_rating_idx").on(t.league, t.season, t.rating.desc().nullsLast()),
    // Team pages: the squad's stats for a season.
    index("player_season_stats_team_season_idx").on(t.teamId, t.season),
  ],
);

/** One player's performance in one fixture (player pages' recent form). */
export const playerMatchStats = pgTable(
  "player_match_stats",
  {
    id: serial("id").primaryKey(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    position: text("position"),
    isSubstitute: boolean("is_substitute").notNull().default(false),
    minutes: integer("minutes").notNull().default(0),
    rating: rating("rating"),
    goals: integer("goals").notNull().default(0),
    assists: integer("assists").notNull().default(0),
    shotsTotal: integer("shots_total").notNull().default(0),
    shotsOn: integer("shots_on").notNull().default(0),
    passesTotal: integer("passes_total").notNull().default(0),
    passesKey: integer("passes_key").notNull().default(0),
    tackles: integer("tackles").notNull().default(0),
    yellowCards: integer("yellow_cards").notNull().default(0),
    redCards: integer("red_cards").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    goalsConceded: integer("goals_conceded").notNull().default(0),
  },
  (t) => [
    // Leading player_id also serves a player's recent matches.
    unique("player_match_stats_key").on(t.playerId, t.fixtureId),
    index("player_match_stats_fixture_idx").on(t.fixtureId),
  ],
);
