import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { LeagueKey } from "../../domain/leagues";
import { updatedAt } from "./columns";

/** The five leagues; rows are kept equal to shared/domain/leagues.ts each time the database opens. */
export const leagues = pgTable("leagues", {
  key: text("key").$type<LeagueKey>().primaryKey(),
  name: text("name").notNull(),
  apiFootballId: integer("api_football_id").notNull().unique(),
  footballDataCode: text("football_data_code").notNull().unique(),
});

/**
 * A season of one league. `season` is the football-data.co.uk code ('2526' for 2025/26), the
 * same value every season-scoped table stores; start and end dates differ per league.
 */
export const seasons = pgTable(
  "seasons",
  {
    league: text("league")
      .$type<LeagueKey>()
      .notNull()
      .references(() => leagues.key),
    season: text("season").notNull(),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    isCurrent: boolean("is_current").notNull().default(false),
    /**
     * When the sync worker stored the whole season after it had finished; such a season is not
     * read again by the backfill (its file no longer changes).
     */
    completedImportAt: timestamp("completed_import_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.league, t.season] }),
    // At most one current season per league.
    uniqueIndex("seasons_one_current_per_league")
      .on(t.league)
      .where(sql`${t.isCurrent}`),
  ],
);

/** A club. The id is the API-Football team id, which is also the stable id in URLs and badges. */
export const teams = pgTable(
  "teams",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    shortName: text("short_name").notNull(),
    code: text("code").notNull(),
    /** The league the club played in most recently. */
    league: text("league")
      .$type<LeagueKey>()
      .notNull()
      .references(() => leagues.key),
    primaryColor: text("primary_color"),
    secondaryColor: text("secondary_color"),
    venue: text("venue"),
    city: text("city"),
    /** The exact name football-data.co.uk files use, to map CSV rows to this team. */
    footballDataName: text("football_data_name").unique(),
    updatedAt: updatedAt(),
  },
  (t) => [index("teams_league_code_idx").on(t.league, t.code)],
);
