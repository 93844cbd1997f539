/**
 * The blocks of a match page for a pairing of two clubs: line-ups, key players and recent form,
 * each with the optional ?debug=1 derivation.
 */
import { z } from "zod";
import { count, id, instant, leagueKeySchema, schemaNamer } from "../common/schema";
import { formMatchSchema } from "./matches.schema";

const named = schemaNamer("match-blocks");

const derivation = z
  .strictObject({
    league: leagueKeySchema,
    leagueApiId: id,
    season: z.string(),
    referenceMatchId: id
      .nullable()
      .describe("The pairing's match the data is read up to; null when the two never met in the league."),
    referenceTime: instant.describe("Data is read up to this moment (the match's kick-off, or now)."),
    steps: z.array(z.string()).describe("How each part of the answer was found."),
  })
  .describe("With ?debug=1 only: how the answer was derived.");

const lineupPlayer = z.strictObject({
  id: z.number().int().nullable(),
  name: z.string(),
  number: z.number().int().nullable(),
  pos: z.enum(["G", "D", "M", "F"]).nullable(),
});

export const lineupSideSchema = named(
  "LineupSide",
  "A team's most recent lineup up to the match: the match's own once announced, else the team's last one.",
  z.strictObject({
    teamId: id,
    teamName: z.string(),
    formation: z.string().nullable(),
    coach: z.strictObject({ name: z.string().nullable() }),
    startXI: z.array(lineupPlayer),
    substitutes: z.array(lineupPlayer).max(7).describe("At most the first 7."),
    lastMatchDate: instant.describe("Kick-off of the match the lineup is from."),
    lastMatchId: id,
    opponent: z.string(),
  }),
);

export const lineupsSchema = named(
  "Lineups",
  "Both sides' recent lineups; a side without a stored lineup is null.",
  z.strictObject({
    homeTeam: lineupSideSchema.nullable(),
    awayTeam: lineupSideSchema.nullable(),
    debug: derivation.optional(),
  }),
);

const keyPlayer = z.strictObject({
  name: z.string(),
  position: z.string(),
  goals: count,
  assists: count,
  rating: z.string().nullable().describe("One decimal; null unless above 0."),
  highRating: z.boolean().describe("A rating of 8.0 or more."),
  passAccuracy: z.number().nullable(),
});

export const teamPlayerStatsSchema = named(
  "TeamPlayerStats",
  "A team's standouts of the season. Goalkeepers are left out of the three lines and shown on their own.",
  z.strictObject({
    teamId: id,
    teamName: z.string(),
    topScorer: keyPlayer.nullable(),
    topAssists: keyPlayer.nullable(),
    topRated: keyPlayer.nullable(),
    goalkeeper: keyPlayer.nullable(),
  }),
);

export const playerStatsSchema = named(
  "PlayerStats",
  "Both teams' standouts; a team without player figures this season is null.",
  z.strictObject({
    homeTeam: teamPlayerStatsSchema.nullable(),
    awayTeam: teamPlayerStatsSchema.nullable(),
    debug: derivation.optional(),
  }),
);

export const teamFormSchema = named(
  "TeamForm",
  "A team's last five finished matches before the match, newest first, with their totals.",
  z.strictObject({
    teamId: id,
    name: z.string(),
    recentMatches: z.array(formMatchSchema).max(5),
    summary: z.strictObject({
      played: count,
      wins: count,
      draws: count,
      losses: count,
      goalsFor: count,
      goalsAgainst: count,
      form: z.string().describe("Oldest first ('WDLWW'), or 'N/A'."),
    }),
  }),
);

export const teamFormPairSchema = named(
  "TeamFormPair",
  "Both teams' recent form.",
  z.strictObject({ homeTeam: teamFormSchema, awayTeam: teamFormSchema, debug: derivation.optional() }),
);
