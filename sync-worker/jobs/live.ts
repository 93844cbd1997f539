import { sql } from "drizzle-orm";
import { storeFixtures } from "../store/fixtures";
import { recordLiveTicks } from "../store/live-ticks";
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

/** The stored states of these fixtures, as one comparable string. */
async function matchStates(db: JobDb, ids: readonly number[]): Promise<string> {
  const [row] = await db.execute<{ states: string | null }>(sql`
    select string_agg(id::text || ':' || match_state, ',' order by id) as states
    from fixtures where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return row?.states ?? "";
}

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
      const [row] = await db.execute<{ due: boolean }>(
        sql`select exists (select 1 from fixtures where ${inPlay(clock.now())}) as due`,
      );
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
    const ids = refs.map((ref) => ref.id);
    let statesChanged = false;
    let ticks = 0;
    result.rowsWritten += await ctx.db.transaction(async (tx) => {
      const before = await matchStates(tx, ids);
      const written = await storeFixtures(tx, feed.items, now, withOdds, { schedules: false });
      statesChanged = written > 0 && (await matchStates(tx, ids)) !== before;
      // The live win probability of each match as now stored, for the chart after the whistle.
      ticks = await recordLiveTicks(tx, ids);
      return written;
    });
    result.details = { ...result.details, liveProbabilityTicks: ticks };
    const finished = feed.items.filter((f) => f.state === "post-match").length;
    result.reason = `${refs.length} in play, ${finished} finished`;
    if (finished > 0 && result.rowsWritten > 0) result.next = AFTER_RESULTS;
    // A new score or minute changes the pages showing a match in play; a match that kicked off
    // or ended changes which pages show one.
    result.changed = result.rowsWritten === 0 ? [] : statesChanged || finished > 0 ? ["live", "data"] : ["live"];
    return result;
  },
};
