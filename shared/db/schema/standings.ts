import { foreignKey, index, integer, pgTable, primaryKey, serial, text, unique } from "drizzle-orm/pg-core";
import type { LeagueKey } from "../../domain/leagues";
import { instant } from "./columns";
import { leagues, seasons, teams } from "./reference";

/** A league table as it stood at one moment; pages read the latest snapshot. */
export const standingsSnapshots = pgTable(
  "standings_snapshots",
  {
    id: serial("id").primaryKey(),
    league: text("league")
      .$type<LeagueKey>()
      .notNull()
      .references(() => leagues.key),
    season: text("season").notNull(),
    matchweek: integer("matchweek"),
    takenAt: instant("taken_at").notNull().defaultNow(),
    /** Where the table came from: computed from results, or a provider name. */
    source: text("source"),
  },
  (t) => [
    foreignKey({
      name: "standings_snapshots_season_fk",
      columns: [t.league, t.season],
      foreignColumns: [seasons.league, seasons.season],
    }),
    index("standings_snapshots_latest_idx").on(t.league, t.season, t.takenAt.desc()),
  ],
);

export const standingRows = pgTable(
  "standing_rows",
  {
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => standingsSnapshots.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    position: integer("position").notNull(),
    points: integer("points").notNull().default(0),
    played: integer("played").notNull().default(0),
    won: integer("won").notNull().default(0),
    drawn: integer("drawn").notNull().default(0),
    lost: integer("lost").notNull().default(0),
    goalsFor: integer("goals_for").notNull().default(0),
    goalsAgainst: integer("goals_against").notNull().default(0),
    goalDifference: integer("goal_difference").notNull().default(0),
    /** Recent results, most recent last, e.g. 'WWDLW'. */
    form: text("form"),
    /** The tie-breaker that separated this team from the one below on equal points, if any. */
    decidedBy: text("decided_by"),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.teamId] }),
    unique("standing_rows_snapshot_position_key").on(t.snapshotId, t.position),
  ],
);
