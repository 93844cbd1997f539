/**
 * Matches: one match's record (by id or by league and slugs) and this week's ranked lists, with
 * the presenters that turn the match read model into the API's shapes (matches.schema.ts).
 * Nothing here reads data or decides a pick: the read functions did, through the one resolution
 * order; the presenters only rename and flatten, so an endpoint always says what the page shows.
 */
import { z } from "zod";
import { FORM_NOT_AVAILABLE, formString } from "@shared/domain/form";
import { LEAGUES } from "@shared/domain/leagues";
import { formatScore } from "@shared/domain/picks";
import { liveMatchProbability, preMatchForecast } from "@shared/model/live-match-probability";
import type { MatchCard } from "../../features/match/match-card.server";
import type { FormEntry, MarketOdds, MatchEvent } from "../../features/match/match-detail-sections.server";
import type { MatchDetail } from "../../features/match/match-detail.server";
import type { MatchTeam } from "../../features/match/match-rows.server";
import {
  API_ERRORS,
  API_TAGS,
  endpoint,
  leagueParams,
  noParams,
  noQuery,
  PAGE_DATA,
  type Shape,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import { idParam, leagueParam, matchRefParam } from "../params";
import {
  formMatchSchema,
  liveEventSchema,
  matchListItemSchema,
  matchListSchema,
  matchRecordSchema,
} from "./matches.schema";

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
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
    errors: {
      400: `${UNSUPPORTED_LEAGUE_400} An id that is neither '{home}-vs-{away}' nor a number.`,
      404: `'${API_ERRORS.matchNotFound}'.`,
    },
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
} as const;

/** The path that polls a match's live score: by provider fixture id, else by match id. */
export function liveUrlOf(match: { id: number; apiFootballFixtureId: number | null }): string {
  return `/api/live/${match.apiFootballFixtureId ?? match.id}`;
}

export function matchSlugOf(home: MatchTeam, away: MatchTeam): string | null {
  return home.slug && away.slug ? `${home.slug}-vs-${away.slug}` : null;
}

export function liveEvent(event: MatchEvent): Shape<typeof liveEventSchema> {
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

export function formMatch(entry: FormEntry): Shape<typeof formMatchSchema> {
  return {
    date: entry.kickoffAt,
    isHome: entry.isHome,
    opponent: entry.opponent,
    result: entry.result,
    score: entry.score,
  };
}

export const teamResults = (entries: readonly FormEntry[]) =>
  entries.map((entry) => ({
    teamGoals: entry.teamGoals,
    opponentGoals: entry.opponentGoals,
    kickoffAt: entry.kickoffAt,
  }));

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
    scoreProbabilities: match.scoreProbabilities,
    oddsMovement: match.oddsMovement,
    stakes: match.stakes,
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
    stats: match.stats.flatMap(({ label, home, away }) =>
      home === null || away === null ? [] : [{ label, home, away }],
    ),
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
