import { sql } from "drizzle-orm";
import { formFromScore, formString } from "@shared/domain/form";
import type { LeagueKey } from "@shared/domain/leagues";
import { seasonCodeFor } from "@shared/domain/matchweek";
import type { TeamStatisticsFeedItem } from "../providers/types";
import { seasonResults, seasonTeamIds, type StoredResult } from "../store/results";
import { countFeed } from "./feeds";
import { emptyResult, skipped, throwIfAborted, type JobDb, type JobDefinition } from "./types";

const OVER_25_MIN_GOALS = 3;

/** A team's season figures from its results, home and away (the page's Team Stats Overview reads these). */
export function teamStatisticsFromResults(
  teamId: number,
  league: LeagueKey,
  season: string,
  results: readonly StoredResult[],
): TeamStatisticsFeedItem {
  const stats: TeamStatisticsFeedItem = {
    teamId,
    league,
    season,
    playedHome: 0,
    playedAway: 0,
    winsHome: 0,
    winsAway: 0,
    drawsHome: 0,
    drawsAway: 0,
    lossesHome: 0,
    lossesAway: 0,
    goalsForHome: 0,
    goalsForAway: 0,
    goalsAgainstHome: 0,
    goalsAgainstAway: 0,
    cleanSheets: 0,
    failedToScore: 0,
    over25Matches: 0,
    bothScoredMatches: 0,
    form: null,
  };
  const own = results.filter((r) => r.homeTeamId === teamId || r.awayTeamId === teamId);
  for (const r of own) {
    const home = r.homeTeamId === teamId;
    const scored = home ? r.homeGoals : r.awayGoals;
    const conceded = home ? r.awayGoals : r.homeGoals;
    const letter = formFromScore(scored, conceded);
    if (home) {
      stats.playedHome += 1;
      stats.goalsForHome += scored;
      stats.goalsAgainstHome += conceded;
      if (letter === "W") stats.winsHome += 1;
      else if (letter === "D") stats.drawsHome += 1;
      else stats.lossesHome += 1;
    } else {
      stats.playedAway += 1;
      stats.goalsForAway += scored;
      stats.goalsAgainstAway += conceded;
      if (letter === "W") stats.winsAway += 1;
      else if (letter === "D") stats.drawsAway += 1;
      else stats.lossesAway += 1;
    }
    if (conceded === 0) stats.cleanSheets += 1;
    if (scored === 0) stats.failedToScore += 1;
    if (scored + conceded >= OVER_25_MIN_GOALS) stats.over25Matches! += 1;
    if (scored > 0 && conceded > 0) stats.bothScoredMatches! += 1;
  }
  const form = formString(
    own.map((r) => {
      const home = r.homeTeamId === teamId;
      return {
        teamGoals: home ? r.homeGoals : r.awayGoals,
        opponentGoals: home ? r.awayGoals : r.homeGoals,
        kickoffAt: r.kickoffAt,
      };
    }),
  );
  stats.form = form === "" ? null : form;
  return stats;
}

const COLUMNS = [
  "played_home",
  "played_away",
  "wins_home",
  "wins_away",
  "draws_home",
  "draws_away",
  "losses_home",
  "losses_away",
  "goals_for_home",
  "goals_for_away",
  "goals_against_home",
  "goals_against_away",
  "clean_sheets",
  "failed_to_score",
  "over25_matches",
  "both_scored_matches",
  "form",
  "source",
];

async function upsertTeamStatistics(
  db: JobDb,
  items: readonly TeamStatisticsFeedItem[],
  source: string,
): Promise<number> {
  if (items.length === 0) return 0;
  const records = items.map((s) => ({
    team_id: s.teamId,
    league: s.league,
    season: s.season,
    played_home: s.playedHome,
    played_away: s.playedAway,
    wins_home: s.winsHome,
    wins_away: s.winsAway,
    draws_home: s.drawsHome,
    draws_away: s.drawsAway,
    losses_home: s.lossesHome,
    losses_away: s.lossesAway,
    goals_for_home: s.goalsForHome,
    goals_for_away: s.goalsForAway,
    goals_against_home: s.goalsAgainstHome,
    goals_against_away: s.goalsAgainstAway,
    clean_sheets: s.cleanSheets,
    failed_to_score: s.failedToScore,
    over25_matches: s.over25Matches,
    both_scored_matches: s.bothScoredMatches,
    form: s.form,
    source,
  }));
  const types = COLUMNS.map((c) => `${c} ${c === "form" || c === "source" ? "text" : "int"}`).join(", ");
  const rows = await db.execute(sql`
    insert into team_season_stats (team_id, league, season, ${sql.raw(COLUMNS.join(", "))})
    select team_id, league, season, ${sql.raw(COLUMNS.join(", "))}
    from json_to_recordset(${JSON.stringify(records)}::json) as t(team_id int, league text, season text, ${sql.raw(types)})
    on conflict (team_id, league, season) do update set
      ${sql.raw(COLUMNS.map((c) => `${c} = excluded.${c}`).join(", "))}, updated_at = now()
    where (${sql.raw(COLUMNS.map((c) => `team_season_stats.${c}`).join(", "))})
      is distinct from (${sql.raw(COLUMNS.map((c) => `excluded.${c}`).join(", "))})
    returning 1`);
  return rows.length;
}

/**
 * Each club's figures for the current season, home and away: computed from the stored results, or
 * a provider's when DATA_PROVIDERS says so. Form and head-to-head are read from the fixtures.
 */
export const teamStatisticsJob: JobDefinition = {
  name: "team-statistics",
  description: "Each club's season figures (played, won, goals, clean sheets, over 2.5, both scored, form)",
  kind: "team-statistics",
  cadence: { description: "after new results, and hourly", cron: ["10 * * * *"], everyMs: 60 * 60_000 },
  transactional: false,
  async run(ctx) {
    const source = ctx.providers.sources["team-statistics"];
    if (source === "off") return skipped("team statistics are off (DATA_PROVIDERS)");
    const provider = ctx.providers.for("team-statistics");
    const season = seasonCodeFor(ctx.clock.now());
    const result = emptyResult();
    for (const league of ctx.settings.leagues) {
      throwIfAborted(ctx.signal);
      let items: TeamStatisticsFeedItem[];
      if (source === "results") {
        const results = await seasonResults(ctx.db, league, season);
        items = (await seasonTeamIds(ctx.db, league, season)).map((id) =>
          teamStatisticsFromResults(id, league, season, results),
        );
        result.rowsRead += results.length;
      } else {
        if (!provider?.teamStatistics) throw new Error(`${source} has no team statistics`);
        const feed = await provider.teamStatistics({ league, season, signal: ctx.signal });
        countFeed(result, feed, ctx.log);
        items = feed.items;
      }
      result.rowsWritten += await ctx.db.transaction((tx) => upsertTeamStatistics(tx, items, source));
    }
    return result;
  },
};
