import { sql } from "drizzle-orm";
import { seasonCodeFor } from "@shared/domain/matchweek";
import { seasonCodesUpTo, upsertReferenceData } from "../store/reference";
import { readSeason, writeSeason } from "./season-feed";
import { emptyResult, skipped, throwIfAborted, type JobDb, type JobDefinition } from "./types";

const DAY_MS = 24 * 60 * 60_000;

/** League seasons stored whole after they had finished. */
async function completedSeasons(db: JobDb): Promise<Set<string>> {
  const rows = await db.execute<{ league: string; season: string }>(
    sql`select league, season from seasons where completed_import_at is not null`,
  );
  return new Set(rows.map((r) => `${r.league}:${r.season}`));
}

async function markCompleted(db: JobDb, league: string, season: string): Promise<number> {
  const rows = await db.execute(sql`
    update seasons set completed_import_at = now()
    where league = ${league} and season = ${season} and completed_import_at is null
    returning 1`);
  return rows.length;
}

/**
 * Imports the last `backfillSeasons` seasons of every league, one transaction per league season,
 * so an interrupted backfill leaves whole seasons behind and the next run carries on. A season
 * stored whole after it had finished is not read again (its file no longer changes); the current
 * season is always read. `fullBackfill` reads everything again.
 */
export const backfillJob: JobDefinition = {
  name: "backfill",
  description: "Past seasons and the current one for every league: results, statistics, odds",
  kind: "history",
  cadence: {
    description: "at start-up and daily at 04:00 UTC; finished seasons are imported once",
    cron: ["0 4 * * *"],
    everyMs: DAY_MS,
  },
  transactional: false,
  async run(ctx) {
    if (!ctx.providers.for("history")) return skipped("no provider feeds history (DATA_PROVIDERS)");
    const now = ctx.clock.now();
    const current = seasonCodeFor(now);
    const result = emptyResult();
    const referenceRows = await ctx.db.transaction((tx) => upsertReferenceData(tx, now));
    result.rowsWritten += referenceRows;

    const seasons = seasonCodesUpTo(now).slice(-ctx.settings.backfillSeasons);
    const completed = ctx.settings.fullBackfill ? new Set<string>() : await completedSeasons(ctx.db);
    const steps = seasons.flatMap((season) => ctx.settings.leagues.map((league) => ({ league, season })));
    const toRead = steps.filter(({ league, season }) => !completed.has(`${league}:${season}`));
    const read = (index: number) => {
      const { league, season } = toRead[index];
      const reading = readSeason(ctx, "history", league, season, result);
      reading.catch(() => undefined); // awaited below; a failure there fails the run
      return reading;
    };
    let done = steps.length - toRead.length;
    // The next season is read while the current one is written (Postgres works in parallel).
    let next = toRead.length > 0 ? read(0) : null;
    for (let index = 0; index < toRead.length; index++) {
      throwIfAborted(ctx.signal);
      const data = await next!;
      next = index + 1 < toRead.length ? read(index + 1) : null;
      throwIfAborted(ctx.signal);
      const { league, season } = toRead[index];
      result.rowsWritten += await ctx.db.transaction(async (tx) => {
        const written = await writeSeason(tx, data, now, "season", { force: ctx.settings.fullBackfill });
        // A season that had finished by the clock will not change: it is not read again.
        return season === current || data.fixtures.length === 0
          ? written
          : written + (await markCompleted(tx, league, season));
      });
      done += 1;
      ctx.progress?.(done, steps.length, `${league} ${season}`);
    }
    const imported = toRead.length;
    // PGlite runs no autovacuum: without fresh statistics after a bulk import the planner joins
    // fixtures to their odds by scanning every odds row once per match (seconds, not milliseconds).
    // A run that wrote nothing (the current season unchanged) leaves them as they were.
    if (result.rowsWritten > referenceRows) await ctx.db.execute(sql`analyze fixtures, fixture_odds`);
    result.reason = `${imported} of ${steps.length} league seasons read (${seasons[0]} to ${seasons.at(-1)}), the rest already stored`;
    result.details = { ...result.details, seasons: `${seasons[0]}-${seasons.at(-1)}`, leagueSeasonsRead: imported };
    return result;
  },
};
