import { readCurrentSeasons, writeSeason } from "./season-feed";
import { emptyResult, skipped, type JobDefinition } from "./types";

/** Jobs that depend on results. */
export const AFTER_RESULTS = ["standings", "team-statistics", "settle-picks"] as const;

/**
 * Results of the current season: every match that has kicked off by the clock, with its status,
 * score, half-time score, statistics and closing odds. Read first, written in one transaction.
 */
export const resultsJob: JobDefinition = {
  name: "results",
  description: "Scores, statuses, statistics and closing odds of the current season's matches that have kicked off",
  kind: "fixtures",
  cadence: {
    description: "every 15 minutes (a match window closes about two hours after kick-off); every 10 minutes embedded",
    cron: ["*/15 * * * *"],
    everyMs: 10 * 60_000,
  },
  transactional: false,
  async run(ctx) {
    if (!ctx.providers.for("fixtures")) return skipped("no provider feeds fixtures (DATA_PROVIDERS)");
    const now = ctx.clock.now();
    const result = emptyResult();
    const seasons = await readCurrentSeasons(ctx, now, result);
    const kickedOff = (f: { kickoffAt: Date }) => f.kickoffAt.getTime() <= now.getTime();
    result.rowsWritten += await ctx.db.transaction(async (tx) => {
      let written = 0;
      for (const data of seasons) written += await writeSeason(tx, data, now, "results", { keep: kickedOff });
      return written;
    });
    if (result.rowsWritten > 0) result.next = AFTER_RESULTS;
    return result;
  },
};
