import { lockMatchRows, removeClosingOddsBeforeKickoff, storeFixtures } from "../store/fixtures";
import { upsertReferenceData } from "../store/reference";
import { countFeed } from "./feeds";
import { readCurrentSeasons, writeSeason } from "./season-feed";
import { emptyResult, skipped, throwIfAborted, type JobDefinition } from "./types";

const HOUR_MS = 60 * 60_000;

/**
 * The current season's schedule and prices: every match of each league (kick-off times move,
 * matches get postponed), the matches the source lists as upcoming, and the odds. All leagues
 * are read first and written in one transaction, so a provider failing half-way writes nothing.
 */
export const fixturesAndOddsJob: JobDefinition = {
  name: "fixtures-and-odds",
  description: "The current season's fixtures, kick-off times and odds (opening; closing from kick-off)",
  kind: "fixtures",
  cadence: {
    description:
      "daily at 06:00 UTC and on Fridays at 12:00 UTC before the weekend's matchweek; every 6 hours embedded",
    cron: ["0 6 * * *", "0 12 * * 5"],
    everyMs: 6 * HOUR_MS,
  },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("fixtures");
    if (!provider) return skipped("no provider feeds fixtures (DATA_PROVIDERS)");
    const now = ctx.clock.now();
    const result = emptyResult();
    const seasons = await readCurrentSeasons(ctx, now, result);
    const upcoming = provider.upcomingFixtures
      ? await provider.upcomingFixtures({ leagues: ctx.settings.leagues, signal: ctx.signal })
      : null;
    if (upcoming) countFeed(result, upcoming, ctx.log);
    throwIfAborted(ctx.signal);

    result.rowsWritten += await ctx.db.transaction(async (tx) => {
      await lockMatchRows(tx);
      let written = await upsertReferenceData(tx, now);
      for (const data of seasons) written += await writeSeason(tx, data, now, "season");
      if (upcoming) written += await storeFixtures(tx, upcoming.items, now, ctx.providers.for("odds") === provider);
      return written + (await removeClosingOddsBeforeKickoff(tx, now));
    });
    return result;
  },
};
