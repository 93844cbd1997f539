import { seasonCodeFor } from "@shared/domain/matchweek";
import type { PlayerSeasonFeedItem } from "../providers/types";
import { upsertPlayerSeasonStats } from "../store/match-details";
import { countFeed } from "./feeds";
import { emptyResult, skipped, throwIfAborted, type JobDefinition } from "./types";

/**
 * Every player's figures for the current season (appearances, minutes, goals, assists, shots,
 * passes, cards, rating...), per club, from the provider that feeds players. All leagues are read
 * first and written in one transaction.
 */
export const playerStatsJob: JobDefinition = {
  name: "player-stats",
  description: "Players and their season statistics in the five leagues",
  kind: "players",
  cadence: { description: "daily at 05:30 UTC", cron: ["30 5 * * *"], everyMs: 24 * 60 * 60_000 },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("players");
    if (!provider?.playerSeasonStats)
      return skipped("no provider feeds players (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)");
    const season = seasonCodeFor(ctx.clock.now());
    const result = emptyResult();
    const items: PlayerSeasonFeedItem[] = [];
    for (const league of ctx.settings.leagues) {
      throwIfAborted(ctx.signal);
      const feed = await provider.playerSeasonStats({ league, season, signal: ctx.signal });
      countFeed(result, feed, ctx.log);
      items.push(...feed.items);
    }
    throwIfAborted(ctx.signal);
    result.rowsWritten += await ctx.db.transaction((tx) => upsertPlayerSeasonStats(tx, items));
    return result;
  },
};
