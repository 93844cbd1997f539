import { sql } from "drizzle-orm";
import { storeFixtures } from "../store/fixtures";
import { storedFixtureRefs } from "../store/match-details";
import { countFeed } from "./feeds";
import { AFTER_RESULTS } from "./results";
import { emptyResult, skipped, type JobDb, type JobDefinition } from "./types";

/** A match still not final this long after kick-off is no longer polled as live. */
const LIVE_WINDOW_HOURS = 4;

const inPlay = (now: Date) => sql`
  (kickoff_at <= ${now.toISOString()}::timestamptz
   and kickoff_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${LIVE_WINDOW_HOURS})
   and match_state <> 'post-match')
  or match_state = 'live'`;

/**
 * The state of every match in play: status, minute, live score, and the final score when the
 * whistle has gone (then standings, team statistics and settlement follow).
 */
export const liveJob: JobDefinition = {
  name: "live",
  description: "Status, minute and score of the matches in play",
  kind: "live",
  cadence: {
    description: "every 15 s while a match is in play by the clock, idle otherwise",
    cron: ["* * * * *"],
    everyMs: 15_000,
    repeatEveryMs: 15_000,
    async due({ db, clock }) {
      const [row] = await db.execute<{ due: boolean }>(sql`select exists (select 1 from fixtures where ${inPlay(clock.now())}) as due`);
      return row.due;
    },
  },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("live");
    if (!provider?.liveFixtures) {
      return skipped("no provider feeds live data (DATA_PROVIDERS; the CSV source replays live data only in a replay)");
    }
    const now = ctx.clock.now();
    const refs = await storedFixtureRefs(ctx.db, inPlay(now));
    if (refs.length === 0) return skipped("no match in play");
    const result = emptyResult();
    const feed = await provider.liveFixtures({ fixtures: refs, signal: ctx.signal });
    countFeed(result, feed, ctx.log);
    const withOdds = ctx.providers.for("odds") === provider;
    result.rowsWritten += await ctx.db.transaction((tx) => storeFixtures(tx, feed.items, now, withOdds));
    const finished = feed.items.filter((f) => f.state === "post-match").length;
    result.reason = `${refs.length} in play, ${finished} finished`;
    if (finished > 0 && result.rowsWritten > 0) result.next = AFTER_RESULTS;
    return result;
  },
};
