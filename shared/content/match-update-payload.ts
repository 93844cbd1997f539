/**
 * The spec's admin-style update payload (section 3), as content automation sends it:
 * `match_id` (required) names the fixture; `confidence_score` is a number from 0 to 100; every
 * other field is optional. Parsing turns it into the match preview fields it sets.
 *
 * `match_id` is our canonical match id, league key and team slugs from the registry:
 * "premier-league/arsenal-vs-chelsea". A match page path is accepted too (any of its aliases,
 * e.g. "/premier-league-predictions/arsenal-vs-chelsea-prediction"). Numeric ids are refused:
 * database ids differ between installations, while league and teams name the same fixture
 * everywhere. Two fields extend the spec's payload: `season` ("2025/26" or "2526"; default the
 * season of the site's clock) and `publish` (default false: the update is saved as a draft an
 * editor reviews and publishes). `kickoff` (ISO instant) is kept for the Studio's grouping.
 */
import { z } from "zod";
import { parseRoute } from "../domain/routes";
import type { SeasonCode } from "../domain/teams/registry";
import { matchIdOf, type FixtureKey } from "./ids";
import { plainTextToPortableText } from "./portable-text";
import {
  CONFIDENCE_MESSAGE,
  MAX_BEST_PICK_LENGTH,
  MAX_KEY_INSIGHT_LENGTH,
  MAX_KEY_INSIGHTS,
  MAX_VERDICT_TAG_LENGTH,
  PROJECTED_SCORE_MESSAGE,
  PROJECTED_SCORE_PATTERN,
  distinctTeamsProblem,
  readSeason,
  teamProblem,
} from "./rules";

const MAX_LONG_TEXT_LENGTH = 10_000;

const shortText = (max: number) =>
  z.string({ error: "expected text" }).trim().min(1, "must not be empty").max(max, `at most ${max} characters`);
const longText = shortText(MAX_LONG_TEXT_LENGTH);

/** Payload field → match preview field, for the texts stored as Portable Text. */
const LONG_TEXT_FIELDS = {
  match_summary: "matchSummary",
  tactical_analysis: "tacticalAnalysis",
  predicted_lineups: "predictedLineups",
  h2h_results: "headToHead",
  key_player_stats: "keyPlayerStats",
  team_form_momentum: "teamFormMomentum",
  final_prediction_summary: "finalPredictionSummary",
  managers_notes: "managersNotes",
} as const;

const payloadShape = z.strictObject({
  match_id: z
    .string({ error: "required: a match id such as premier-league/arsenal-vs-chelsea" })
    .trim()
    .min(1, "required"),
  season: z.string({ error: "expected a season such as 2025/26" }).optional(),
  publish: z.boolean({ error: "expected true or false" }).optional(),
  kickoff: z.iso.datetime({ offset: true, error: "expected an ISO instant such as 2026-02-07T15:00:00Z" }).optional(),
  final_prediction: shortText(MAX_BEST_PICK_LENGTH).optional(),
  confidence_score: z
    .number({ error: CONFIDENCE_MESSAGE })
    .min(0, CONFIDENCE_MESSAGE)
    .max(100, CONFIDENCE_MESSAGE)
    .optional(),
  projected_score: z
    .string({ error: PROJECTED_SCORE_MESSAGE })
    .trim()
    .regex(PROJECTED_SCORE_PATTERN, PROJECTED_SCORE_MESSAGE)
    .optional(),
  verdict_tag: shortText(MAX_VERDICT_TAG_LENGTH).optional(),
  key_insights: z
    .array(shortText(MAX_KEY_INSIGHT_LENGTH), { error: "expected a list of texts" })
    .max(MAX_KEY_INSIGHTS, `at most ${MAX_KEY_INSIGHTS} insights`)
    .optional(),
  ...(Object.fromEntries(Object.keys(LONG_TEXT_FIELDS).map((field) => [field, longText.optional()])) as Record<
    keyof typeof LONG_TEXT_FIELDS,
    z.ZodOptional<typeof longText>
  >),
});

type Payload = z.infer<typeof payloadShape>;

export interface MatchPreviewUpdate {
  fixture: FixtureKey;
  /** "premier-league/arsenal-vs-chelsea" */
  matchId: string;
  publish: boolean;
  /** Match preview fields to set. */
  set: Record<string, unknown>;
}

export interface PayloadIssue {
  field: string;
  message: string;
}

export type PayloadResult = { ok: true; update: MatchPreviewUpdate } | { ok: false; issues: PayloadIssue[] };

function fixtureFromMatchId(matchId: string, season: SeasonCode): FixtureKey | PayloadIssue[] {
  const path = matchId.startsWith("/") ? matchId : `/matches/${matchId}`;
  const route = parseRoute(path);
  if (route.page !== "match" || route.by !== "slug") {
    return [{ field: "match_id", message: `"${matchId}" is not a match id such as premier-league/arsenal-vs-chelsea` }];
  }
  const fixture: FixtureKey = { league: route.league, season, homeTeam: route.homeSlug, awayTeam: route.awaySlug };
  const problems = [
    teamProblem(fixture.league, season, fixture.homeTeam),
    teamProblem(fixture.league, season, fixture.awayTeam),
    distinctTeamsProblem(fixture.homeTeam, fixture.awayTeam),
  ].filter((problem): problem is string => problem !== null);
  return problems.length > 0 ? problems.map((message) => ({ field: "match_id", message })) : fixture;
}

function fieldsToSet(payload: Payload): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (payload.kickoff !== undefined) set.kickoff = new Date(payload.kickoff).toISOString();
  if (payload.final_prediction !== undefined) set.bestPick = payload.final_prediction;
  if (payload.confidence_score !== undefined) set.confidence = payload.confidence_score;
  if (payload.projected_score !== undefined) set.projectedScore = payload.projected_score;
  if (payload.verdict_tag !== undefined) set.verdictTag = payload.verdict_tag;
  if (payload.key_insights !== undefined) set.keyInsights = payload.key_insights;
  for (const [field, documentField] of Object.entries(LONG_TEXT_FIELDS)) {
    const text = payload[field as keyof typeof LONG_TEXT_FIELDS];
    if (text !== undefined) set[documentField] = plainTextToPortableText(text);
  }
  return set;
}

/** Reads a payload; every problem is reported with the field it concerns. */
export function parseMatchUpdatePayload(body: unknown, defaultSeason: SeasonCode): PayloadResult {
  const parsed = payloadShape.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.flatMap((issue) =>
        issue.code === "unrecognized_keys"
          ? issue.keys.map((key) => ({ field: key, message: "not a field of the update payload" }))
          : [{ field: issue.path.join(".") || "(body)", message: issue.message }],
      ),
    };
  }
  const payload = parsed.data;
  const season = payload.season === undefined ? defaultSeason : readSeason(payload.season);
  if (season === null) {
    return {
      ok: false,
      issues: [
        { field: "season", message: `"${payload.season}" is not a season the site covers (2025/26 or 2026/27)` },
      ],
    };
  }
  const fixture = fixtureFromMatchId(payload.match_id, season);
  if (Array.isArray(fixture)) return { ok: false, issues: fixture };
  const set = fieldsToSet(payload);
  if (Object.keys(set).length === 0) {
    return {
      ok: false,
      issues: [{ field: "(body)", message: "the payload changes nothing: give at least one field besides match_id" }],
    };
  }
  return { ok: true, update: { fixture, matchId: matchIdOf(fixture), publish: payload.publish ?? false, set } };
}
