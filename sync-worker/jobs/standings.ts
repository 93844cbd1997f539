import { and, asc, desc, eq } from "drizzle-orm";
import type { LeagueKey } from "@shared/domain/leagues";
import { matchweekFor, seasonCodeFor } from "@shared/domain/matchweek";
import { computeStandings } from "@shared/domain/standings";
import { getTeamById } from "@shared/domain/teams/registry";
import { standingRows, standingsSnapshots, type NewStandingRow } from "@shared/db/schema";
import { seasonResults, seasonTeamIds } from "../store/results";
import { countFeed } from "./feeds";
import {
  emptyResult,
  skipped,
  throwIfAborted,
  type JobContext,
  type JobDb,
  type JobDefinition,
  type JobResult,
} from "./types";

type TableRow = Omit<NewStandingRow, "snapshotId">;

async function tableFromResults(db: JobDb, league: LeagueKey, season: string, now: Date): Promise<TableRow[]> {
  const results = await seasonResults(db, league, season);
  const teams = await seasonTeamIds(db, league, season);
  const teamNames = Object.fromEntries(teams.map((id) => [id, getTeamById(id)?.name ?? ""]));
  return computeStandings(league, results, { teams, teamNames, asOf: now }).map((row) => ({
    teamId: row.teamId,
    position: row.position,
    points: row.points,
    played: row.played,
    won: row.won,
    drawn: row.drawn,
    lost: row.lost,
    goalsFor: row.goalsFor,
    goalsAgainst: row.goalsAgainst,
    goalDifference: row.goalDifference,
    form: row.form === "" ? null : row.form,
    decidedBy: row.decidedBy,
  }));
}

async function tableFromProvider(
  ctx: JobContext,
  league: LeagueKey,
  season: string,
  result: JobResult,
): Promise<TableRow[]> {
  const provider = ctx.providers.for("standings");
  if (!provider?.standings) throw new Error(`${ctx.providers.sources.standings} has no standings`);
  const feed = await provider.standings({ league, season, signal: ctx.signal });
  countFeed(result, feed, ctx.log);
  return feed.items.map((row) => ({ ...row, goalDifference: row.goalsFor - row.goalsAgainst, decidedBy: null }));
}

const comparable = (rows: readonly TableRow[]) =>
  JSON.stringify(
    [...rows]
      .sort((a, b) => a.position - b.position)
      .map((r) => [
        r.teamId,
        r.position,
        r.points,
        r.played,
        r.won,
        r.drawn,
        r.lost,
        r.goalsFor,
        r.goalsAgainst,
        r.form ?? null,
        r.decidedBy ?? null,
      ]),
  );

/** The rows of the latest snapshot of a league season. */
async function latestTable(db: JobDb, league: LeagueKey, season: string): Promise<TableRow[] | null> {
  const [latest] = await db.db
    .select({ id: standingsSnapshots.id })
    .from(standingsSnapshots)
    .where(and(eq(standingsSnapshots.league, league), eq(standingsSnapshots.season, season)))
    .orderBy(desc(standingsSnapshots.takenAt), desc(standingsSnapshots.id))
    .limit(1);
  if (!latest) return null;
  const rows = await db.db
    .select()
    .from(standingRows)
    .where(eq(standingRows.snapshotId, latest.id))
    .orderBy(asc(standingRows.position));
  return rows.map(({ snapshotId: _snapshot, ...row }) => row);
}

/**
 * League tables of the current season: computed from the stored results with each league's
 * tie-breakers, or a provider's table when DATA_PROVIDERS says so. A new snapshot is written only
 * when the table differs from the latest one.
 */
export const standingsJob: JobDefinition = {
  name: "standings",
  description: "League tables of the current season, as snapshots",
  kind: "standings",
  cadence: { description: "after new results, and hourly", cron: ["5 * * * *"], everyMs: 60 * 60_000 },
  transactional: false,
  async run(ctx) {
    const source = ctx.providers.sources.standings;
    if (source === "off") return skipped("standings are off (DATA_PROVIDERS)");
    const now = ctx.clock.now();
    const season = seasonCodeFor(now);
    const result = emptyResult();
    for (const league of ctx.settings.leagues) {
      throwIfAborted(ctx.signal);
      const table =
        source === "results"
          ? await tableFromResults(ctx.db, league, season, now)
          : await tableFromProvider(ctx, league, season, result);
      result.rowsRead += source === "results" ? table.length : 0;
      if (table.length === 0) continue;
      result.rowsWritten += await ctx.db.transaction(async (tx) => {
        const latest = await latestTable(tx, league, season);
        if (latest && comparable(latest) === comparable(table)) return 0;
        const [snapshot] = await tx.db
          .insert(standingsSnapshots)
          .values({ league, season, matchweek: matchweekFor(now), source })
          .returning({ id: standingsSnapshots.id });
        await tx.db.insert(standingRows).values(table.map((row) => ({ ...row, snapshotId: snapshot.id })));
        return 1 + table.length;
      });
    }
    return result;
  },
};
