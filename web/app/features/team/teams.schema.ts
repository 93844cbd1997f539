/**
 * The shapes of the team page's data blocks (spec section 3, "Team page data"), one per read
 * function of teams.server.ts. The page renders them and the JSON endpoints under /api/teams
 * answer with them, so they are written once, as zod schemas, with the TypeScript types inferred.
 * Dates are ISO 8601 strings in UTC; paths are the site's canonical ones.
 */
import { z } from "zod";
import { LEAGUE_KEYS } from "@shared/domain/leagues";

const leagueKey = z.enum(LEAGUE_KEYS);
const percentage = z.number().int().min(0).max(100);
const count = z.number().int().min(0);

/** The team resolver's answer: /teams/{segment} and /{league}/teams/{segment} resolve to this. */
export const resolvedTeamSchema = z.object({
  teamId: z.number().int().positive(),
  league: leagueKey,
});
export type ResolvedTeam = z.infer<typeof resolvedTeamSchema>;

/** A club as a fixture or a list names it. */
export const teamRefSchema = z.object({
  id: z.number().int().positive(),
  /** The club's name, or 'Team #{id}' when the database has none. */
  name: z.string(),
  /** Null when the database does not know the club. */
  slug: z.string().nullable(),
});
export type TeamRef = z.infer<typeof teamRefSchema>;

/** A club on a team list page. */
export const teamListItemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  shortName: z.string(),
  code: z.string(),
  slug: z.string(),
  /** The team page's canonical path. */
  url: z.string(),
  badge: z.string(),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;

/** info: team.name and league.name, and what else the page header shows. */
export const teamInfoSchema = z.object({
  team: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    shortName: z.string(),
    code: z.string(),
    slug: z.string(),
    venue: z.string().nullable(),
    city: z.string().nullable(),
    colors: z.object({ primary: z.string(), secondary: z.string() }).nullable(),
    /** The generated badge's URL. */
    badge: z.string(),
    url: z.string(),
  }),
  league: z.object({ key: leagueKey, name: z.string(), season: z.string() }),
});
export type TeamInfo = z.infer<typeof teamInfoSchema>;

/** standing: rank, points and form, from the league's latest table. */
export const teamStandingSchema = z.object({
  teamId: z.number().int().positive(),
  teamName: z.string(),
  rank: z.number().int().positive(),
  points: z.number().int(),
  played: count,
  wins: count,
  draws: count,
  losses: count,
  goalDifference: z.number().int(),
  /** Last results, oldest first ('WDLWW'); null when the table has none. */
  form: z.string().nullable(),
});
export type TeamStanding = z.infer<typeof teamStandingSchema>;

/**
 * next fixture and recent fixtures: fixture.id, fixture.date, fixture.venue.name, teams.home and
 * teams.away with id and name, goals.home and goals.away (null without a score).
 */
export const teamFixtureSchema = z.object({
  fixture: z.object({
    id: z.number().int().positive(),
    date: z.string(),
    state: z.enum(["pre-match", "live", "post-match"]),
    venue: z.object({ name: z.string().nullable() }),
    /** The match page's canonical path. */
    url: z.string(),
  }),
  league: z.object({ key: leagueKey, season: z.string() }),
  teams: z.object({ home: teamRefSchema, away: teamRefSchema }),
  goals: z.object({ home: count.nullable(), away: count.nullable() }),
});
export type TeamFixture = z.infer<typeof teamFixtureSchema>;

/**
 * team stats: the six figures of 'Team Stats Overview'. over25Basis and bttsBasis say whether
 * the percentage is a count of real matches or the spec's estimate from goal averages.
 */
export const teamStatisticsSchema = z.object({
  matches: z.number().int().positive(),
  avgGoalsScored: z.number().min(0),
  avgGoalsConceded: z.number().min(0),
  cleanSheets: count,
  over25Percentage: percentage,
  bttsPercentage: percentage,
  homeWinRate: percentage.nullable(),
  awayWinRate: percentage.nullable(),
  over25Basis: z.enum(["counted", "estimated"]),
  bttsBasis: z.enum(["counted", "estimated"]),
  /** 'results' (computed from stored results) or the provider's name. */
  source: z.string(),
});
export type TeamStatistics = z.infer<typeof teamStatisticsSchema>;

/** team player stat: one player's season for the club. Null where the provider has no figure. */
export const teamPlayerStatSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** Goalkeeper, Defender, Midfielder or Attacker; null when unknown. */
  position: z.string().nullable(),
  matchesPlayed: count,
  minutesPlayed: count,
  goals: count,
  assists: count,
  shotsOnTarget: count,
  passCompletionPercent: percentage.nullable(),
  tackles: count,
  yellowCards: count,
  redCards: count,
  /** Average rating; null when missing or not above 0. */
  rating: z.number().positive().nullable(),
  goalsConceded: count,
  cleanSheets: count,
});
export type TeamPlayerStat = z.infer<typeof teamPlayerStatSchema>;
