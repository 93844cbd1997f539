/**
 * The shapes of the public JSON API (spec sections 3 and 7), as zod schemas. The endpoints are
 * typed by them, the OpenAPI description at /api is generated from them, and the contract tests
 * parse every answer with them. Objects are strict: a field that is not described here fails
 * the tests, so the description never lags behind what the endpoints send. The team and player
 * blocks keep the shapes their read models define.
 */
import { z } from "zod";
import { BEST_PICK_RESULTS } from "@shared/db/schema/performance";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { MATCH_STATES } from "@shared/domain/picks";
import { playerRecentFormItemSchema, playerStatisticsSchema } from "../features/player/players.schema";
import {
  resolvedTeamSchema,
  teamFixtureSchema,
  teamInfoSchema,
  teamPlayerStatSchema,
  teamStandingSchema,
  teamStatisticsSchema,
} from "../features/team/teams.schema";

/** The named schemas, which the OpenAPI description lists under components.schemas. */
export const apiSchemaRegistry = z.registry<{ id: string; description?: string }>();

function named<Schema extends z.ZodType>(id: string, description: string, schema: Schema): Schema {
  apiSchemaRegistry.add(schema, { id, description });
  return schema;
}

const id = z.number().int().min(1);
const count = z.number().int().min(0);
const instant = z.iso.datetime().describe("An instant in UTC, ISO 8601.");
const day = z.iso.date();
const percent = z.number().min(0).max(100);
const scoreText = z.string().regex(/^\d+-\d+$/).describe("Home goals, a hyphen, away goals: '2-1'.");

export const leagueKeySchema = named(
  "LeagueKey",
  "The five leagues.",
  z.enum(LEAGUE_KEYS),
);
export const matchStateSchema = named("MatchState", "Before, during and after the match.", z.enum(MATCH_STATES));
const pickOutcome = z
  .enum(["hit", "miss", "pending", "void"])
  .describe("'pending' until the final whistle; 'void' for a pick no score can settle (stake returned).");

export const errorSchema = named(
  "Error",
  "Every 4xx and 5xx answer: what was wrong, in one sentence.",
  z.strictObject({ error: z.string() }),
);

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
    minute: z.number().int().describe("The match minute the numbers are for, as liveMinute (45 at half-time, 90 in added time)."),
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
const matchFields = {
  id: id.describe("The match id of /api/matches/{id} and /match/{id}."),
  fixtureId: id.nullable().describe("API-Football's fixture id; null for a match known only from the CSV files."),
  liveUrl: z.string().describe("Where the live score of this match is polled: /api/live/{fixtureId}."),
  league: leagueKeySchema,
  leagueName: z.string(),
  season: z.string().regex(/^\d{4}$/).describe("Season code: '2526' is 2025/26."),
  matchPageLink: z.string().describe("The match page: /{league}-predictions/{home}-vs-{away}-prediction."),
  matchSlug: z.string().nullable().describe("'{home-slug}-vs-{away-slug}'."),
  kickoffTime: instant,
  utcDate: instant.describe("The kick-off again, under its older field name."),
  matchDate: day.describe("The kick-off's date in UTC."),
  matchTime: z.string().regex(/^\d{2}:\d{2}$/).describe("The kick-off's time in UTC, HH:MM."),
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
  bestPick: z.string().describe("The effective best pick (final score, the editors' preview, the algorithm's prediction), or 'Coming Soon'."),
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
    liveProbability: liveProbabilitySchema.nullable(),
    liveProbabilityHistory: z
      .array(liveProbabilityTickSchema)
      .describe("The live win probability through the match in match order, from kick-off to full time (at most 150 ticks); empty before kick-off or when the match was not followed live."),
    homeForm: z.string().describe("Last five results, oldest first ('WDLWW'), or 'N/A'."),
    awayForm: z.string(),
    form: z.strictObject({ home: z.array(formMatchSchema), away: z.array(formMatchSchema) }),
    h2h: z.array(headToHead).describe("Previous meetings in either venue, newest first (at most 5)."),
    stats: z.array(z.strictObject({ label: z.string(), home: z.number(), away: z.number() })),
    hasCustomContent: z.boolean().describe("The editors wrote a preview of this match (a draft counts only in preview)."),
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

export const liveScoreSchema = named(
  "LiveScore",
  "The live part of a match, polled every 15 s while it is live; it overrides the match record's.",
  z.strictObject({
    matchId: id,
    fixtureId: id.nullable(),
    matchState: matchStateSchema,
    status: z.string().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    liveMinute: z.number().int().nullable(),
    injuryTime: z.number().int().nullable(),
    events: z.array(liveEventSchema),
    lastUpdated: instant.nullable().describe("When the live data was last written; null before it was."),
    liveProbability: liveProbabilitySchema.nullable(),
  }),
);

export const standingRowSchema = named(
  "StandingRow",
  "A row of a league table.",
  z.strictObject({
    position: z.number().int().min(1),
    teamId: id,
    teamName: z.string(),
    teamHref: z.string().nullable().describe("The team page."),
    played: count,
    wins: count,
    draws: count,
    losses: count,
    goalDifference: z.number().int(),
    points: z.number().int(),
    form: z.string().describe("Last five results, oldest first, or 'N/A'."),
    band: z
      .strictObject({
        key: z.enum(["champions-league", "europa-league", "mid-table", "relegation"]),
        label: z.string(),
        emoji: z.string(),
      })
      .nullable(),
  }),
);

export const standingsSchema = named(
  "Standings",
  "The league's latest table this season, by position; empty before the first snapshot.",
  z.array(standingRowSchema),
);

const derivation = z
  .strictObject({
    league: leagueKeySchema,
    leagueApiId: id,
    season: z.string(),
    referenceMatchId: id.nullable().describe("The pairing's match the data is read up to; null when the two never met in the league."),
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
      ["Premier League", "La Liga", "Bundesliga", "Serie A", "Ligue 1"].map((name) => [name, topLeaguePickSchema.nullable()]),
    ) as Record<"Premier League" | "La Liga" | "Bundesliga" | "Serie A" | "Ligue 1", z.ZodNullable<typeof topLeaguePickSchema>>,
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

export const leaderboardPlayerSchema = named(
  "LeaderboardPlayer",
  "A player of a league leaderboard.",
  z.strictObject({
    id,
    name: z.string(),
    team: z.string(),
    position: z.string().describe("'Unknown' when the provider gave none."),
    goals: count,
    assists: count,
    appearances: count,
    minutes: count,
    rating: z.string().describe("One decimal, or 'N/A'."),
  }),
);

export const leaderboardSchema = named(
  "Leaderboard",
  "The top 10 of the league's season; empty until the provider's figures arrive.",
  z.array(leaderboardPlayerSchema).max(10),
);

const performanceFields = {
  trackingStartDate: day,
  lastUpdated: instant.nullable(),
  totalMatchesPredicted: count,
  bestPickHits: count,
  bestPickMisses: count,
  bestPickAccuracy: percent,
  ouGoalsHits: count,
  ouGoalsMisses: count,
  ouGoalsAccuracy: percent,
  bttsHits: count,
  bttsMisses: count,
  bttsAccuracy: percent,
};

export const overallPerformanceSchema = named(
  "OverallPerformance",
  "The record of every pick frozen at kick-off and settled. Accuracies are percentages with 2 decimals.",
  z.strictObject(performanceFields),
);

export const leaguePerformanceSchema = named(
  "LeaguePerformance",
  "The same record for one league.",
  z.strictObject({ league: leagueKeySchema, leagueName: z.string(), ...performanceFields }),
);

export const recentSettledMatchSchema = named(
  "RecentSettledMatch",
  "A settled match of the record.",
  z.strictObject({
    matchId: id.nullable(),
    league: leagueKeySchema,
    matchDate: day.nullable(),
    homeTeam: z.string().nullable(),
    awayTeam: z.string().nullable(),
    finalScore: z.string().nullable(),
    bestPick: z.string().nullable(),
    bestPickResult: z.enum(BEST_PICK_RESULTS).nullable(),
    bestPickProfit: z.number().nullable().describe("For one unit staked at the locked price; null when unpriced."),
    matchUrl: z.string().nullable(),
  }),
);

export const recentSettledMatchesSchema = named(
  "RecentSettledMatches",
  "The league's latest settled matches, newest first (at most 10).",
  z.array(recentSettledMatchSchema),
);

/*
 * The team and player pages' blocks: their read models define these shapes (teams.schema.ts,
 * players.schema.ts); they are named here so the description lists them.
 */
export const teamInfoAnswerSchema = named("TeamInfo", "The team page header: team.name, league.name and more.", teamInfoSchema);
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
export const resolvedTeamAnswerSchema = named("ResolvedTeam", "The team resolver's answer: teamId and league.", resolvedTeamSchema);
export const playerStatisticsAnswerSchema = named(
  "PlayerStatistics",
  "A player's season for his current club: the player, the club, the league and his figures.",
  playerStatisticsSchema,
);
export const playerRecentFormAnswerSchema = named(
  "PlayerRecentForm",
  "The player's last five matches of the season, most recent first.",
  z.array(named("PlayerRecentFormItem", "One match and the player's part in it.", playerRecentFormItemSchema)).max(5),
);

const probability = z.number().min(0).max(1);

export const seasonOutlookSchema = named(
  "SeasonOutlook",
  "The rest of the league's season simulated by the worker: every club's expected points, its chances of the title, the European places and relegation, and its distribution of final positions. teams is empty until the worker has computed it.",
  z.strictObject({
    league: leagueKeySchema,
    season: z.string().describe("The season code, '2526' for 2025/26."),
    seasons: count.describe("Seasons simulated."),
    ratingSigma: z.number().describe("Standard deviation of each club's log attack and defence multipliers per simulated season (rating uncertainty)."),
    resultsPlayed: count,
    remainingFixtures: count,
    computedAt: instant.nullable(),
    teams: z.array(
      named(
        "TeamOutlook",
        "One club's outlook; the current position is today's table with the league's tie-breakers.",
        z.strictObject({
          teamId: id,
          teamName: z.string(),
          currentPosition: id,
          currentPoints: count,
          played: count,
          remaining: count.describe("Matches left."),
          expectedPoints: z.number(),
          expectedGoalDifference: z.number(),
          title: probability.describe("P(finishing 1st)."),
          championsLeague: probability.describe("P(finishing in the Champions League places)."),
          europaLeague: probability.describe("P(finishing in the Europa League places)."),
          relegation: probability.describe("P(finishing in the relegation zone)."),
          positions: z.array(probability).describe("P(finishing 1st), P(2nd), … for every position."),
          mostLikelyPosition: id,
        }),
      ),
    ),
  }),
);

const reliabilityBinSchema = named(
  "ReliabilityBin",
  "One of 10 equal-width bins of forecast probability: how many forecasts fell in it, their mean and how often the event happened (null when empty).",
  z.strictObject({
    from: probability,
    to: probability,
    count,
    meanProbability: probability.nullable(),
    observedRate: probability.nullable(),
  }),
);

const seasonCodes = z.array(z.string().regex(/^\d{4}$/)).describe("Season codes, '1617' for 2016/17.");

export const oddsCheckSchema = named(
  "OddsCheck",
  "The worker's latest public check of the season outlook and the live win probability, walk-forward on the match history (the figures of 'How good are our season and live odds?' on /algo-results and of `npm run bench:outlook`). ranAt, outlook and live are null until the worker has run the check on this site (it needs a local copy of the football-data.co.uk history).",
  z.strictObject({
    ranAt: instant.nullable(),
    outlook: z
      .strictObject({
        seasons: seasonCodes,
        checkpoints: z.array(id).describe("Matchweeks after which the outlook was computed from what was known then."),
        leagueSeasons: count,
        forecasts: count.describe("Checkpoints computed: league seasons × checkpoints."),
        teamForecasts: count,
        simulations: count.describe("Simulated seasons per checkpoint, for ours and for the baseline."),
        metrics: z.array(
          z.strictObject({
            key: z.enum(["title", "championsLeague", "relegation"]),
            label: z.string(),
            ours: z.number().min(0).describe("Mean Brier score of our probability over every club at every checkpoint."),
            baseline: z.number().min(0).describe("The same for the points-per-game baseline."),
            improvement: z.number().describe("1 − ours / baseline."),
            target: z.number(),
            met: z.boolean(),
            reliability: z.array(reliabilityBinSchema),
          }),
        ),
        elapsedMs: count,
      })
      .nullable(),
    live: z
      .strictObject({
        seasons: seasonCodes,
        matches: count,
        rps: z.strictObject({
          ours: z.number().min(0).describe("Mean 1X2 RPS of our win probability at half-time."),
          preMatch: z.number().min(0).describe("Of our pre-match forecast, on the same matches."),
          leaderRule: z.number().min(0).describe("Of 'the half-time leader wins (level: a draw)', on the same matches."),
        }),
        ece: z.number().min(0).describe("Expected calibration error over the three outcomes, 10 equal-width bins."),
        eceTarget: z.number(),
        met: z.boolean(),
        reliability: z.array(reliabilityBinSchema),
        elapsedMs: count,
      })
      .nullable(),
  }),
);

export const searchResultsSchema = named(
  "SearchResults",
  "What the site search finds: clubs by any name the registry knows, this week's matches by their two teams, players by name; best first.",
  z.strictObject({
    query: z.string().describe("The query as received."),
    results: z.array(
      named(
        "SearchResult",
        "One result, linking to its canonical page.",
        z.strictObject({
          kind: z.enum(["team", "match", "player"]),
          label: z.string().describe("Its name: 'Bayern München', 'Arsenal vs Chelsea'."),
          detail: z.string().describe("One line about it: the league, the kick-off in UTC, the club."),
          href: z.string().describe("The canonical page's path."),
        }),
      ),
    ),
  }),
);

const editorTeam = z.strictObject({ name: z.string(), slug: z.string().nullable() });

export const editorFixtureSchema = named(
  "EditorFixture",
  "A fixture as the Studio's fixture list shows it.",
  z.strictObject({
    id,
    league: leagueKeySchema,
    season: z.string().regex(/^\d{4}$/),
    kickoffAt: instant,
    state: matchStateSchema,
    kickedOff: z.boolean().describe("The site's clock has passed the kick-off: a preview is locked."),
    homeTeam: editorTeam,
    awayTeam: editorTeam,
    matchId: z.string().nullable().describe("'{league}/{home}-vs-{away}': with the season, the fixture's key."),
    previewDocumentId: z.string().nullable().describe("The id a preview created from this fixture gets."),
    published: z.boolean().describe("A published preview covers the fixture."),
    bestPick: z.string().describe("What the match page shows now."),
    confidence: percent,
  }),
);

export const editorFixtureListSchema = named(
  "EditorFixtureList",
  "This week's and next week's fixtures of a league, earliest first.",
  z.strictObject({ now: instant.describe("The site's clock."), from: instant, to: instant, fixtures: z.array(editorFixtureSchema) }),
);

const pickContent = z.strictObject({
  bestPick: z.string().nullable().optional(),
  projectedScore: z.string().nullable().optional(),
  confidence: z.union([z.number(), z.string()]).nullable().optional(),
  result: z.string().nullable().optional(),
  overUnder: z.string().nullable().optional(),
  btts: z.string().nullable().optional(),
  bttsConfidence: z.union([z.number(), z.string()]).nullable().optional(),
});

const lockedPick = z.strictObject({
  bestPick: z.string(),
  result: z.enum(["1", "X", "2"]).nullable(),
  overUnder: z.string().nullable(),
  btts: z.enum(["YES", "NO"]).nullable(),
  confidence: percent,
  bttsConfidence: percent.nullable(),
  projectedScore: z.string().nullable(),
  source: z.enum(["editorial", "algorithm"]),
});

const fairOdds = z
  .strictObject({
    home: z.number().nullable(),
    draw: z.number().nullable(),
    away: z.number().nullable(),
    over25: z.number().nullable(),
    under25: z.number().nullable(),
    bttsYes: z.number().nullable(),
    bttsNo: z.number().nullable(),
  })
  .describe("The market's probabilities with the margin taken out (Shin's method, as the model reads them), 0 to 1.");

export const editorFixtureDataSchema = named(
  "EditorFixtureData",
  "The numbers beside a preview in the Studio: the site's match record and what the Studio needs to apply the resolution order to a draft.",
  z.strictObject({
    now: instant.describe("The site's clock."),
    fixture: editorFixtureSchema,
    match: matchRecordSchema,
    algorithm: pickContent.extend({ modelVersion: z.string() }).nullable().describe("The algorithm's prediction, before any editorial content."),
    fairOdds: fairOdds.nullable(),
    table: z.array(standingRowSchema).describe("The league table around the two clubs (two places either side)."),
    locked: lockedPick.nullable().describe("The pick on record, frozen at kick-off in the ledger."),
    review: z
      .array(
        z.strictObject({
          rule: z.enum(["low-probability", "confidence-gap", "score-contradicts-result", "pick-contradicts-result"]),
          field: z.enum(["bestPick", "confidence", "projectedScore", "result"]).describe("The preview's field the reason is about."),
          message: z.string(),
        }),
      )
      .describe("Why the published preview needs review; empty when it does not."),
  }),
);
