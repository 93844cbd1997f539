/**
 * A match preview: an editor's picks and analysis for one fixture. Published previews take
 * priority over the algorithm's prediction (the resolution order); drafts show only in preview.
 */
import { defineArrayMember, defineField, defineType } from "sanity";
import { isLeagueKey, LEAGUES } from "@shared/domain/leagues";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { formatDateShort } from "@shared/domain/format";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import type { ReviewField } from "@shared/content/review";
import {
  BTTS_PICKS,
  MAX_BEST_PICK_LENGTH,
  MAX_KEY_INSIGHT_LENGTH,
  MAX_KEY_INSIGHTS,
  MAX_VERDICT_TAG_LENGTH,
  OVER_UNDER_CALLS,
  PROJECTED_SCORE_MESSAGE,
  PROJECTED_SCORE_PATTERN,
  confidenceProblem,
  distinctTeamsProblem,
} from "@shared/content/rules";
import { choiceOf, confidenceField, leagueField, richTextField, seasonField, teamField } from "./fields";
import { isKeyTaken } from "./unique";
import { documentReview, fixtureKeyOf, fixtureLock, matchTitle } from "../desk";
import { fetchFixtureData, siteNow } from "../site-api";

/**
 * The "Needs review" warnings, one per reason, each on the field it is about (the best pick, the
 * confidence, the projected score or the 1X2 pick): the pick against the site's numbers for the
 * fixture. Without the site (not reachable, or no such fixture), only the rules that need no
 * model are checked.
 */
export async function needsReviewWarnings(document: unknown): Promise<{ message: string; path: [ReviewField] }[]> {
  const key = fixtureKeyOf(document);
  const data = key ? await fetchFixtureData(key).catch(() => null) : null;
  return documentReview(document, data).map((reason) => ({
    message: `Needs review: ${reason.message}`,
    path: [reason.field],
  }));
}

const RESULT_OPTIONS = [
  { title: "1 · home win", value: "1" },
  { title: "X · draw", value: "X" },
  { title: "2 · away win", value: "2" },
];

const teamName = (slug: unknown) => (typeof slug === "string" ? (getTeamBySlug(slug)?.name ?? slug) : "?");

type MatchPreviewFields = { league?: string; season?: string; homeTeam?: string; awayTeam?: string; btts?: string };

export const matchPreview = defineType({
  name: DOCUMENT_TYPES.matchPreview,
  title: "Match preview",
  type: "document",
  description:
    "Picks and analysis for one fixture. Once published they replace the algorithm's pick on every page; drafts show only in preview.",
  // Once the fixture kicked off (by the site's clock) the pick on record is frozen: nothing here changes it.
  readOnly: ({ document }) => fixtureLock(document, null, siteNow()).locked,
  groups: [
    { name: "match", title: "Match", default: true },
    { name: "picks", title: "Picks" },
    { name: "analysis", title: "Analysis" },
  ],
  fields: [
    leagueField({ group: "match" }),
    seasonField({ group: "match" }),
    teamField("homeTeam", "Home team", "The club playing at home.", { group: "match" }),
    teamField("awayTeam", "Away team", "The visiting club.", { group: "match" }),
    defineField({
      name: "kickoff",
      title: "Kick-off",
      type: "datetime",
      group: "match",
      description: "Groups previews by matchweek in this Studio. The site takes the kick-off time from match data.",
      validation: (rule) =>
        rule.required().warning("Without a kick-off the preview is listed under “Without kick-off”."),
    }),
    defineField({
      name: "matchId",
      title: "Fixture",
      type: "string",
      group: "match",
      readOnly: true,
      description:
        "Set when the preview is opened from the fixture list: the league and clubs of the fixture it was written for.",
    }),
    defineField({
      name: "bestPick",
      title: "Best pick",
      type: "string",
      group: "picks",
      description:
        "The headline pick, e.g. “Arsenal to Win”, “Over 2.5 Goals”, “BTTS: Yes”. Leave empty to keep the algorithm's.",
      validation: (rule) => rule.max(MAX_BEST_PICK_LENGTH),
    }),
    confidenceField(
      "confidence",
      "Confidence (%)",
      "How sure the pick is, from 0 to 100. 0 holds the pick back: the match shows 'Coming Soon', the algorithm's pick included. Left empty: the algorithm's confidence when the best pick is the algorithm's, otherwise 85.",
      { group: "picks" },
    ),
    defineField({
      name: "projectedScore",
      title: "Projected score",
      type: "string",
      group: "picks",
      description: "Home goals, a hyphen, away goals: 2-1.",
      validation: (rule) => rule.regex(PROJECTED_SCORE_PATTERN, { name: "score" }).error(PROJECTED_SCORE_MESSAGE),
    }),
    defineField({
      name: "result",
      title: "Result pick (1 / X / 2)",
      type: "string",
      group: "picks",
      options: { list: RESULT_OPTIONS, layout: "radio", direction: "horizontal" },
      validation: choiceOf("Choose 1, X or 2"),
    }),
    defineField({
      name: "btts",
      title: "Both teams to score",
      type: "string",
      group: "picks",
      options: {
        list: BTTS_PICKS.map((value) => ({ title: value === "YES" ? "Yes" : "No", value })),
        layout: "radio",
        direction: "horizontal",
      },
      validation: choiceOf("Choose Yes or No"),
    }),
    defineField({
      name: "bttsConfidence",
      title: "BTTS confidence (%)",
      type: "number",
      group: "picks",
      description: "How sure the both-teams-to-score call is, from 0 to 100.",
      validation: (rule) =>
        rule
          .custom((value, context) => {
            if (typeof value !== "number") return true;
            if (!(context.document as MatchPreviewFields | undefined)?.btts) {
              return "Choose Yes or No for both teams to score, or clear this confidence";
            }
            return confidenceProblem(value) ?? true;
          })
          .precision(1),
    }),
    defineField({
      name: "overUnder",
      title: "Over/under call",
      type: "string",
      group: "picks",
      options: { list: [...OVER_UNDER_CALLS], layout: "dropdown" },
      validation: choiceOf(`Choose one of: ${OVER_UNDER_CALLS.join(", ")}`),
    }),
    defineField({
      name: "verdictTag",
      title: "Verdict tag",
      type: "string",
      group: "picks",
      description: "A short label shown beside the pick, e.g. “Strong Pick”, “Value”, “Upset Alert”.",
      validation: (rule) => rule.max(MAX_VERDICT_TAG_LENGTH),
    }),
    defineField({
      name: "requiresReview",
      title: "Needs review",
      type: "boolean",
      group: "picks",
      readOnly: true,
      description:
        "Set on publishing: the pick contradicts the model or itself (its probability under 40%, a confidence more than 20 points from it, a score against the 1X2 pick, or a best pick naming a different winner from the 1X2 pick). Publishing stays possible.",
    }),
    defineField({
      name: "reviewReasons",
      title: "Why it needs review",
      type: "array",
      group: "picks",
      readOnly: true,
      hidden: ({ document }) => !(document as { requiresReview?: boolean } | undefined)?.requiresReview,
      of: [defineArrayMember({ type: "string" })],
    }),
    richTextField("matchSummary", "Match summary", "The opening section of the match page.", { group: "analysis" }),
    defineField({
      name: "keyInsights",
      title: "Key insights",
      type: "array",
      group: "analysis",
      description: "Short facts or trends, one per line of the list.",
      of: [defineArrayMember({ type: "string", validation: (rule) => rule.required().max(MAX_KEY_INSIGHT_LENGTH) })],
      validation: (rule) => rule.max(MAX_KEY_INSIGHTS),
    }),
    richTextField(
      "tacticalAnalysis",
      "Tactical analysis",
      "How the teams set up and where the match will be decided.",
      { group: "analysis" },
    ),
    richTextField("predictedLineups", "Predicted lineups", "Formations and expected starters.", { group: "analysis" }),
    richTextField("headToHead", "Head-to-head notes", "What recent meetings between the clubs say.", {
      group: "analysis",
    }),
    richTextField("keyPlayerStats", "Key player stats", "The players who decide it, with their numbers.", {
      group: "analysis",
    }),
    richTextField("teamFormMomentum", "Team form and momentum", "Recent results and trends of both clubs.", {
      group: "analysis",
    }),
    richTextField(
      "finalPredictionSummary",
      "Final prediction summary",
      "Closes the match page, under 'Final Predictions & Best Pick'.",
      {
        group: "analysis",
      },
    ),
    richTextField("managersNotes", "Manager's notes", "Optional: team news and what the coaches said.", {
      group: "analysis",
    }),
  ],
  validation: (rule) => [
    rule
      .custom(async (document) => {
        const warnings = await needsReviewWarnings(document);
        return warnings.length > 0 ? warnings : true;
      })
      .warning(),
    rule.custom(async (document, context) => {
      const fields = (document ?? {}) as MatchPreviewFields & { _id?: string };
      const distinct = distinctTeamsProblem(fields.homeTeam, fields.awayTeam);
      if (distinct) return { message: distinct, path: ["awayTeam"] };
      const { league, season, homeTeam, awayTeam, _id } = fields;
      if (!league || !season || !homeTeam || !awayTeam || !_id) return true;
      const taken = await isKeyTaken(context, DOCUMENT_TYPES.matchPreview, _id, { league, season, homeTeam, awayTeam });
      return taken
        ? `Another preview already covers ${teamName(homeTeam)} vs ${teamName(awayTeam)} this season: edit that one`
        : true;
    }),
  ],
  orderings: [
    { title: "Kick-off, latest first", name: "kickoffDesc", by: [{ field: "kickoff", direction: "desc" }] },
    { title: "Kick-off, earliest first", name: "kickoffAsc", by: [{ field: "kickoff", direction: "asc" }] },
  ],
  preview: {
    select: {
      league: "league",
      homeTeam: "homeTeam",
      awayTeam: "awayTeam",
      kickoff: "kickoff",
      bestPick: "bestPick",
      confidence: "confidence",
    },
    prepare({
      league,
      homeTeam,
      awayTeam,
      kickoff,
      bestPick,
      confidence,
    }: {
      league?: string;
      homeTeam?: string;
      awayTeam?: string;
      kickoff?: string;
      bestPick?: string;
      confidence?: number;
    }) {
      const pick = bestPick ? `${bestPick}${typeof confidence === "number" ? ` (${confidence}%)` : ""}` : "No pick yet";
      return {
        // The clubs' short names, from the slugs the fixture template fills in: titled as soon as it is created.
        title: matchTitle({ slug: homeTeam }, { slug: awayTeam }) ?? "Match preview: choose the clubs",
        subtitle: [isLeagueKey(league) ? LEAGUES[league].name : null, kickoff ? formatDateShort(kickoff) : null, pick]
          .filter(Boolean)
          .join(" · "),
      };
    },
  },
});
