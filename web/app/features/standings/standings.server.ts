import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@shared/db";
import { preparedQuery } from "@shared/db/prepared-queries";
import { standingRows, standingsSnapshots, teams } from "@shared/db/schema";
import { displayForm } from "@shared/domain/form";
import { teamNameOrFallback } from "@shared/domain/format";
import { tableBand, type LeagueKey, type TableBandKey } from "@shared/domain/leagues";
import { teamUrl } from "@shared/domain/urls";
import type { AppContext } from "~/load-context";

export interface LeagueTableRow {
  position: number;
  teamId: number;
  teamName: string;
  teamHref: string | null;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalDifference: number;
  points: number;
  /** Last five results, oldest first, or 'N/A'. */
  form: string;
  band: { key: TableBandKey; label: string; emoji: string } | null;
}

export interface LeagueTable {
  league: LeagueKey;
  season: string;
  takenAt: string | null;
  rows: LeagueTableRow[];
  /** Spec 4: "Table shows 'No table data available yet' when no row has points or games played." */
  hasData: boolean;
}

/**
 * The latest snapshot of a league season and its rows, in one statement built once: the snapshot
 * (a row even when it has no table rows) left-joined with its rows and their teams.
 */
function latestSnapshotRows(db: Database) {
  const latest = db
    .select({ id: standingsSnapshots.id, takenAt: standingsSnapshots.takenAt })
    .from(standingsSnapshots)
    .where(
      and(
        eq(standingsSnapshots.league, sql.placeholder("league")),
        eq(standingsSnapshots.season, sql.placeholder("season")),
      ),
    )
    .orderBy(desc(standingsSnapshots.takenAt), desc(standingsSnapshots.id))
    .limit(1)
    .as("latest");
  return db
    .select({ takenAt: latest.takenAt, row: standingRows, teamName: teams.name, teamSlug: teams.slug })
    .from(latest)
    .leftJoin(standingRows, eq(standingRows.snapshotId, latest.id))
    .leftJoin(teams, eq(teams.id, standingRows.teamId))
    .orderBy(asc(standingRows.position));
}

/** The latest standings snapshot of a league season, with each position's band and emoji. */
export async function getLeagueTable(
  { db }: Pick<AppContext, "db">,
  league: LeagueKey,
  season: string,
): Promise<LeagueTable> {
  const joined = await preparedQuery(db.db, "standings:latest", latestSnapshotRows).execute({ league, season });
  const [snapshot] = joined;
  if (!snapshot) return { league, season, takenAt: null, rows: [], hasData: false };
  const rows = joined.flatMap(({ row, teamName, teamSlug }) => (row ? [{ row, teamName, teamSlug }] : []));

  const tableRows = rows.map(({ row, teamName, teamSlug }): LeagueTableRow => {
    const band = tableBand(league, row.position);
    return {
      position: row.position,
      teamId: row.teamId,
      teamName: teamNameOrFallback(teamName, row.teamId),
      teamHref: teamSlug ? teamUrl(league, teamSlug) : null,
      played: row.played,
      won: row.won,
      drawn: row.drawn,
      lost: row.lost,
      goalDifference: row.goalDifference,
      points: row.points,
      form: displayForm(row.form),
      band: band && { key: band.key, label: band.label, emoji: band.emoji },
    };
  });
  return {
    league,
    season,
    takenAt: snapshot.takenAt.toISOString(),
    rows: tableRows,
    hasData: tableRows.some((row) => row.points > 0 || row.played > 0),
  };
}
