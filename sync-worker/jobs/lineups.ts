import { sql } from "drizzle-orm";
import { storedFixtureRefs, upsertLineups, fixtureIdsByKey } from "../store/match-details";
import { countFeed } from "./feeds";
import { emptyResult, skipped, type JobDefinition } from "./types";

/** Clubs announce their lineups about an hour before kick-off. */
const LEAD_MINUTES = 75;
/** A match is still worth asking about this long after kick-off (lineups published late). */
const AFTER_KICKOFF_HOURS = 3;

/** Matches near or past kick-off, not over, without both lineups yet. */
const needsLineups = (now: Date) => sql`
  kickoff_at <= ${now.toISOString()}::timestamptz + make_interval(mins => ${LEAD_MINUTES})
  and kickoff_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${AFTER_KICKOFF_HOURS})
  and match_state <> 'post-match'
  and (select count(*) from lineups l where l.fixture_id = fixtures.id) < 2`;

/**
 * Starting elevens, substitutes, formations and coaches of the matches about to kick off, from
 * the provider that feeds lineups. A match is asked about until both lineups are stored.
 */
export const lineupsJob: JobDefinition = {
  name: "lineups",
  description: "Lineups (formation, coach, starting eleven, substitutes) of the matches near kick-off",
  kind: "lineups",
  cadence: {
    description: "every 5 minutes while a match within 75 minutes of kick-off has no lineups",
    cron: ["*/5 * * * *"],
    everyMs: 5 * 60_000,
    async due({ db, clock }) {
      const [row] = await db.execute<{ due: boolean }>(
        sql`select exists (select 1 from fixtures where ${needsLineups(clock.now())}) as due`,
      );
      return row.due;
    },
  },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("lineups");
    if (!provider?.lineups)
      return skipped("no provider feeds lineups (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)");
    const refs = await storedFixtureRefs(ctx.db, needsLineups(ctx.clock.now()));
    if (refs.length === 0) return skipped("no match near kick-off without lineups");
    const result = emptyResult();
    const feed = await provider.lineups({ fixtures: refs, signal: ctx.signal });
    countFeed(result, feed, ctx.log);
    const idOf = fixtureIdsByKey(refs);
    const rows = feed.items.flatMap(({ fixture, ...lineup }) => {
      const fixtureId = idOf(fixture);
      return fixtureId === undefined ? [] : [{ ...lineup, fixtureId }];
    });
    result.rowsWritten += await ctx.db.transaction((tx) => upsertLineups(tx, rows));
    result.reason = `${refs.length} matches asked, ${rows.length} lineups received`;
    return result;
  },
};
