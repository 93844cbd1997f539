import { sql } from "drizzle-orm";
import { fixtureIdsByKey, replaceEvents, storedFixtureRefs } from "../store/match-details";
import { recordLiveTicks } from "../store/live-ticks";
import { countFeed } from "./feeds";
import { emptyResult, skipped, type JobDefinition } from "./types";

/** After the whistle, the events are asked for a little longer, for what happened in the last seconds. */
const AFTER_WHISTLE_MINUTES = 2;

/** Matches live in the database, or finished in the last minutes of the clock. */
const eventsWanted = (now: Date) => sql`
  match_state = 'live'
  or (match_state = 'post-match'
      and kickoff_at > ${now.toISOString()}::timestamptz - interval '4 hours'
      and last_api_update > ${now.toISOString()}::timestamptz - make_interval(mins => ${AFTER_WHISTLE_MINUTES}))`;

/**
 * Goals, cards, substitutions and VAR decisions of the matches in play, from the provider that
 * feeds events. Each match's stored events are made equal to the provider's list, so a goal
 * ruled out disappears; a match the provider has no events for yet is left as it is.
 */
export const liveEventsJob: JobDefinition = {
  name: "live-events",
  description: "Events (goals, cards, substitutions, VAR) of the matches in play",
  kind: "events",
  cadence: {
    description: "every 15 s while a match is live, idle otherwise",
    cron: ["* * * * *"],
    everyMs: 15_000,
    repeatEveryMs: 15_000,
    async due({ db, clock }) {
      const [row] = await db.execute<{ due: boolean }>(
        sql`select exists (select 1 from fixtures where ${eventsWanted(clock.now())}) as due`,
      );
      return row.due;
    },
  },
  transactional: false,
  async run(ctx) {
    const provider = ctx.providers.for("events");
    if (!provider?.events)
      return skipped("no provider feeds match events (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)");
    const refs = await storedFixtureRefs(ctx.db, eventsWanted(ctx.clock.now()));
    if (refs.length === 0) return skipped("no match in play");
    const result = emptyResult();
    const feed = await provider.events({ fixtures: refs, signal: ctx.signal });
    countFeed(result, feed, ctx.log);
    const idOf = fixtureIdsByKey(refs);
    const events = feed.items.flatMap(({ fixture, ...event }) => {
      const fixtureId = idOf(fixture);
      return fixtureId === undefined ? [] : [{ ...event, fixtureId }];
    });
    let ticks = 0;
    result.rowsWritten += await ctx.db.transaction(async (tx) => {
      const written = await replaceEvents(tx, events);
      // A red card moves the live win probability: record it with the new events.
      if (written > 0) ticks = await recordLiveTicks(tx, [...new Set(events.map((event) => event.fixtureId))]);
      return written;
    });
    result.details = { ...result.details, liveProbabilityTicks: ticks };
    result.reason = `${refs.length} matches, ${events.length} events`;
    // Events show only beside matches in play: pages showing none are unaffected.
    if (result.rowsWritten > 0) result.changed = ["live"];
    return result;
  },
};
