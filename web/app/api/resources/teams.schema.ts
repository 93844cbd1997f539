/**
 * The team page's blocks: the team read model defines these shapes (features/team/teams.schema.ts);
 * they are named here so the description lists them. The next match carries its best pick.
 */
import { z } from "zod";
import {
  resolvedTeamSchema,
  teamFixtureSchema,
  teamInfoSchema,
  teamPlayerStatSchema,
  teamStandingSchema,
  teamStatisticsSchema,
} from "../../features/team/teams.schema";
import { schemaNamer } from "../common/schema";
import { matchFields } from "./matches.schema";

const named = schemaNamer("teams");

export const teamInfoAnswerSchema = named(
  "TeamInfo",
  "The team page header: team.name, league.name and more.",
  teamInfoSchema,
);
export const teamStandingAnswerSchema = named(
  "TeamStanding",
  "The club's row of the league's latest table (rank, points, form); null when the table has none.",
  named("TeamStandingRow", "A club's place in its league table.", teamStandingSchema).nullable(),
);
export const teamFixtureAnswerSchema = named(
  "TeamFixture",
  "A match of the club: fixture.id, fixture.date, fixture.venue.name, teams.home and teams.away, goals.",
  teamFixtureSchema,
);
export const teamNextMatchPickSchema = named(
  "TeamNextMatchPick",
  "The match's best pick as its match page shows it.",
  z.strictObject({
    bestPick: matchFields.bestPick,
    confidence: matchFields.confidence,
    confidenceLabel: matchFields.confidenceLabel,
    isLocked: matchFields.isLocked,
  }),
);
export const teamNextMatchSchema = named(
  "TeamNextMatch",
  "The club's match in play, else its next scheduled league match, with its best pick; null when none is known.",
  named(
    "TeamNextFixture",
    "A match of the club (fixture.id, fixture.date, fixture.venue.name, teams.home and teams.away, goals) and its best pick.",
    teamFixtureSchema.extend({ pick: teamNextMatchPickSchema }),
  ).nullable(),
);
export const teamRecentMatchesSchema = named(
  "TeamRecentMatches",
  "The club's last five finished league matches, most recent first.",
  z.array(teamFixtureAnswerSchema).max(5),
);
export const teamStatisticsAnswerSchema = named(
  "TeamStatistics",
  "'Team Stats Overview'; null before the club's first completed match.",
  named("TeamStatisticsFigures", "The six figures and how they were found.", teamStatisticsSchema).nullable(),
);
export const teamSquadStatsSchema = named(
  "TeamSquadStats",
  "Every player's season for the club: key players first (goals plus assists, then minutes), then goalkeepers (minutes). Empty without player figures.",
  z.array(named("TeamSquadPlayer", "One player's season for the club.", teamPlayerStatSchema)),
);
export const resolvedTeamAnswerSchema = named(
  "ResolvedTeam",
  "The team resolver's answer: teamId and league.",
  resolvedTeamSchema,
);
