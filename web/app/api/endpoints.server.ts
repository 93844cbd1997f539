/**
 * The list of the JSON API's endpoints (spec section 7): path, route file, parameters,
 * response schema, errors and caching. The resource routes serve from these definitions
 * (endpointLoader) and the OpenAPI description at /api is generated from the same list, so
 * the two cannot drift; a test checks that every api.* route file is listed here.
 */
import { z } from "zod";
import { LIVE_PAGE_CACHE, LIVE_SCORE_CACHE, PUBLIC_PAGE_CACHE } from "../cache-control";
import { PERFORMANCE_UNAVAILABLE_TEXT } from "../features/track-record/results";
import { debugQuery, idParam, leagueIdParam, leagueParam, matchRefParam } from "./params";
import { SEARCH_QUERY_MAX_LENGTH } from "../features/search/search-index";
import {
  editorFixtureDataSchema,
  editorFixtureListSchema,
  leaderboardSchema,
  leaguePerformanceSchema,
  lineupsSchema,
  liveScoreSchema,
  matchListSchema,
  matchOfTheWeekSchema,
  matchRecordSchema,
  oddsCheckSchema,
  overallPerformanceSchema,
  playerRecentFormAnswerSchema,
  playerStatisticsAnswerSchema,
  playerStatsSchema,
  resolvedTeamAnswerSchema,
  recentSettledMatchesSchema,
  seasonOutlookSchema,
  searchResultsSchema,
  standingsSchema,
  teamFormPairSchema,
  teamInfoAnswerSchema,
  teamNextMatchSchema,
  teamRecentMatchesSchema,
  teamSquadStatsSchema,
  teamStandingAnswerSchema,
  teamStatisticsAnswerSchema,
  topLeaguePicksSchema,
  topPicksSchema,
} from "./schemas";

/** Cache-Control of an answer: `live` when it shows a match in play. Preview answers are always `no-store`. */
export interface CachePolicy {
  normal: string;
  live: string;
}

/** Pages' policy: a short shared lifetime, shorter while a match is live. */
const PAGE_DATA: CachePolicy = { normal: PUBLIC_PAGE_CACHE, live: LIVE_PAGE_CACHE };
/** Spec 7: the live score is polled every 15 s "only while live": a shared copy lives one poll at most, purged on each tick. */
const LIVE_SCORE: CachePolicy = { normal: PUBLIC_PAGE_CACHE, live: LIVE_SCORE_CACHE };
/** Spec 9: "leaderboards and top-player calls cached 30 min". */
const THIRTY_MINUTES = "public, max-age=1800, s-maxage=1800, stale-while-revalidate=600";
const LEADERBOARD: CachePolicy = { normal: THIRTY_MINUTES, live: THIRTY_MINUTES };
/** Spec 9: "Match of the Week cache 5 min". */
const FIVE_MINUTES = "public, max-age=300, s-maxage=300, stale-while-revalidate=60";
const MATCH_OF_THE_WEEK: CachePolicy = { normal: FIVE_MINUTES, live: FIVE_MINUTES };
/** Spec 7: top 10 picks, "no caching". */
const NOT_STORED: CachePolicy = { normal: "no-store", live: "no-store" };

/** The errors the endpoints answer with (spec 8's texts where it has one). */
export const API_ERRORS = {
  matchNotFound: "Match not found",
  teamNotFound: "Team not found",
  playerNotFound: "Player not found",
  performanceUnavailable: PERFORMANCE_UNAVAILABLE_TEXT,
} as const;

export const API_TAGS = {
  matches: "Matches",
  matchBlocks: "Match page blocks",
  standings: "Standings",
  picks: "Picks",
  teams: "Teams",
  players: "Players",
  record: "Track record",
  site: "Editorial and preview",
  internal: "Internal",
  description: "This description",
} as const;
type Tag = (typeof API_TAGS)[keyof typeof API_TAGS];

export type ErrorStatus = 400 | 404;

export interface JsonEndpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  operationId: string;
  /** OpenAPI path: /api/matches/{id}. */
  path: string;
  /** The resource route under web/app/routes that serves it. */
  file: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Path parameters, named as in `path` and in the route file. */
  params: Params;
  query: Query;
  response: Response;
  /** What each error status means here. */
  errors: Partial<Record<ErrorStatus, string>>;
  cache: CachePolicy;
}

function endpoint<Params extends z.ZodType, Query extends z.ZodType, Response extends z.ZodType>(
  definition: JsonEndpoint<Params, Query, Response>,
): JsonEndpoint<Params, Query, Response> {
  return definition;
}

const noParams = z.object({});
const noQuery = z.object({});
const debugOnly = z.object({ debug: debugQuery });

const UNSUPPORTED_LEAGUE_400 = "'Unsupported league' for a league the site does not cover.";
const pairParams = z.object({
  leagueId: leagueIdParam,
  homeTeamId: idParam("homeTeamId", "The home team's API-Football id (also our team id)."),
  awayTeamId: idParam("awayTeamId", "The away team's API-Football id."),
});
const PAIR_ERRORS = {
  400: `${UNSUPPORTED_LEAGUE_400} Team ids that are not whole numbers from 1 to 2147483647, or an invalid debug value.`,
  404: `'${API_ERRORS.teamNotFound}' when either id is not a club of the site.`,
} as const;
const PAIR_DESCRIPTION =
  "The pairing's match is the one the match page shows (this season's, else the latest); with none, data is read up to now.";

const leagueParams = z.object({ league: leagueParam });

const teamParams = z.object({ teamId: idParam("teamId", "The club's API-Football id (also our team id).") });
const teamQuery = z.object({ league: leagueParam.optional() });
const TEAM_LEAGUE = "?league= names the league (by default the one the club plays in this season).";
const TEAM_ERRORS = {
  400: `A teamId that is not a whole number from 1 to 2147483647; ${UNSUPPORTED_LEAGUE_400}`,
  404: `'${API_ERRORS.teamNotFound}' for an id that is not a club of the five leagues.`,
} as const;
const TEAM_SLUG_MESSAGE = "teamSlug must be 1 to 100 characters";
const teamSlugParam = z
  .string({ error: TEAM_SLUG_MESSAGE })
  .min(1, { error: TEAM_SLUG_MESSAGE })
  .max(100, { error: TEAM_SLUG_MESSAGE })
  .meta({ description: "A team id, slug, 3-letter code or name, as a team URL carries it.", example: "manchester-united" });
const RESOLVE_DESCRIPTION =
  "The team a URL segment names: all digits is the team id; otherwise the exact slug, a 3-letter club code, then the name lookup (exact name, slug, fuzzy match; München = Munich; nicknames), preferring the given league. The answer's league is where the club plays this season. Not retried by the site.";
const playerParams = z.object({ id: idParam("id", "The player's API-Football id.") });
const SEARCH_QUERY_MESSAGE = `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`;
const searchQueryParam = z
  .string({ error: SEARCH_QUERY_MESSAGE })
  .max(SEARCH_QUERY_MAX_LENGTH, { error: SEARCH_QUERY_MESSAGE })
  .default("")
  .meta({ description: "What to look for: a club, two clubs, a player.", example: "bayern munchen" });
const PLAYER_ERRORS = {
  400: "An id that is not a whole number from 1 to 2147483647.",
  404: `'${API_ERRORS.playerNotFound}'.`,
} as const;

const SEASON_MESSAGE = "season must be a season code of the editors' content, e.g. 2526";
const seasonParam = z
  .string({ error: SEASON_MESSAGE })
  .regex(/^\d{4}$/, { error: SEASON_MESSAGE })
  .meta({ description: "The season code: '2526' is 2025/26.", example: "2526" });
const TEAM_SLUG_PARAM_MESSAGE = "team slugs are 1 to 100 lower-case letters, digits and hyphens";
const slugParam = (description: string, example: string) =>
  z
    .string({ error: TEAM_SLUG_PARAM_MESSAGE })
    .regex(/^[a-z0-9-]{1,100}$/, { error: TEAM_SLUG_PARAM_MESSAGE })
    .meta({ description, example });
const EDITOR_DESK =
  "Read by the Sanity Studio, whose origin the site allows by CORS (STUDIO_ORIGIN): GET and HEAD only, published content only, cached like the pages.";

export const ENDPOINTS = {
  matchById: endpoint({
    operationId: "getMatch",
    path: "/api/matches/{id}",
    file: "api.matches.$id.ts",
    tag: API_TAGS.matches,
    summary: "A match record by id",
    description:
      "Everything the match page shows of one match: teams, kick-off, state and score, the effective pick (the resolution order: final score, the editors' preview, the algorithm's prediction, else 'Coming Soon'), the three tracked picks and how they ended, odds, probabilities, form, head-to-head, events and the editorial texts. Refresh every 15 s while live.",
    params: z.object({ id: idParam("id", "The match id.") }),
    query: noQuery,
    response: matchRecordSchema,
    errors: { 400: "An id that is not a whole number from 1 to 2147483647.", 404: `'${API_ERRORS.matchNotFound}'.` },
    cache: PAGE_DATA,
  }),
  editorFixtures: endpoint({
    operationId: "listEditorFixtures",
    path: "/api/editor/fixtures/{league}",
    file: "api.editor.fixtures.$league.ts",
    tag: API_TAGS.site,
    summary: "The fixtures editors write previews for",
    description: `This week's and next week's fixtures of a league (from Monday 00:00 UTC of the site clock's week, 14 days), earliest first, each with the key and document id of its preview and whether a published preview covers it. ${EDITOR_DESK}`,
    params: leagueParams,
    query: noQuery,
    response: editorFixtureListSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
  editorFixture: endpoint({
    operationId: "getEditorFixture",
    path: "/api/editor/fixture/{league}/{season}/{homeTeam}/{awayTeam}",
    file: "api.editor.fixture.$league.$season.$homeTeam.$awayTeam.ts",
    tag: API_TAGS.site,
    summary: "The numbers beside a preview",
    description: `One fixture by its key, with the match page's record, the algorithm's prediction before editorial content, the market's fair probabilities, the table around the two clubs, the pick on record once kicked off and the published preview's 'Needs review' reasons. ${EDITOR_DESK}`,
    params: z.object({
      league: leagueParam,
      season: seasonParam,
      homeTeam: slugParam("The home club's slug.", "arsenal"),
      awayTeam: slugParam("The away club's slug.", "sunderland"),
    }),
    query: noQuery,
    response: editorFixtureDataSchema,
    errors: { 400: `${UNSUPPORTED_LEAGUE_400} A season that is not four digits, or a team slug that is not lower-case letters, digits and hyphens.`, 404: `'${API_ERRORS.matchNotFound}'.` },
    cache: PAGE_DATA,
  }),
  matchBySlug: endpoint({
    operationId: "getMatchBySlug",
    path: "/api/match/{league}/{id}",
    file: "api.match.$league.$id.ts",
    tag: API_TAGS.matches,
    summary: "A match record by league and team slugs",
    description:
      "The same record, for the match a canonical URL names (/{league}-predictions/{home}-vs-{away}-prediction): this season's meeting of the pair, else the latest.",
    params: z.object({ league: leagueParam, id: matchRefParam }),
    query: noQuery,
    response: matchRecordSchema,
    errors: { 400: `${UNSUPPORTED_LEAGUE_400} An id that is neither '{home}-vs-{away}' nor a number.`, 404: `'${API_ERRORS.matchNotFound}'.` },
    cache: PAGE_DATA,
  }),
  matches: endpoint({
    operationId: "listMatches",
    path: "/api/matches",
    file: "api.matches._index.ts",
    tag: API_TAGS.matches,
    summary: "This week's matches of the five leagues",
    description:
      "Every match of the matchweek window (Monday 00:00 UTC to the next Monday) in the five leagues, ranked by the confidence of the effective pick.",
    params: noParams,
    query: noQuery,
    response: matchListSchema,
    errors: {},
    cache: PAGE_DATA,
  }),
  leagueMatches: endpoint({
    operationId: "listLeagueMatches",
    path: "/api/matches/league/{league}",
    file: "api.matches.league.$league.ts",
    tag: API_TAGS.matches,
    summary: "This week's matches of a league",
    description: "The league page's ranked list of this week's matches.",
    params: leagueParams,
    query: noQuery,
    response: matchListSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
  live: endpoint({
    operationId: "getLiveScore",
    path: "/api/live/{fixtureId}",
    file: "api.live.$fixtureId.ts",
    tag: API_TAGS.matches,
    summary: "The live score of a match",
    description:
      "Score, minute, injury time and events, polled every 15 s while the match is live; they override the match record's. fixtureId is API-Football's fixture id; a match known only from the CSV files answers to its match id (the record's liveUrl is always right). Never stored while live.",
    params: z.object({ fixtureId: idParam("fixtureId", "API-Football's fixture id, or the match id of a match without one.") }),
    query: noQuery,
    response: liveScoreSchema,
    errors: { 400: "A fixtureId that is not a whole number from 1 to 2147483647.", 404: `'${API_ERRORS.matchNotFound}'.` },
    cache: LIVE_SCORE,
  }),
  standings: endpoint({
    operationId: "getStandings",
    path: "/api/standings/{league}",
    file: "api.standings.$league.ts",
    tag: API_TAGS.standings,
    summary: "A league's table",
    description:
      "The latest table of the league's current season with each position's band (Champions League, Europa League, mid-table, relegation), as the league and match pages show it. Keys premier-league, la-liga, bundesliga, serie-a, ligue1 (ligue-1 too).",
    params: leagueParams,
    query: noQuery,
    response: standingsSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
  lineups: endpoint({
    operationId: "getLineups",
    path: "/api/lineups/{leagueId}/{homeTeamId}/{awayTeamId}",
    file: "api.lineups.$leagueId.$homeTeamId.$awayTeamId.ts",
    tag: API_TAGS.matchBlocks,
    summary: "Both teams' recent lineups",
    description: `Each team's lineup for the match once announced, else its latest one before it, with at most 7 substitutes. ${PAIR_DESCRIPTION}`,
    params: pairParams,
    query: debugOnly,
    response: lineupsSchema,
    errors: PAIR_ERRORS,
    cache: PAGE_DATA,
  }),
  playerStats: endpoint({
    operationId: "getPlayerStats",
    path: "/api/player-stats/{leagueId}/{homeTeamId}/{awayTeamId}",
    file: "api.player-stats.$leagueId.$homeTeamId.$awayTeamId.ts",
    tag: API_TAGS.matchBlocks,
    summary: "Both teams' key players",
    description: `Each team's top scorer, top assister, best-rated outfield player and goalkeeper of the season. ${PAIR_DESCRIPTION}`,
    params: pairParams,
    query: debugOnly,
    response: playerStatsSchema,
    errors: PAIR_ERRORS,
    cache: PAGE_DATA,
  }),
  teamForm: endpoint({
    operationId: "getTeamForm",
    path: "/api/team-form-by-id/{leagueId}/{homeTeamId}/{awayTeamId}",
    file: "api.team-form-by-id.$leagueId.$homeTeamId.$awayTeamId.ts",
    tag: API_TAGS.matchBlocks,
    summary: "Both teams' recent form",
    description: `Each team's last five finished matches before the match, newest first, with wins, draws, losses and goals. ${PAIR_DESCRIPTION}`,
    params: pairParams,
    query: debugOnly,
    response: teamFormPairSchema,
    errors: PAIR_ERRORS,
    cache: PAGE_DATA,
  }),
  matchOfTheWeek: endpoint({
    operationId: "getMatchOfTheWeek",
    path: "/api/picks/match-of-the-week",
    file: "api.picks.match-of-the-week.ts",
    tag: API_TAGS.picks,
    summary: "Match of the Week",
    description:
      "This week's featured match from the league rotation, with its matchPageLink; null when there is none yet ('Coming Soon'). Cached 5 minutes.",
    params: noParams,
    query: noQuery,
    response: matchOfTheWeekSchema,
    errors: {},
    cache: MATCH_OF_THE_WEEK,
  }),
  topLeaguePicks: endpoint({
    operationId: "getTopLeaguePicks",
    path: "/api/picks/top-league-picks",
    file: "api.picks.top-league-picks.ts",
    tag: API_TAGS.picks,
    summary: "Top League Picks",
    description: "Each league's first-ranked match of the week, keyed by league name.",
    params: noParams,
    query: noQuery,
    response: topLeaguePicksSchema,
    errors: {},
    cache: PAGE_DATA,
  }),
  topPicks: endpoint({
    operationId: "getTopPicks",
    path: "/api/picks/top10",
    file: "api.picks.top10.ts",
    tag: API_TAGS.picks,
    summary: "The week's ten best picks",
    description:
      "The ten most confident picks of the week across the five leagues, ranked. Not cached. There is no sample data: with no matches the list is empty.",
    params: noParams,
    query: noQuery,
    response: topPicksSchema,
    errors: {},
    cache: NOT_STORED,
  }),
  topScorers: endpoint({
    operationId: "getTopScorers",
    path: "/api/players/top-scorers/{league}",
    file: "api.players.top-scorers.$league.ts",
    tag: API_TAGS.players,
    summary: "A league's top scorers",
    description: "The season's top 10 by goals (assists, then fewer minutes, break ties). Cached 30 minutes.",
    params: leagueParams,
    query: noQuery,
    response: leaderboardSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: LEADERBOARD,
  }),
  topAssists: endpoint({
    operationId: "getTopAssists",
    path: "/api/players/top-assists/{league}",
    file: "api.players.top-assists.$league.ts",
    tag: API_TAGS.players,
    summary: "A league's top assist providers",
    description: "The season's top 10 by assists (goals, then fewer minutes, break ties). Cached 30 minutes.",
    params: leagueParams,
    query: noQuery,
    response: leaderboardSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: LEADERBOARD,
  }),
  topRated: endpoint({
    operationId: "getTopRated",
    path: "/api/players/top-rated/{league}",
    file: "api.players.top-rated.$league.ts",
    tag: API_TAGS.players,
    summary: "A league's best-rated players",
    description:
      "The season's top 10 by average rating, among players with at least a third of the minutes of the league's busiest player. Cached 30 minutes.",
    params: leagueParams,
    query: noQuery,
    response: leaderboardSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: LEADERBOARD,
  }),
  teamInfo: endpoint({
    operationId: "getTeamInfo",
    path: "/api/teams/{teamId}/info",
    file: "api.teams.$teamId.info.ts",
    tag: API_TAGS.teams,
    summary: "A club and its league",
    description: `The team page header: the club's name, code, venue, badge and page, and the league's name. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamInfoAnswerSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamStatistics: endpoint({
    operationId: "getTeamStatistics",
    path: "/api/teams/{teamId}/statistics",
    file: "api.teams.$teamId.statistics.ts",
    tag: API_TAGS.teams,
    summary: "A club's season figures",
    description: `'Team Stats Overview': average goals scored and conceded, clean sheets, over 2.5 and BTTS percentages, home and away win rates; null before the club's first completed match. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamStatisticsAnswerSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamStanding: endpoint({
    operationId: "getTeamStanding",
    path: "/api/teams/{teamId}/standing",
    file: "api.teams.$teamId.standing.ts",
    tag: API_TAGS.teams,
    summary: "A club's place in the table",
    description: `Rank, points, record and form from the league's latest table; null when the table has no row for the club. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamStandingAnswerSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamRecentMatches: endpoint({
    operationId: "getTeamRecentMatches",
    path: "/api/teams/{teamId}/recent-matches",
    file: "api.teams.$teamId.recent-matches.ts",
    tag: API_TAGS.teams,
    summary: "A club's last five results",
    description: `'Recent Results (Last 5 Matches)': the club's last five finished league matches up to now, most recent first. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamRecentMatchesSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamNextMatch: endpoint({
    operationId: "getTeamNextMatch",
    path: "/api/teams/{teamId}/next-match",
    file: "api.teams.$teamId.next-match.ts",
    tag: API_TAGS.teams,
    summary: "A club's next match and its pick",
    description: `The club's match in play, else its next scheduled league match, with its best pick as the match page shows it ('Coming Soon' before there is one); null when none is known. The home page's 'My Teams' strip reads it for each of the reader's clubs. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamNextMatchSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamPlayers: endpoint({
    operationId: "getTeamPlayers",
    path: "/api/teams/{teamId}/players",
    file: "api.teams.$teamId.players.ts",
    tag: API_TAGS.teams,
    summary: "A club's players this season",
    description: `'Key Player Stats' and 'Goalkeeper Stats': every player's season for the club, key players first. ${TEAM_LEAGUE}`,
    params: teamParams,
    query: teamQuery,
    response: teamSquadStatsSchema,
    errors: TEAM_ERRORS,
    cache: PAGE_DATA,
  }),
  teamResolveInLeague: endpoint({
    operationId: "resolveTeamInLeague",
    path: "/api/teams/resolve/{league}/{teamSlug}",
    file: "api.teams.resolve.$league.$teamSlug.ts",
    tag: API_TAGS.teams,
    summary: "Resolve a team segment within a league",
    description: RESOLVE_DESCRIPTION,
    params: z.object({ league: leagueParam, teamSlug: teamSlugParam }),
    query: noQuery,
    response: resolvedTeamAnswerSchema,
    errors: { 400: `${UNSUPPORTED_LEAGUE_400} A teamSlug over 100 characters.`, 404: `'${API_ERRORS.teamNotFound}'.` },
    cache: PAGE_DATA,
  }),
  teamResolve: endpoint({
    operationId: "resolveTeam",
    path: "/api/teams/resolve/{teamSlug}",
    file: "api.teams.resolve.$teamSlug.ts",
    tag: API_TAGS.teams,
    summary: "Resolve a team segment",
    description: RESOLVE_DESCRIPTION,
    params: z.object({ teamSlug: teamSlugParam }),
    query: noQuery,
    response: resolvedTeamAnswerSchema,
    errors: { 400: "A teamSlug over 100 characters.", 404: `'${API_ERRORS.teamNotFound}'.` },
    cache: PAGE_DATA,
  }),
  playerStatistics: endpoint({
    operationId: "getPlayerStatistics",
    path: "/api/players/{id}/statistics",
    file: "api.players.$id.statistics.ts",
    tag: API_TAGS.players,
    summary: "A player's season",
    description: "The player page's 'Season Stats Summary': the player, his club and league, and his season's figures (null when he is known only from match sheets).",
    params: playerParams,
    query: noQuery,
    response: playerStatisticsAnswerSchema,
    errors: PLAYER_ERRORS,
    cache: PAGE_DATA,
  }),
  playerRecentForm: endpoint({
    operationId: "getPlayerRecentForm",
    path: "/api/players/{id}/recent-form",
    file: "api.players.$id.recent-form.ts",
    tag: API_TAGS.players,
    summary: "A player's last five matches",
    description: "'Recent Form (Last 5 Matches)': his last five matches of the season that have kicked off, most recent first, with minutes, rating, goals, assists and shots on target.",
    params: playerParams,
    query: noQuery,
    response: playerRecentFormAnswerSchema,
    errors: PLAYER_ERRORS,
    cache: PAGE_DATA,
  }),
  algoPerformanceOverall: endpoint({
    operationId: "getOverallPerformance",
    path: "/api/algo-performance/overall",
    file: "api.algo-performance.overall.ts",
    tag: API_TAGS.record,
    summary: "The overall track record",
    description: "Hits, misses and accuracy of the best pick, over/under and BTTS picks, from the picks frozen at kick-off.",
    params: noParams,
    query: noQuery,
    response: overallPerformanceSchema,
    errors: { 404: `'${API_ERRORS.performanceUnavailable}' before the first settled pick.` },
    cache: PAGE_DATA,
  }),
  algoPerformanceLeague: endpoint({
    operationId: "getLeaguePerformance",
    path: "/api/algo-performance/league/{league}",
    file: "api.algo-performance.league.$league.ts",
    tag: API_TAGS.record,
    summary: "A league's track record",
    description: "The same record for one league.",
    params: leagueParams,
    query: noQuery,
    response: leaguePerformanceSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400, 404: `'${API_ERRORS.performanceUnavailable}' before the league's first settled pick.` },
    cache: PAGE_DATA,
  }),
  algoRecentMatches: endpoint({
    operationId: "getRecentSettledMatches",
    path: "/api/algo-performance/recent-matches/{league}",
    file: "api.algo-performance.recent-matches.$league.ts",
    tag: API_TAGS.record,
    summary: "A league's recent settled matches",
    description: "The league's latest settled matches with the best pick, hit or miss, and its profit at the locked price.",
    params: leagueParams,
    query: noQuery,
    response: recentSettledMatchesSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
  algoPerformanceOddsCheck: endpoint({
    operationId: "getOddsCheck",
    path: "/api/algo-performance/odds-check",
    file: "api.algo-performance.odds-check.ts",
    tag: API_TAGS.record,
    summary: "How good are our season and live odds?",
    description:
      "The worker's latest walk-forward check: the season outlook's Brier scores for P(title), P(Champions League places) and P(relegation) against a points-per-game baseline, and the half-time win probability's RPS against the pre-match forecast and the half-time leader, with its calibration.",
    params: noParams,
    query: noQuery,
    response: oddsCheckSchema,
    errors: {},
    cache: PAGE_DATA,
  }),
  seasonOutlook: endpoint({
    operationId: "getSeasonOutlook",
    path: "/api/season-outlook/{league}",
    file: "api.season-outlook.$league.ts",
    tag: API_TAGS.standings,
    summary: "A league's season outlook",
    description:
      "The rest of the current season simulated 20,000 times by the worker from today's table and the prediction engine's scorelines, with each club's rating uncertainty: expected points and goal difference, P(title), P(Champions League places), P(Europa League places), P(relegation) and the distribution of final positions. The same as CSV: /{league-slug}-predictions/season-outlook.csv.",
    params: leagueParams,
    query: noQuery,
    response: seasonOutlookSchema,
    errors: { 400: UNSUPPORTED_LEAGUE_400 },
    cache: PAGE_DATA,
  }),
  search: endpoint({
    operationId: "search",
    path: "/api/search",
    file: "api.search.ts",
    tag: API_TAGS.teams,
    summary: "Search clubs, this week's matches and players",
    description:
      "The site search behind the header's search box and /search: clubs by any name the registry knows (aliases, nicknames, München = Munich, accents optional), this week's matches by their two teams ('arsenal chelsea'), players by name. Whole names first, then names starting with the query, then names whose words start with its words, then names containing it. Up to 8 results, each linking to its canonical page; an empty query finds nothing.",
    params: noParams,
    query: z.object({ q: searchQueryParam }),
    response: searchResultsSchema,
    errors: { 400: SEARCH_QUERY_MESSAGE },
    cache: PAGE_DATA,
  }),
} as const;

/** Routes under /api that are not JSON read endpoints, described by hand. */
export interface OtherRoute {
  method: "GET" | "POST";
  path: string;
  file: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Status → meaning. */
  responses: Record<number, string>;
  /**
   * Kept out of the served description: the catch-all, and the internal endpoints, which answer
   * like an unknown path unless INTERNAL_PAGES_TOKEN is presented, so they are not advertised.
   */
  unlisted?: "fallback" | "internal";
}

export const OTHER_ROUTES: readonly OtherRoute[] = [
  {
    method: "GET",
    path: "/api",
    file: "api._index.ts",
    tag: API_TAGS.description,
    summary: "This description",
    description: "The OpenAPI 3.1 description of the API as JSON; a browser asking for text/html gets it as a page.",
    responses: { 200: "The OpenAPI document (application/json), or its HTML view.", 400: "format is neither json nor html." },
  },
  {
    method: "POST",
    path: "/api/content/match-updates",
    file: "api.content.match-updates.ts",
    tag: API_TAGS.site,
    summary: "Content automation: update a match preview",
    description:
      "Takes an update payload (match_id, final_prediction, confidence_score 0-100, ...) with Authorization: Bearer <CONTENT_AUTOMATION_TOKEN> and saves it as a draft match preview (or publishes it with \"publish\": true). See the README.",
    responses: {
      200: "The preview was updated.",
      201: "A new preview was created.",
      400: "Invalid payload: every invalid field is listed; nothing was written.",
      401: "Missing or wrong token.",
      404: "Content automation is not configured.",
      409: "The document changed during the write.",
      503: "The content source cannot be written.",
    },
  },
  {
    method: "POST",
    path: "/api/content/webhook",
    file: "api.content.webhook.ts",
    tag: API_TAGS.site,
    summary: "Sanity webhook",
    description:
      "Called by Sanity on a content change, signed with SANITY_WEBHOOK_SECRET; purges the cached reads the change affects. A signature more than 5 minutes from the server's clock is refused, and each delivery is accepted once.",
    responses: {
      200: "Purged.",
      400: "Not a content change.",
      401: "Bad or stale signature.",
      404: "The webhook is not configured.",
      409: "Delivery already received: nothing was changed.",
      413: "The body is too large.",
      503: "The delivery could not be recorded; nothing was changed.",
    },
  },
  {
    method: "GET",
    path: "/api/preview-mode/enable",
    file: "api.preview-mode.enable.ts",
    tag: API_TAGS.site,
    summary: "Open draft preview",
    description:
      "With sanity-preview-secret (and sanity-preview-pathname) sets the signed preview cookie and redirects; in preview every answer, this API's included, reads drafts and is sent with Cache-Control: no-store.",
    responses: { 307: "Preview opened.", 401: "Invalid preview secret.", 404: "Preview is not configured." },
  },
  {
    method: "POST",
    path: "/api/preview-mode/disable",
    file: "api.preview-mode.disable.ts",
    tag: API_TAGS.site,
    summary: "Close draft preview",
    description:
      "The preview banner's Exit preview button: clears the preview cookie and redirects to ?redirect= (a path of this site) or /. Only a POST from this site's own pages (its Origin); a GET answers 405.",
    responses: { 303: "Preview closed.", 403: "Another site's page sent it.", 405: "Not a POST." },
  },
  {
    method: "GET",
    path: "/api/{path}",
    file: "api.$.ts",
    tag: API_TAGS.description,
    summary: "Any other path under /api",
    description: "A JSON 404: { \"error\": \"Not Found\" }.",
    responses: { 404: "No such endpoint." },
    unlisted: "fallback",
  },
  {
    method: "GET",
    path: "/api/find-united-brighton",
    file: "api.find-united-brighton.ts",
    tag: API_TAGS.internal,
    summary: "Internal test page: find a fixture",
    description: "Called by /test-api with INTERNAL_PAGES_TOKEN.",
    responses: { 200: "The fixture.", 404: "Closed, or no such fixture." },
    unlisted: "internal",
  },
  {
    method: "GET",
    path: "/api/live-match",
    file: "api.live-match.ts",
    tag: API_TAGS.internal,
    summary: "Internal test page: live data",
    description: "Called by /test-api with INTERNAL_PAGES_TOKEN.",
    responses: { 200: "The live data.", 404: "Closed." },
    unlisted: "internal",
  },
  {
    method: "POST",
    path: "/api/matches/from-api/{fixtureId}",
    file: "api.matches.from-api.($fixtureId).ts",
    tag: API_TAGS.internal,
    summary: "Internal test page: create a match",
    description: "Called by /test-api with INTERNAL_PAGES_TOKEN; the fixture id is optional.",
    responses: { 200: "The match existed.", 201: "The match was created.", 400: "Bad fixture id.", 404: "Closed, or no such fixture." },
    unlisted: "internal",
  },
];
