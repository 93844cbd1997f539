import { sql } from "drizzle-orm";
import { upsertPlayerMatchStats } from "../store/match-details";
import { perFixtureFeedJob } from "./per-fixture-feed";

/** Finished matches are asked about for this long, until the provider has their player figures. */
const LOOK_BACK_HOURS = 48;

const withoutPlayerFigures = (now: Date) => sql`
  match_state = 'post-match'
  and kickoff_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${LOOK_BACK_HOURS})
  and not exists (select 1 from player_match_stats p where p.fixture_id = fixtures.id)`;

/**
 * Each player's line in the matches just finished (minutes, rating, goals, assists, shots,
 * passes, cards, saves): what player pages show as recent form.
 */
export const playerMatchStatsJob = perFixtureFeedJob({
  name: "player-match-stats",
  description: "Player figures of the matches finished in the last two days",
  kind: "players",
  cadence: {
    description: "hourly while a match of the last two days has no player figures",
    cron: ["40 * * * *"],
    everyMs: 60 * 60_000,
  },
  wanted: withoutPlayerFigures,
  feed: (provider) => provider.playerMatchStats,
  noProvider: "no provider feeds players (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)",
  nothingWanted: "every finished match has its player figures",
  store: (tx, rows) => upsertPlayerMatchStats(tx, rows),
  summary: (asked, received) => `${asked} matches asked, ${received} player lines received`,
});
