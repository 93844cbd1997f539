/**
 * API-Football v3 response shapes, one schema per endpoint, as the provider documents them.
 * Only the fields the project reads are declared (zod drops the rest). The provider sends null
 * for most figures it does not have (a substitute's rating, a keeper's shots, an unplayed
 * match's goals), so those fields accept null; identities (ids, dates, names) do not.
 */
import { z } from "zod";

const int = z.number().int();
/** A count the provider leaves null when it is zero or unknown. */
const count = int.nullable().optional();
/** Ratings arrive as text ("7.361290"), null for players without one. */
const ratingText = z.union([z.string(), z.number()]).nullable().optional();
/** Pass accuracy: a number on /players, text on /fixtures/players ("68%", "9"). */
const accuracy = z.union([z.number(), z.string()]).nullable().optional();
const text = z.string().nullable().optional();

/**
 * The envelope of every response. `errors` is an empty array when all went well, and an object
 * keyed by field ({"token": "..."}, {"rateLimit": "..."}) or an array of texts when not;
 * `parameters` is an empty array rather than an object when there were none.
 */
export const envelopeSchema = z.object({
  get: z.string().optional(),
  parameters: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  results: int.optional(),
  paging: z.object({ current: int, total: int }).optional(),
  response: z.unknown(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

const teamRef = z.object({ id: int, name: z.string(), logo: text });
const score = z.object({ home: int.nullable(), away: int.nullable() });

/** GET /fixtures */
export const fixtureSchema = z.object({
  fixture: z.object({
    id: int,
    referee: text,
    timezone: z.string().optional(),
    date: z.string(),
    timestamp: int,
    venue: z.object({ id: int.nullable().optional(), name: text, city: text }).nullable().optional(),
    status: z.object({
      long: z.string().optional(),
      short: z.string(),
      elapsed: int.nullable().optional(),
      extra: int.nullable().optional(),
    }),
  }),
  league: z.object({ id: int, name: z.string().optional(), season: int, round: text }),
  teams: z.object({
    home: teamRef.extend({ winner: z.boolean().nullable().optional() }),
    away: teamRef.extend({ winner: z.boolean().nullable().optional() }),
  }),
  goals: score,
  score: z
    .object({
      halftime: score.nullable().optional(),
      fulltime: score.nullable().optional(),
      extratime: score.nullable().optional(),
      penalty: score.nullable().optional(),
    })
    .optional(),
  /** Only in answers by `id` or `ids`: the match's events, each checked with eventSchema when read. */
  events: z.array(z.unknown()).optional(),
});
export type ApiFixture = z.infer<typeof fixtureSchema>;

/** GET /fixtures/events */
export const eventSchema = z.object({
  time: z.object({ elapsed: int, extra: int.nullable().optional() }),
  team: z.object({ id: int, name: text }),
  player: z.object({ id: int.nullable().optional(), name: text }),
  assist: z.object({ id: int.nullable().optional(), name: text }).nullable().optional(),
  type: z.string(),
  detail: text,
  comments: text,
});
export type ApiEvent = z.infer<typeof eventSchema>;

const lineupPlayer = z.object({
  player: z.object({
    id: int.nullable().optional(),
    name: z.string(),
    number: int.nullable().optional(),
    pos: z.string().nullable().optional(),
    grid: text,
  }),
});

/** GET /fixtures/lineups */
export const lineupSchema = z.object({
  team: z.object({ id: int, name: text }),
  coach: z.object({ id: int.nullable().optional(), name: text }).nullable().optional(),
  formation: text,
  startXI: z.array(lineupPlayer),
  substitutes: z.array(lineupPlayer),
});
export type ApiLineup = z.infer<typeof lineupSchema>;

/** GET /fixtures/players: one entry per team, each with its players' figures for the match. */
export const fixturePlayersSchema = z.object({
  team: z.object({ id: int, name: text }),
  players: z.array(
    z.object({
      player: z.object({ id: int, name: z.string(), photo: text }),
      statistics: z
        .array(
          z.object({
            games: z.object({
              minutes: count,
              number: count,
              position: text,
              rating: ratingText,
              captain: z.boolean().nullable().optional(),
              substitute: z.boolean().nullable().optional(),
            }),
            shots: z.object({ total: count, on: count }).nullable().optional(),
            goals: z.object({ total: count, conceded: count, assists: count, saves: count }).nullable().optional(),
            passes: z.object({ total: count, key: count, accuracy }).nullable().optional(),
            tackles: z.object({ total: count }).nullable().optional(),
            cards: z.object({ yellow: count, red: count }).nullable().optional(),
          }),
        )
        .min(1),
    }),
  ),
});
export type ApiFixturePlayers = z.infer<typeof fixturePlayersSchema>;

const standingSide = z.object({
  played: count,
  win: count,
  draw: count,
  lose: count,
  goals: z.object({ for: count, against: count }),
});

/** GET /standings: one league, whose `standings` is a list of groups (one for a league table). */
export const standingsSchema = z.object({
  league: z.object({
    id: int,
    name: z.string().optional(),
    season: int,
    standings: z.array(
      z.array(
        z.object({
          rank: int,
          team: teamRef,
          points: int,
          goalsDiff: int,
          group: text,
          form: text,
          status: text,
          description: text,
          all: standingSide,
          update: text,
        }),
      ),
    ),
  }),
});
export type ApiStandings = z.infer<typeof standingsSchema>;

/** GET /teams */
export const teamSchema = z.object({
  team: z.object({
    id: int,
    name: z.string(),
    code: text,
    country: text,
    founded: int.nullable().optional(),
    national: z.boolean().optional(),
    logo: text,
  }),
  venue: z.object({ id: int.nullable().optional(), name: text, city: text, capacity: count }).nullable().optional(),
});
export type ApiTeam = z.infer<typeof teamSchema>;

const homeAwayTotal = z.object({ home: count, away: count, total: count });

/** GET /teams/statistics: the response is one object, not a list. */
export const teamStatisticsSchema = z.object({
  league: z.object({ id: int, season: int }),
  team: teamRef,
  form: text,
  fixtures: z.object({ played: homeAwayTotal, wins: homeAwayTotal, draws: homeAwayTotal, loses: homeAwayTotal }),
  goals: z.object({
    for: z.object({ total: homeAwayTotal }),
    against: z.object({ total: homeAwayTotal }),
  }),
  clean_sheet: homeAwayTotal,
  failed_to_score: homeAwayTotal.nullable().optional(),
});
export type ApiTeamStatistics = z.infer<typeof teamStatisticsSchema>;

/** GET /players, /players/topscorers, /players/topassists: a player with one entry per team and competition. */
export const playerSchema = z.object({
  player: z.object({
    id: int,
    name: z.string(),
    firstname: text,
    lastname: text,
    age: int.nullable().optional(),
    birth: z.object({ date: text }).nullable().optional(),
    nationality: text,
    photo: text,
  }),
  statistics: z.array(
    z.object({
      team: z.object({ id: int, name: text }),
      league: z.object({ id: int.nullable(), season: int.nullable().optional() }),
      games: z.object({
        // The provider's spelling.
        appearences: count,
        lineups: count,
        minutes: count,
        position: text,
        rating: ratingText,
      }),
      shots: z.object({ total: count, on: count }).nullable().optional(),
      goals: z.object({ total: count, conceded: count, assists: count, saves: count }).nullable().optional(),
      passes: z.object({ total: count, key: count, accuracy }).nullable().optional(),
      tackles: z.object({ total: count }).nullable().optional(),
      dribbles: z.object({ attempts: count, success: count }).nullable().optional(),
      cards: z.object({ yellow: count, yellowred: count, red: count }).nullable().optional(),
    }),
  ),
});
export type ApiPlayer = z.infer<typeof playerSchema>;

/** GET /odds: one fixture's prices, per bookmaker, per bet (market). */
export const oddsSchema = z.object({
  league: z.object({ id: int, season: int }),
  fixture: z.object({ id: int, date: text }),
  update: text,
  bookmakers: z.array(
    z.object({
      id: int,
      name: z.string(),
      bets: z.array(
        z.object({
          id: int,
          name: z.string(),
          values: z.array(z.object({ value: z.union([z.string(), z.number()]), odd: z.string() })),
        }),
      ),
    }),
  ),
});
export type ApiOdds = z.infer<typeof oddsSchema>;
