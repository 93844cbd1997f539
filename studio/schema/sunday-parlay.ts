/**
 * The Sunday 5-team cross-league parlay on /picks: exactly five legs, each a match, its league,
 * the selection, a predicted score and a confidence. The match page link of each leg is built
 * from its league and teams, so it always points at the canonical page.
 */
import { defineArrayMember, defineField, defineType } from "sanity";
import { isLeagueKey, LEAGUES } from "@shared/domain/leagues";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { matchUrl } from "@shared/domain/urls";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import {
  MAX_BEST_PICK_LENGTH,
  PARLAY_LEG_COUNT,
  PROJECTED_SCORE_MESSAGE,
  PROJECTED_SCORE_PATTERN,
  confidenceProblem,
  distinctTeamsProblem,
} from "@shared/content/rules";
import { leagueField, teamField } from "./fields";

const SUNDAY_PARLAY_TITLE = "Sunday 5-Team Cross-League Parlay";

type Leg = { league?: string; homeTeam?: string; awayTeam?: string };

const teamName = (slug: unknown) => (typeof slug === "string" ? (getTeamBySlug(slug)?.name ?? slug) : "?");

export const parlayLeg = defineType({
  name: "parlayLeg",
  title: "Parlay leg",
  type: "object",
  fields: [
    leagueField(),
    teamField("homeTeam", "Home team", "The club playing at home."),
    teamField("awayTeam", "Away team", "The visiting club."),
    defineField({
      name: "selection",
      title: "Selection",
      type: "string",
      description: "The pick for this leg, e.g. “Manchester City to Win”.",
      validation: (rule) => rule.required().max(MAX_BEST_PICK_LENGTH),
    }),
    defineField({
      name: "predictedScore",
      title: "Predicted score",
      type: "string",
      description: "Home goals, a hyphen, away goals: 2-1.",
      validation: (rule) => rule.regex(PROJECTED_SCORE_PATTERN, { name: "score" }).error(PROJECTED_SCORE_MESSAGE),
    }),
    defineField({
      name: "confidence",
      title: "Confidence (%)",
      type: "number",
      validation: (rule) =>
        rule
          .required()
          .custom((value) => (typeof value === "number" ? (confidenceProblem(value) ?? true) : true))
          .precision(1),
    }),
  ],
  validation: (rule) =>
    rule.custom((leg: Leg | undefined) => {
      const problem = distinctTeamsProblem(leg?.homeTeam, leg?.awayTeam);
      return problem ? { message: problem, path: ["awayTeam"] } : true;
    }),
  preview: {
    select: {
      league: "league",
      homeTeam: "homeTeam",
      awayTeam: "awayTeam",
      selection: "selection",
      confidence: "confidence",
    },
    prepare({
      league,
      homeTeam,
      awayTeam,
      selection,
      confidence,
    }: {
      league?: string;
      homeTeam?: string;
      awayTeam?: string;
      selection?: string;
      confidence?: number;
    }) {
      const link = isLeagueKey(league) && homeTeam && awayTeam ? matchUrl(league, homeTeam, awayTeam) : null;
      return {
        title: `${teamName(homeTeam)} vs ${teamName(awayTeam)}: ${selection ?? "no selection"}`,
        subtitle: [
          isLeagueKey(league) ? LEAGUES[league].name : null,
          typeof confidence === "number" ? `${confidence}%` : null,
          link,
        ]
          .filter(Boolean)
          .join(" · "),
      };
    },
  },
});

export const sundayParlay = defineType({
  name: DOCUMENT_TYPES.sundayParlay,
  title: "Sunday parlay",
  type: "document",
  description: "The Sunday 5-team cross-league parlay shown on Picks & Parlays.",
  fields: [
    defineField({
      name: "title",
      title: "Title",
      type: "string",
      initialValue: SUNDAY_PARLAY_TITLE,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "lastUpdated",
      title: "Last updated",
      type: "date",
      description: "Shown as “Last updated …” above the legs.",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "legs",
      title: "Legs",
      type: "array",
      description: `Exactly ${PARLAY_LEG_COUNT} matches, ideally one from each league.`,
      of: [defineArrayMember({ type: "parlayLeg" })],
      validation: (rule) => [
        rule.required().length(PARLAY_LEG_COUNT).error(`A Sunday parlay has exactly ${PARLAY_LEG_COUNT} legs`),
        rule.custom((legs: Leg[] | undefined) => {
          const matches = (legs ?? []).map((leg) => `${leg.league}/${leg.homeTeam}/${leg.awayTeam}`);
          return new Set(matches).size === matches.length ? true : "The same match appears in two legs";
        }),
        rule
          .custom((legs: Leg[] | undefined) => {
            const leagues = (legs ?? []).map((leg) => leg.league);
            return new Set(leagues).size === leagues.length
              ? true
              : "A cross-league parlay usually takes each leg from a different league";
          })
          .warning(),
      ],
    }),
  ],
  preview: {
    select: { title: "title", lastUpdated: "lastUpdated" },
    prepare: ({ title, lastUpdated }: { title?: string; lastUpdated?: string }) => ({
      title,
      subtitle: lastUpdated ? `Last updated ${lastUpdated}` : "Not dated",
    }),
  },
});
