/**
 * The read models the pages use, turned into the JSON API's shapes (schemas.ts). Nothing here
 * reads data or decides a pick: the read functions did, through the one resolution order; this
 * only renames and flattens, so an endpoint always says what the page shows.
 */
import type { z } from "zod";
import { FORM_NOT_AVAILABLE, formString, formSummary } from "@shared/domain/form";
import { LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { formatScore } from "@shared/domain/picks";
import { liveMatchProbability, preMatchForecast } from "@shared/model/live-match-probability";
import type { TeamKeyPlayers, KeyPlayer } from "../features/match/key-players.server";
import type { LeaderboardPlayer } from "../features/player/leaderboard.server";
import type {
  FormEntry,
  LiveMatch,
  MarketOdds,
  MatchCard,
  MatchDetail,
  MatchEvent,
  MatchTeam,
  TeamLineup,
  TeamPairing,
} from "../features/match/matches.server";
import type { LeagueTableRow } from "../features/league/standings.server";
import type { PerformanceRecord, RecentSettledMatch } from "../features/track-record/track-record.server";
import type {
  formMatchSchema,
  leaderboardPlayerSchema,
  leaguePerformanceSchema,
  lineupSideSchema,
  liveEventSchema,
  liveScoreSchema,
  matchListItemSchema,
  matchRecordSchema,
  overallPerformanceSchema,
  recentSettledMatchSchema,
  standingRowSchema,
  teamFormSchema,
  teamPlayerStatsSchema,
  topLeaguePickSchema,
} from "./schemas";

type Shape<Schema extends z.ZodType> = z.output<Schema>;

/** The path that polls a match's live score: by provider fixture id, else by match id. */
export function liveUrlOf(match: { id: number; apiFootballFixtureId: number | null }): string {
  return `/api/live/${match.apiFootballFixtureId ?? match.id}`;
}

function matchSlugOf(home: MatchTeam, away: MatchTeam): string | null {
  return home.slug && away.slug ? `${home.slug}-vs-${away.slug}` : null;
}

function liveEvent(event: MatchEvent): Shape<typeof liveEventSchema> {
  return {
    minute: event.minute,
    extraMinute: event.extraMinute,
    team: event.side,
    type: event.type,
    detail: event.detail,
    player: event.player,
    assistedBy: event.assist,
  };
}

type MatchFields = Omit<Shape<typeof matchListItemSchema>, "rank">;

function matchFields(match: MatchCard): MatchFields {
  const { resolution, home, away } = match;
  const { picks } = resolution;
  return {
    id: match.id,
    fixtureId: match.apiFootballFixtureId,
    liveUrl: liveUrlOf(match),
    league: match.league,
    leagueName: LEAGUES[match.league].name,
    season: match.season,
    matchPageLink: match.href,
    matchSlug: matchSlugOf(home, away),
    kickoffTime: match.kickoffAt,
    utcDate: match.kickoffAt,
    matchDate: match.kickoffAt.slice(0, 10),
    matchTime: match.kickoffAt.slice(11, 16),
    matchState: match.state,
    status: match.status,
    liveMinute: match.minute,
    injuryTime: match.injuryTime,
    homeTeam: home.name,
    awayTeam: away.name,
    homeTeamApiId: home.id,
    awayTeamApiId: away.id,
    homeTeamSlug: home.slug,
    awayTeamSlug: away.slug,
    homeTeamCode: home.code,
    awayTeamCode: away.code,
    homeScore: match.homeScore,
    awayScore: match.awayScore,
    liveScore: resolution.liveScore && formatScore(resolution.liveScore),
    finalScore:
      match.state === "post-match" && match.homeScore !== null && match.awayScore !== null
        ? formatScore({ home: match.homeScore, away: match.awayScore })
        : null,
    bestPick: resolution.bestPick,
    confidence: resolution.confidence,
    confidenceLabel: resolution.confidenceLabel,
    projectedScore: resolution.projectedScore,
    result: picks.result.code,
    overUnder: picks.overUnder.code === null ? null : picks.overUnder.text,
    btts: picks.btts.code,
    bttsConfidence: resolution.bttsConfidence,
    pickSource: resolution.pickSource,
    resolutionSource: resolution.source,
    isLocked: resolution.isLocked,
    pickResults: {
      best: { text: picks.best.text, outcome: picks.best.outcome },
      result: { code: picks.result.code, text: picks.result.text, outcome: picks.result.outcome },
      overUnder: { code: picks.overUnder.code, text: picks.overUnder.text, outcome: picks.overUnder.outcome },
      btts: { code: picks.btts.code, text: picks.btts.text, outcome: picks.btts.outcome },
    },
  };
}

/** A ranked list's matches, in the order the read function ranked them. */
export function matchList(matches: readonly MatchCard[]): Shape<typeof matchListItemSchema>[] {
  return matches.map((match, index) => ({ rank: index + 1, ...matchFields(match) }));
}

/** The price of the pick shown in each market, when the market has one (over/under only at 2.5). */
function pickPrices(odds: MarketOdds | null, match: MatchCard) {
  const { result, overUnder, btts } = match.resolution.picks;
  if (!odds) return { resultOdds: null, overUnderOdds: null, bttsOdds: null };
  const resultPrices = { "1": odds.home, X: odds.draw, "2": odds.away };
  const bttsPrices = { YES: odds.bttsYes, NO: odds.bttsNo };
  const overUnderPrice = overUnder.code === "O2.5" ? odds.over25 : overUnder.code === "U2.5" ? odds.under25 : null;
  return {
    resultOdds: result.code ? resultPrices[result.code] : null,
    overUnderOdds: overUnderPrice,
    bttsOdds: btts.code ? bttsPrices[btts.code] : null,
  };
}

function formMatch(entry: FormEntry): Shape<typeof formMatchSchema> {
  return { date: entry.kickoffAt, isHome: entry.isHome, opponent: entry.opponent, result: entry.result, score: entry.score };
}

const teamResults = (entries: readonly FormEntry[]) =>
  entries.map((entry) => ({ teamGoals: entry.teamGoals, opponentGoals: entry.opponentGoals, kickoffAt: entry.kickoffAt }));

function formLetters(entries: readonly FormEntry[]): string {
  return formString(teamResults(entries)) || FORM_NOT_AVAILABLE;
}

export function matchRecord(match: MatchDetail): Shape<typeof matchRecordSchema> {
  const preview = match.preview;
  return {
    ...matchFields(match),
    venue: match.venue,
    referee: match.referee,
    lastApiUpdate: match.lastApiUpdate,
    liveEvents: match.events.map(liveEvent),
    odds: match.odds,
    ...pickPrices(match.odds, match),
    probabilities: match.probabilities,
    liveProbability: liveMatchProbability(match, preMatchForecast(match.probabilities)),
    liveProbabilityHistory: match.liveProbabilityHistory.map((tick) => ({
      period: tick.period,
      minute: tick.minute,
      addedMinute: tick.addedMinute,
      homeScore: tick.score.home,
      awayScore: tick.score.away,
      homeRedCards: tick.redCards.home,
      awayRedCards: tick.redCards.away,
      home: tick.home,
      draw: tick.draw,
      away: tick.away,
      over25: tick.over25,
      btts: tick.btts,
    })),
    homeForm: formLetters(match.form.home),
    awayForm: formLetters(match.form.away),
    form: { home: match.form.home.map(formMatch), away: match.form.away.map(formMatch) },
    h2h: match.headToHead.map((meeting) => ({
      date: meeting.kickoffAt,
      homeTeam: meeting.home,
      awayTeam: meeting.away,
      score: meeting.score,
    })),
    stats: match.stats.flatMap(({ label, home, away }) => (home === null || away === null ? [] : [{ label, home, away }])),
    hasCustomContent: preview !== null,
    verdictTag: preview?.verdictTag ?? null,
    matchSummary: preview?.matchSummary ?? null,
    keyInsights: preview?.keyInsights ?? [],
    tacticalAnalysis: preview?.tacticalAnalysis ?? null,
    predictedLineups: preview?.predictedLineups ?? null,
    h2hResults: preview?.headToHead ?? null,
    keyPlayerStats: preview?.keyPlayerStats ?? null,
    teamFormMomentum: preview?.teamFormMomentum ?? null,
    finalPredictionSummary: preview?.finalPredictionSummary ?? null,
    managersNotes: preview?.managersNotes ?? null,
  };
}

export function liveScore(match: LiveMatch): Shape<typeof liveScoreSchema> {
  return {
    matchId: match.id,
    fixtureId: match.apiFootballFixtureId,
    matchState: match.state,
    status: match.status,
    homeScore: match.homeScore,
    awayScore: match.awayScore,
    liveMinute: match.minute,
    injuryTime: match.injuryTime,
    events: match.events.map(liveEvent),
    lastUpdated: match.lastApiUpdate,
    liveProbability: liveMatchProbability(match, match.forecast),
  };
}

export function standingRow(row: LeagueTableRow): Shape<typeof standingRowSchema> {
  return {
    position: row.position,
    teamId: row.teamId,
    teamName: row.teamName,
    teamHref: row.teamHref,
    played: row.played,
    wins: row.won,
    draws: row.drawn,
    losses: row.lost,
    goalDifference: row.goalDifference,
    points: row.points,
    form: row.form,
    band: row.band,
  };
}

export function lineupSide(team: MatchTeam, lineup: TeamLineup | null): Shape<typeof lineupSideSchema> | null {
  if (!lineup) return null;
  const player = ({ id, name, number, pos }: TeamLineup["startXi"][number]) => ({ id, name, number, pos });
  return {
    teamId: team.id,
    teamName: team.name,
    formation: lineup.formation,
    coach: { name: lineup.coach },
    startXI: lineup.startXi.map(player),
    substitutes: lineup.substitutes.map(player),
    lastMatchDate: lineup.kickoffAt,
    lastMatchId: lineup.fixtureId,
    opponent: lineup.opponent,
  };
}

function keyPlayer(player: KeyPlayer | null) {
  if (!player) return null;
  const { name, position, goals, assists, rating, highRating, passAccuracy } = player;
  return { name, position, goals, assists, rating, highRating, passAccuracy };
}

export function teamPlayerStats(team: MatchTeam, players: TeamKeyPlayers | null): Shape<typeof teamPlayerStatsSchema> | null {
  if (!players) return null;
  return {
    teamId: team.id,
    teamName: team.name,
    topScorer: keyPlayer(players.topScorer),
    topAssists: keyPlayer(players.topAssists),
    topRated: keyPlayer(players.topRated),
    goalkeeper: keyPlayer(players.goalkeeper),
  };
}

export function teamForm(team: MatchTeam, entries: readonly FormEntry[]): Shape<typeof teamFormSchema> {
  return { teamId: team.id, name: team.name, recentMatches: entries.map(formMatch), summary: formSummary(teamResults(entries)) };
}

/** The fields of a featured match the home page and /picks show. */
export type FeaturedMatch = Pick<
  MatchCard,
  "id" | "league" | "href" | "kickoffAt" | "state" | "home" | "away" | "homeScore" | "awayScore" | "resolution"
>;

export function topLeaguePick(match: FeaturedMatch): Shape<typeof topLeaguePickSchema> {
  return {
    league: LEAGUES[match.league].name,
    leagueKey: match.league,
    matchId: match.id,
    matchSlug: matchSlugOf(match.home, match.away),
    matchPageLink: match.href,
    homeTeam: match.home.name,
    awayTeam: match.away.name,
    kickoffTime: match.kickoffAt,
    matchState: match.state,
    homeScore: match.homeScore,
    awayScore: match.awayScore,
    fkpBestPick: match.resolution.bestPick,
    fkpConfidence: match.resolution.confidence,
    projectedScore: match.resolution.projectedScore,
  };
}

export function leaderboardPlayer(player: LeaderboardPlayer): Shape<typeof leaderboardPlayerSchema> {
  const { id, name, team, position, goals, assists, appearances, minutes, rating } = player;
  return { id, name, team, position, goals, assists, appearances, minutes, rating };
}

export function overallPerformance(record: PerformanceRecord): Shape<typeof overallPerformanceSchema> {
  return {
    trackingStartDate: record.trackingStartDate,
    lastUpdated: record.lastUpdated?.toISOString() ?? null,
    totalMatchesPredicted: record.totalMatchesPredicted,
    bestPickHits: record.bestPickHits,
    bestPickMisses: record.bestPickMisses,
    bestPickAccuracy: record.bestPickAccuracy,
    ouGoalsHits: record.ouGoalsHits,
    ouGoalsMisses: record.ouGoalsMisses,
    ouGoalsAccuracy: record.ouGoalsAccuracy,
    bttsHits: record.bttsHits,
    bttsMisses: record.bttsMisses,
    bttsAccuracy: record.bttsAccuracy,
  };
}

export function leaguePerformance(
  record: PerformanceRecord & { league: LeagueKey; leagueName: string },
): Shape<typeof leaguePerformanceSchema> {
  return { league: record.league, leagueName: record.leagueName, ...overallPerformance(record) };
}

export function recentSettledMatch(match: RecentSettledMatch): Shape<typeof recentSettledMatchSchema> {
  return {
    matchId: match.fixtureId,
    league: match.league,
    matchDate: match.matchDate,
    homeTeam: match.homeTeam,
    awayTeam: match.awayTeam,
    finalScore: match.finalScore,
    bestPick: match.bestPick,
    bestPickResult: match.bestPickResult,
    bestPickProfit: match.bestPickProfit,
    matchUrl: match.matchUrl,
  };
}

/** With ?debug=1: the pairing's reference and how each part of the answer was found. */
export function derivation(pairing: TeamPairing, season: string, steps: readonly string[]) {
  const { league, home, away, match, reference } = pairing;
  const leagueName = LEAGUES[league].name;
  const referenceStep = match
    ? `Reference: match ${match.id}, ${home.name} v ${away.name} at ${match.kickoffAt} (${match.state}): the pair's ${leagueName} match this season, else their latest.`
    : `Reference: ${home.name} and ${away.name} have no ${leagueName} match; data is read up to now (${reference.kickoffAt.toISOString()}).`;
  return {
    league,
    leagueApiId: LEAGUES[league].apiFootballId,
    season,
    referenceMatchId: match?.id ?? null,
    referenceTime: reference.kickoffAt.toISOString(),
    steps: [referenceStep, ...steps],
  };
}
