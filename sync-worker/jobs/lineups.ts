import { sql } from "drizzle-orm";
import { upsertLineups } from "../store/match-details";
import { perFixtureFeedJob } from "./per-fixture-feed";

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
export const lineupsJob = perFixtureFeedJob({
  name: "lineups",
  description: "Lineups (formation, coach, starting eleven, substitutes) of the matches near kick-off",
  kind: "lineups",
  cadence: {
    description: "every 5 minutes while a match within 75 minutes of kick-off has no lineups",
    cron: ["*/5 * * * *"],
    everyMs: 5 * 60_000,
  },
  wanted: needsLineups,
  feed: (provider) => provider.lineups,
  noProvider: "no provider feeds lineups (DATA_PROVIDERS; API-Football needs API_FOOTBALL_KEY)",
  nothingWanted: "no match near kick-off without lineups",
  store: (tx, rows) => upsertLineups(tx, rows),
  summary: (asked, received) => `${asked} matches asked, ${received} lineups received`,
});
