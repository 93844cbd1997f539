/** The ranked picks: Match of the Week, each league's first match and the week's ten best. */
import { z } from "zod";
import { id, instant, leagueKeySchema, matchStateSchema, percent, schemaNamer, scoreText } from "../common/schema";

const named = schemaNamer("picks");

export const topLeaguePickSchema = named(
  "TopLeaguePick",
  "A featured match and its effective pick.",
  z.strictObject({
    league: z.string().describe("The league's name."),
    leagueKey: leagueKeySchema,
    matchId: id,
    matchSlug: z.string().nullable(),
    matchPageLink: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    kickoffTime: instant,
    matchState: matchStateSchema,
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    fkpBestPick: z.string(),
    fkpConfidence: percent,
    projectedScore: scoreText.nullable(),
  }),
);

export const matchOfTheWeekSchema = named(
  "MatchOfTheWeek",
  "This week's featured match; matchPageLink null shows 'Coming Soon'.",
  z.strictObject({ matchPageLink: z.string().nullable(), match: topLeaguePickSchema.nullable() }),
);

export const topLeaguePicksSchema = named(
  "TopLeaguePicks",
  "Each league's first-ranked match this week, keyed by league name; null for a league without matches.",
  z.strictObject(
    Object.fromEntries(
      ["Premier League", "La Liga", "Bundesliga", "Serie A", "Ligue 1"].map((name) => [
        name,
        topLeaguePickSchema.nullable(),
      ]),
    ) as Record<
      "Premier League" | "La Liga" | "Bundesliga" | "Serie A" | "Ligue 1",
      z.ZodNullable<typeof topLeaguePickSchema>
    >,
  ),
);

export const topPickSchema = named(
  "TopPick",
  "One of the week's ten best picks: a featured match, its rank from 1, and leagueBadgePath, the league's mark (an SVG the site serves like the club badges, cacheable for a year: '/badges/leagues/{league}.svg?v=1').",
  topLeaguePickSchema.extend({
    leagueBadgePath: z.string().regex(/^\/badges\/leagues\/[a-z0-9-]+\.svg\?v=\d+$/),
    rank: z.number().int().min(1).max(10),
  }),
);

export const topPicksSchema = named(
  "TopPicks",
  "The ten most confident picks of the week across the five leagues. An empty list is an honest answer: there is no sample data.",
  z.strictObject({
    lastUpdated: instant.describe("When the list was computed."),
    picks: z.array(topPickSchema).max(10),
  }),
);
