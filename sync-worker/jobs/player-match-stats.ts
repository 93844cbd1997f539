import { sql } from "drizzle-orm";
import { fixtureIdsByKey, storedFixtureRefs, upsertPlayerMatchStats } from "../store/match-details";
import { countFeed } from "./feeds";
import { emptyResult, skipped, type JobDefinition } from "./types";

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
export const playerMatchStatsJob: JobDefinition = {
  name: "player-match-stats",
  description: "Player figures of the matches finished in the last two days",
  kind: "players",
  cadence: {
    description: "hourly while a match of the last two days has no player figures",
    cron: ["40 * * * *"],
    everyMs: 60 * 60_000,
    async due({ db, clock }) {
      const [row] = await db.execute<{ due: boolean }>(
        sql`select exists (select 1 from fixtures where ${withoutPlayerFigures(clock.now())}) as due`,
      );
      return row.due;
    },
  },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("players");
    if (!provider?.playerMatchStats)
      return skipped("no provider feeds players (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)");
    const refs = await storedFixtureRefs(ctx.db, withoutPlayerFigures(ctx.clock.now()));
    if (refs.length === 0) return skipped("every finished match has its player figures");
    const result = emptyResult();
    const feed = await provider.playerMatchStats({ fixtures: refs, signal: ctx.signal });
    countFeed(result, feed, ctx.log);
    const idOf = fixtureIdsByKey(refs);
    const lines = feed.items.flatMap(({ fixture, ...line }) => {
      const fixtureId = idOf(fixture);
      return fixtureId === undefined ? [] : [{ ...line, fixtureId }];
    });
    result.rowsWritten += await ctx.db.transaction((tx) => upsertPlayerMatchStats(tx, lines));
    result.reason = `${refs.length} matches asked, ${lines.length} player lines received`;
    return result;
  },
};
