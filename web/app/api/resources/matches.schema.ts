/**
 * The shapes of a match in the JSON API: the fields every list and record has, the ranked list,
 * the match record with its live events and live win probability, and the picks' outcomes.
 */
import { z } from "zod";
import { GOALS_LABELS } from "@shared/model/score-probabilities";
import { day, id, instant, leagueKeySchema, matchStateSchema, percent, schemaNamer, scoreText } from "../common/schema";

const named = schemaNamer("matches");

const pickOutcome = z
  .enum(["hit", "miss", "pending", "void"])
  .describe("'pending' until the final whistle; 'void' for a pick no score can settle (stake returned).");

export const pickResultSchema = named(
  "PickResult",
  "A pick as shown and how it ended.",
  z.strictObject({ text: z.string(), outcome: pickOutcome }),
);

export const codedPickResultSchema = named(
  "CodedPickResult",
  "A tracked pick (1X2, over/under 2.5, BTTS): its code ('1', 'X', '2'; 'O2.5', 'U2.5'; 'YES', 'NO'), text and outcome. No pick: code null and text 'Coming Soon'.",
  z.strictObject({ code: z.string().nullable(), text: z.string(), outcome: pickOutcome }),
);

export const liveEventSchema = named(
  "LiveEvent",
  "A goal or a card, in match order. Goals beyond a side's score (later disallowed) are left out.",
  z.strictObject({
    minute: z.number().int(),
    extraMinute: z.number().int().nullable(),
    team: z.enum(["home", "away"]),
    type: z.enum(["Goal", "Card"]),
    detail: z.string().nullable().describe("'Normal Goal', 'Penalty', 'Own Goal', 'Yellow Card', 'Red Card'..."),
    player: z.string().nullable(),
    assistedBy: z.string().nullable(),
  }),
);

export const liveProbabilitySchema = named(
  "LiveProbability",
  "While a match is in play: the chance (0 to 1) of each result, of over 2.5 goals and of both teams scoring from this minute, from the score, the red cards and the prediction's expected goals, with the goals still to come at the rate each half typically has, moved towards the published pre-match probabilities by the share of the match left: at kick-off with 0-0 they are the published probabilities. Null when the match is not in play or has no prediction.",
  z.strictObject({
    minute: z
      .number()
      .int()
      .describe("The match minute the numbers are for, as liveMinute (45 at half-time, 90 in added time)."),
    home: z.number().min(0).max(1),
    draw: z.number().min(0).max(1),
    away: z.number().min(0).max(1),
    over25: z.number().min(0).max(1),
    btts: z.number().min(0).max(1),
  }),
);

export const liveProbabilityTickSchema = named(
  "LiveProbabilityTick",
  "The live win probability at one moment of a match, as the worker recorded it: the kick-off tick (period first-half, minute 0) is the published pre-match probabilities, the full-time tick the result (1 or 0).",
  z.strictObject({
    period: z.enum(["first-half", "half-time", "second-half", "full-time"]),
    minute: z.number().int().min(0).describe("The broadcast minute: 0 at kick-off, 45 at half-time, 90 at full time."),
    addedMinute: z.number().int().min(0).describe("Added minutes beyond 45 or 90 (45+2: minute 45, addedMinute 2)."),
    homeScore: z.number().int().min(0),
    awayScore: z.number().int().min(0),
    homeRedCards: z.number().int().min(0),
    awayRedCards: z.number().int().min(0),
    home: z.number().min(0).max(1),
    draw: z.number().min(0).max(1),
    away: z.number().min(0).max(1),
    over25: z.number().min(0).max(1),
    btts: z.number().min(0).max(1),
  }),
);

/** The fields a match has in every list and in its own record. */
export const matchFields = {
  id: id.describe("The match id of /api/matches/{id} and /match/{id}."),
  fixtureId: id.nullable().describe("API-Football's fixture id; null for a match known only from the CSV files."),
  liveUrl: z.string().describe("Where the live score of this match is polled: /api/live/{fixtureId}."),
  league: leagueKeySchema,
  leagueName: z.string(),
  season: z
    .string()
    .regex(/^\d{4}$/)
    .describe("Season code: '2526' is 2025/26."),
  matchPageLink: z.string().describe("The match page: /{league}-predictions/{home}-vs-{away}-prediction."),
  matchSlug: z.string().nullable().describe("'{home-slug}-vs-{away-slug}'."),
  kickoffTime: instant,
  utcDate: instant.describe("The kick-off again, under its older field name."),
  matchDate: day.describe("The kick-off's date in UTC."),
  matchTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .describe("The kick-off's time in UTC, HH:MM."),
  matchState: matchStateSchema,
  status: z.string().nullable().describe("The provider's short status: NS, 1H, HT, 2H, FT, PST..."),
  liveMinute: z.number().int().nullable(),
  injuryTime: z.number().int().nullable(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamApiId: id.describe("API-Football's team id, also our team id."),
  awayTeamApiId: id,
  homeTeamSlug: z.string().nullable(),
  awayTeamSlug: z.string().nullable(),
  homeTeamCode: z.string().nullable(),
  awayTeamCode: z.string().nullable(),
  homeScore: z.number().int().nullable().describe("The live score while live, the final score after."),
  awayScore: z.number().int().nullable(),
  liveScore: scoreText.nullable().describe("While live: '0-0' until the first goal."),
  finalScore: scoreText.nullable(),
  bestPick: z
    .string()
    .describe(
      "The effective best pick (final score, the editors' preview, the algorithm's prediction), or 'Coming Soon'.",
    ),
  confidence: percent.describe("Of the best pick; 100 once the match is over, 0 for 'Coming Soon'."),
  confidenceLabel: z.string().describe("'72%', '100%' or 'Coming Soon'."),
  projectedScore: scoreText.nullable(),
  result: z.enum(["1", "X", "2"]).nullable(),
  overUnder: z.string().nullable().describe("'Over 2.5 Goals' or 'Under 2.5 Goals'."),
  btts: z.enum(["YES", "NO"]).nullable(),
  bttsConfidence: percent.nullable(),
  pickSource: z.enum(["editorial", "algorithm"]).nullable().describe("Who made the shown pick."),
  resolutionSource: z
    .enum(["final", "editorial", "algorithm", "coming-soon"])
    .describe("Which step of the resolution order decided what the match shows."),
  isLocked: z.boolean().describe("The shown pick is the one frozen at kick-off."),
  pickResults: z.strictObject({
    best: pickResultSchema,
    result: codedPickResultSchema,
    overUnder: codedPickResultSchema,
    btts: codedPickResultSchema,
  }),
};

export const matchListItemSchema = named(
  "MatchListItem",
  "A match of a ranked list: ranked by the confidence of its effective pick, kick-off breaking ties.",
  z.strictObject({ rank: z.number().int().min(1), ...matchFields }),
);

export const matchListSchema = named("MatchList", "This week's matches, ranked.", z.array(matchListItemSchema));

const marketOdds = z
  .strictObject({
    home: z.number().nullable(),
    draw: z.number().nullable(),
    away: z.number().nullable(),
    over25: z.number().nullable(),
    under25: z.number().nullable(),
    bttsYes: z.number().nullable(),
    bttsNo: z.number().nullable(),
    source: z.string().nullable().describe("'market-average', 'pinnacle', 'bet365'..."),
  })
  .describe("The pre-match prices the picks were made against (decimal odds).");

const probabilities = z
  .strictObject({
    home: z.number(),
    draw: z.number(),
    away: z.number(),
    over25: z.number(),
    btts: z.number(),
    expectedGoalsHome: z.number(),
    expectedGoalsAway: z.number(),
    modelVersion: z.string(),
  })
  .describe("The prediction engine's probabilities (0 to 1).");

export const scoreProbabilitySchema = named(
  "ScoreProbability",
  "The prediction's chance (0 to 1) of one final score. Goals '0' to '4', or '5+' for five or more.",
  z.strictObject({
    home: z.enum(GOALS_LABELS),
    away: z.enum(GOALS_LABELS),
    probability: z.number().min(0).max(1),
  }),
);

export const formMatchSchema = named(
  "FormMatch",
  "One of a team's recent finished matches, from the team's side.",
  z.strictObject({
    date: instant,
    isHome: z.boolean(),
    opponent: z.string(),
    result: z.enum(["Win", "Draw", "Loss", "N/A"]),
    score: z.string().describe("Team goals first: '2-1'."),
  }),
);

export const marketMoveSchema = named(
  "MarketMove",
  "How one market moved: its fair probabilities (margin taken out with Shin's method) at the opening price and at the latest one (the closing price once the match kicked off), from one source.",
  z.strictObject({
    market: z.enum(["1x2", "ou25"]).describe("'1x2' (home, draw, away) or 'ou25' (over and under 2.5 goals)."),
    source: z
      .string()
      .describe("Where both prices come from: 'market-average' (the bookmakers' average), 'pinnacle', 'bet365'..."),
    outcomes: z.array(
      z.strictObject({
        outcome: z.enum(["home", "draw", "away", "over", "under"]),
        opening: z.number().min(0).max(1),
        latest: z.number().min(0).max(1),
        movePoints: z.number().describe("latest minus opening, in percentage points."),
      }),
    ),
    direction: z
      .enum(["toward", "away", "unchanged"])
      .nullable()
      .describe(
        "Whether the latest fair probabilities are closer to our forecast than the opening ones (by at least half a point: 'toward'), further ('away') or neither ('unchanged'); null without a forecast.",
      ),
    closerByPoints: z
      .number()
      .nullable()
      .describe(
        "How much closer to our forecast the market moved, in points of total variation distance (negative: further); null without a forecast.",
      ),
  }),
);

const resultChancesSchema = z.strictObject({
  win: z.number().min(0).max(1).nullable(),
  draw: z.number().min(0).max(1).nullable(),
  loss: z.number().min(0).max(1).nullable(),
});

const matchStakesSchema = z.strictObject({
  importance: z
    .number()
    .min(0)
    .max(2)
    .describe(
      "How much the match decides: each club's largest change, between a win and a defeat, of its chance of the title, a Champions League place or relegation, added up (0 to 2).",
    ),
  bigMatch: z.boolean().describe("An importance of at least 0.1 (10 points of swing)."),
  sentences: z.array(z.string()).describe("What the match page says: one sentence per club with a notable stake."),
  clubs: z
    .array(
      z.strictObject({
        teamId: id,
        name: z.string(),
        outcome: z.enum(["title", "championsLeague", "relegation"]),
        label: z.string(),
        now: z.number().min(0).max(1).describe("The club's chance today."),
        ...resultChancesSchema.shape,
      }),
    )
    .describe(
      "Each club's biggest stake (if any moves by 2 points or more): its chance today and after a win, a draw or a defeat (null for a result no simulated season had).",
    ),
});

const headToHead = z.strictObject({ date: instant, homeTeam: z.string(), awayTeam: z.string(), score: z.string() });

/** Editorial long texts are Portable Text blocks: data, rendered by the reader, never HTML. */
const portableText = z
  .array(z.record(z.string(), z.unknown()))
  .nullable()
  .describe("Portable Text blocks (https://portabletext.org), or null when the editors wrote none.");

export const matchRecordSchema = named(
  "MatchRecord",
  "One match with everything the match page shows.",
  z.strictObject({
    ...matchFields,
    venue: z.string().nullable(),
    referee: z.string().nullable(),
    lastApiUpdate: instant.nullable(),
    liveEvents: z.array(liveEventSchema),
    odds: marketOdds.nullable(),
    resultOdds: z.number().nullable().describe("The price of the 1X2 pick."),
    overUnderOdds: z.number().nullable().describe("The price of the over/under pick."),
    bttsOdds: z.number().nullable().describe("The price of the BTTS pick."),
    probabilities: probabilities.nullable(),
    scoreProbabilities: z
      .array(scoreProbabilitySchema)
      .nullable()
      .describe(
        "Every scoreline the prediction gives: 36 cells, home goals 0 to 5+ by away goals 0 to 5+ (home goals first, then away goals, each in order), summing to 1. Null when the match has no prediction, or its prediction was made before scorelines were stored.",
      ),
    oddsMovement: z
      .strictObject({ result: marketMoveSchema.nullable(), goals: marketMoveSchema.nullable() })
      .nullable()
      .describe(
        "How the market moved from its opening prices to its latest (closing once kicked off), for 1X2 ('result') and over/under 2.5 ('goals'), against our forecast. Null when neither market has both prices.",
      ),
    stakes: matchStakesSchema
      .nullable()
      .describe(
        "What the match means for both clubs' season, from the season outlook's simulated seasons grouped by this match's result: null once kicked off, beyond the forecasts' two weeks, or before the outlook has run.",
      ),
    liveProbability: liveProbabilitySchema.nullable(),
    liveProbabilityHistory: z
      .array(liveProbabilityTickSchema)
      .describe(
        "The live win probability through the match in match order, from kick-off to full time (at most 150 ticks); empty before kick-off or when the match was not followed live.",
      ),
    homeForm: z.string().describe("Last five results, oldest first ('WDLWW'), or 'N/A'."),
    awayForm: z.string(),
    form: z.strictObject({ home: z.array(formMatchSchema), away: z.array(formMatchSchema) }),
    h2h: z.array(headToHead).describe("Previous meetings in either venue, newest first (at most 5)."),
    stats: z.array(z.strictObject({ label: z.string(), home: z.number(), away: z.number() })),
    hasCustomContent: z
      .boolean()
      .describe("The editors wrote a preview of this match (a draft counts only in preview)."),
    verdictTag: z.string().nullable(),
    matchSummary: portableText,
    keyInsights: z.array(z.string()),
    tacticalAnalysis: portableText,
    predictedLineups: portableText,
    h2hResults: portableText,
    keyPlayerStats: portableText,
    teamFormMomentum: portableText,
    finalPredictionSummary: portableText,
    managersNotes: portableText,
  }),
);
