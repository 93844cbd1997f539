import { date, index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { createdAt, odds, updatedAt } from "./columns";
import { fixtures } from "./fixtures";

/** Featured parlay legs (the visitor's own parlay lives in browser session storage). */
export const parlayPicks = pgTable(
  "parlay_picks",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    prediction: text("prediction").notNull(),
    odds: odds("odds").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("parlay_picks_fixture_idx").on(t.fixtureId)],
);

/** Match of the Week rotation: which league was featured for which week (weeks start on Monday). */
export const matchOfTheWeek = pgTable(
  "match_of_the_week",
  {
    id: serial("id").primaryKey(),
    lastFeaturedLeague: text("last_featured_league").notNull(),
    weekStartDate: date("week_start_date", { mode: "string" }).notNull(),
    /** The featured match, once chosen. */
    fixtureId: integer("fixture_id").references(() => fixtures.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One featured league per week, so the rotation job can run any number of times.
  (t) => [unique("match_of_the_week_week_key").on(t.weekStartDate)],
);
