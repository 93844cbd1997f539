import { seasonCodeFor } from "@shared/domain/matchweek";
import type { LeaderboardKind, PlayerSeasonFeedItem } from "../providers/types";
import { upsertPlayerSeasonStats } from "../store/match-details";
import { countFeed } from "./feeds";
import { emptyResult, skipped, throwIfAborted, type JobDefinition } from "./types";

const BOARDS: readonly LeaderboardKind[] = ["top-scorers", "top-assists"];

/**
 * The provider's top scorers and top assists of each league: their season rows, so the
 * leaderboards are right between two full player syncs. All boards are read first and written in
 * one transaction.
 */
export const leaderboardsJob: JobDefinition = {
  name: "leaderboards",
  description: "Top scorers and top assists of the five leagues",
  kind: "leaderboards",
  cadence: { description: "every 6 hours", cron: ["20 */6 * * *"], everyMs: 6 * 60 * 60_000 },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("leaderboards");
    if (!provider?.leaderboard)
      return skipped("no provider feeds leaderboards (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)");
    const season = seasonCodeFor(ctx.clock.now());
    const result = emptyResult();
    const items: PlayerSeasonFeedItem[] = [];
    for (const league of ctx.settings.leagues) {
      for (const kind of BOARDS) {
        throwIfAborted(ctx.signal);
        const feed = await provider.leaderboard({ league, season, kind, signal: ctx.signal });
        countFeed(result, feed, ctx.log);
        items.push(...feed.items);
      }
    }
    throwIfAborted(ctx.signal);
    result.rowsWritten += await ctx.db.transaction((tx) => upsertPlayerSeasonStats(tx, items));
    return result;
  },
};
