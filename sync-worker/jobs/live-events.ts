import { sql } from "drizzle-orm";
import { replaceEvents } from "../store/match-details";
import { recordLiveTicks } from "../store/live-ticks";
import { perFixtureFeedJob } from "./per-fixture-feed";

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
export const liveEventsJob = perFixtureFeedJob({
  name: "live-events",
  description: "Events (goals, cards, substitutions, VAR) of the matches in play",
  kind: "events",
  cadence: {
    description: "every 15 s while a match is live, idle otherwise",
    cron: ["* * * * *"],
    everyMs: 15_000,
    repeatEveryMs: 15_000,
  },
  wanted: eventsWanted,
  feed: (provider) => provider.events,
  noProvider: "no provider feeds match events (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)",
  nothingWanted: "no match in play",
  async store(tx, events, result) {
    const written = await replaceEvents(tx, events);
    // A red card moves the live win probability: record it with the new events.
    const ticks = written > 0 ? await recordLiveTicks(tx, [...new Set(events.map((event) => event.fixtureId))]) : 0;
    result.details = { ...result.details, liveProbabilityTicks: ticks };
    return written;
  },
  summary: (asked, received) => `${asked} matches, ${received} events`,
  // Events show only beside matches in play: pages showing none are unaffected.
  changes: ["live"],
});
