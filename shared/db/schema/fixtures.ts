import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import type { LeagueKey } from "../../domain/leagues";
import { between, createdAt, instant, odds, oneOf, updatedAt } from "./columns";
import { leagues, seasons, teams } from "./reference";

export const MATCH_STATES = ["pre-match", "live", "post-match"] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/**
 * One match (the spec's "matches" table). Editorial content (summaries, insights, notes, custom
 * picks) lives in Sanity; predictions and odds have their own tables.
 * During a live match home_score/away_score are the live score; in 'post-match' they are final.
 */
export const fixtures = pgTable(
  "fixtures",
  {
    id: serial("id").primaryKey(),
    league: text("league")
      .$type<LeagueKey>()
      .notNull()
      .references(() => leagues.key),
    /** Season code, e.g. '2526'. */
    season: text("season").notNull(),
    matchweek: integer("matchweek"),
    kickoffAt: instant("kickoff_at").notNull(),
    homeTeamId: integer("home_team_id")
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer("away_team_id")
      .notNull()
      .references(() => teams.id),
    venue: text("venue"),
    weather: text("weather"),
    matchState: text("match_state").$type<MatchState>().notNull().default("pre-match"),
    /** The provider's short status (NS, 1H, HT, 2H, FT, PST, CANC...), kept for postponements. */
    status: text("status"),
    liveMinute: integer("live_minute"),
    injuryTime: integer("injury_time"),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    halfTimeHomeScore: integer("half_time_home_score"),
    halfTimeAwayScore: integer("half_time_away_score"),
    apiFootballFixtureId: integer("api_football_fixture_id").unique(),
    homeShots: integer("home_shots"),
    awayShots: integer("away_shots"),
    homeShotsOnTarget: integer("home_shots_on_target"),
    awayShotsOnTarget: integer("away_shots_on_target"),
    homeCorners: integer("home_corners"),
    awayCorners: integer("away_corners"),
    homeFouls: integer("home_fouls"),
    awayFouls: integer("away_fouls"),
    homeYellowCards: integer("home_yellow_cards"),
    awayYellowCards: integer("away_yellow_cards"),
    homeRedCards: integer("home_red_cards"),
    awayRedCards: integer("away_red_cards"),
    referee: text("referee"),
    isActive: boolean("is_active").notNull().default(true),
    requiresReview: boolean("requires_review").notNull().default(false),
    lastApiUpdate: instant("last_api_update"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "fixtures_season_fk",
      columns: [t.league, t.season],
      foreignColumns: [seasons.league, seasons.season],
    }),
    // The CSV source has no fixture ids: a league season has each pairing exactly once.
    unique("fixtures_natural_key").on(t.league, t.season, t.homeTeamId, t.awayTeamId),
    check("fixtures_match_state_check", oneOf(t.matchState, MATCH_STATES)),
    check("fixtures_distinct_teams_check", sql`${t.homeTeamId} <> ${t.awayTeamId}`),
    index("fixtures_league_season_kickoff_idx").on(t.league, t.season, t.kickoffAt),
    index("fixtures_kickoff_idx").on(t.kickoffAt),
    index("fixtures_match_state_idx").on(t.matchState),
    index("fixtures_home_team_kickoff_idx").on(t.homeTeamId, t.kickoffAt),
    index("fixtures_away_team_kickoff_idx").on(t.awayTeamId, t.kickoffAt),
  ],
);

export const ODDS_MARKETS = ["1x2", "ou25", "btts"] as const;
export type OddsMarket = (typeof ODDS_MARKETS)[number];
export const ODDS_KINDS = ["opening", "closing"] as const;
export type OddsKind = (typeof ODDS_KINDS)[number];

/**
 * Bookmaker prices for one market of a fixture. Only the columns of the row's market are set:
 * 1x2 uses home/draw/away, ou25 over/under (2.5 goals), btts yes/no.
 */
export const fixtureOdds = pgTable(
  "fixture_odds",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    /** Bookmaker or aggregate, e.g. 'bet365', 'pinnacle', 'market-average'. */
    source: text("source").notNull(),
    market: text("market").$type<OddsMarket>().notNull(),
    kind: text("kind").$type<OddsKind>().notNull(),
    homePrice: odds("home_price"),
    drawPrice: odds("draw_price"),
    awayPrice: odds("away_price"),
    overPrice: odds("over_price"),
    underPrice: odds("under_price"),
    yesPrice: odds("yes_price"),
    noPrice: odds("no_price"),
    capturedAt: instant("captured_at").notNull().defaultNow(),
  },
  (t) => [
    // Leading fixture_id also serves "odds of a fixture".
    unique("fixture_odds_key").on(t.fixtureId, t.source, t.market, t.kind),
    check("fixture_odds_market_check", oneOf(t.market, ODDS_MARKETS)),
    check("fixture_odds_kind_check", oneOf(t.kind, ODDS_KINDS)),
    check("fixture_odds_prices_match_market_check", pricesMatchMarket(t)),
  ],
);

/** Each market's price columns are all set, and every other market's are null. */
function pricesMatchMarket(t: {
  market: AnyPgColumn;
  homePrice: AnyPgColumn;
  drawPrice: AnyPgColumn;
  awayPrice: AnyPgColumn;
  overPrice: AnyPgColumn;
  underPrice: AnyPgColumn;
  yesPrice: AnyPgColumn;
  noPrice: AnyPgColumn;
}): SQL {
  const columnsByMarket: Record<OddsMarket, AnyPgColumn[]> = {
    "1x2": [t.homePrice, t.drawPrice, t.awayPrice],
    ou25: [t.overPrice, t.underPrice],
    btts: [t.yesPrice, t.noPrice],
  };
  const all = Object.values(columnsByMarket).flat();
  const branches = ODDS_MARKETS.map((market) => {
    const own = columnsByMarket[market];
    const others = all.filter((column) => !own.includes(column));
    return sql`(${t.market} = ${sql.raw(`'${market}'`)} and num_nonnulls(${sql.join(own, sql`, `)}) = ${sql.raw(String(own.length))} and num_nulls(${sql.join(others, sql`, `)}) = ${sql.raw(String(others.length))})`;
  });
  return sql.join(branches, sql` or `);
}

/** A player line in a lineup, as the lineup block shows it. */
export interface LineupPlayer {
  /** Provider player id when known. */
  id: number | null;
  name: string;
  number: number | null;
  /** G, D, M or F. */
  pos: "G" | "D" | "M" | "F" | null;
  /** Formation grid cell, e.g. '2:3', when the provider gives it. */
  grid?: string | null;
}

export const lineups = pgTable(
  "lineups",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    formation: text("formation"),
    coachName: text("coach_name"),
    startXi: jsonb("start_xi").$type<LineupPlayer[]>().notNull().default([]),
    substitutes: jsonb("substitutes").$type<LineupPlayer[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [unique("lineups_fixture_team_key").on(t.fixtureId, t.teamId)],
);

export const EVENT_SIDES = ["home", "away"] as const;
export type EventSide = (typeof EVENT_SIDES)[number];
export const LIVE_EVENT_TYPES = ["Goal", "Card", "subst", "Var"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Match events in API-Football's vocabulary (type Goal/Card/subst/Var, detail 'Normal Goal'...). */
export const liveEvents = pgTable(
  "live_events",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    minute: integer("minute").notNull(),
    extraMinute: integer("extra_minute"),
    teamId: integer("team_id").references(() => teams.id),
    side: text("side").$type<EventSide>().notNull(),
    type: text("type").$type<LiveEventType>().notNull(),
    detail: text("detail"),
    playerId: integer("player_id"),
    playerName: text("player_name"),
    /** The assisting player for goals; the player coming on for substitutions. */
    assistName: text("assist_name"),
    createdAt: createdAt(),
  },
  (t) => [
    // Identity of an event for idempotent upserts (ON CONFLICT DO NOTHING). NULLS NOT DISTINCT
    // (Postgres 15+) so an event without extra minute or player is still one row; the leading
    // fixture_id serves "events of a fixture".
    unique("live_events_identity_key")
      .on(t.fixtureId, t.minute, t.extraMinute, t.side, t.type, t.detail, t.playerName)
      .nullsNotDistinct(),
    check("live_events_side_check", oneOf(t.side, EVENT_SIDES)),
    check("live_events_type_check", oneOf(t.type, LIVE_EVENT_TYPES)),
  ],
);

/** The match periods a live probability tick is recorded in; a kick-off tick is the first half's minute 0. */
export const LIVE_TICK_PERIODS = ["first-half", "half-time", "second-half", "full-time"] as const;
export type LiveTickPeriod = (typeof LIVE_TICK_PERIODS)[number];
/**
 * The most ticks kept for one fixture: a match read every 15 s changes minute about 100 times,
 * plus half-time, added time, the kick-off and the full-time tick.
 */
export const LIVE_TICKS_PER_FIXTURE = 150;

/**
 * The live win probability through a match, for the chart after the whistle: one row per
 * state the worker recorded (period, minute and added minute; the latest reading of that minute
 * wins), from the kick-off tick (the published pre-match forecast) to the full-time tick (the
 * result). At most LIVE_TICKS_PER_FIXTURE rows per fixture (sync-worker/store/live-ticks.ts).
 */
export const liveProbabilityTicks = pgTable(
  "live_probability_ticks",
  {
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    period: text("period").$type<LiveTickPeriod>().notNull(),
    minute: integer("minute").notNull(),
    addedMinute: integer("added_minute").notNull().default(0),
    homeScore: integer("home_score").notNull(),
    awayScore: integer("away_score").notNull(),
    homeRedCards: integer("home_red_cards").notNull().default(0),
    awayRedCards: integer("away_red_cards").notNull().default(0),
    probHome: doublePrecision("prob_home").notNull(),
    probDraw: doublePrecision("prob_draw").notNull(),
    probAway: doublePrecision("prob_away").notNull(),
    probOver25: doublePrecision("prob_over25").notNull(),
    probBtts: doublePrecision("prob_btts").notNull(),
    recordedAt: instant("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "live_probability_ticks_pkey", columns: [t.fixtureId, t.period, t.minute, t.addedMinute] }),
    check("live_probability_ticks_period_check", oneOf(t.period, LIVE_TICK_PERIODS)),
    check(
      "live_probability_ticks_clock_check",
      sql`${t.minute} between 0 and 130 and ${t.addedMinute} between 0 and 30 and ${t.homeScore} >= 0 and ${t.awayScore} >= 0
        and ${t.homeRedCards} between 0 and 5 and ${t.awayRedCards} between 0 and 5`,
    ),
    check(
      "live_probability_ticks_probabilities_check",
      sql.join(
        [t.probHome, t.probDraw, t.probAway, t.probOver25, t.probBtts].map((column) => between(column, 0, 1)),
        sql` and `,
      ),
    ),
  ],
);
