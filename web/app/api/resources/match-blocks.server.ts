/**
 * The blocks of a match page for a pairing of two clubs: line-ups, key players and recent form,
 * with their presenters and the ?debug=1 derivation.
 */
import { z } from "zod";
import { formSummary } from "@shared/domain/form";
import { LEAGUES } from "@shared/domain/leagues";
import type { KeyPlayer, TeamKeyPlayers } from "../../features/match/key-players.server";
import type { FormEntry, TeamLineup } from "../../features/match/match-detail-sections.server";
import type { MatchTeam } from "../../features/match/match-rows.server";
import type { TeamPairing } from "../../features/match/team-pairing.server";
import {
  API_ERRORS,
  API_TAGS,
  debugOnly,
  endpoint,
  PAGE_DATA,
  type Shape,
  UNSUPPORTED_LEAGUE_400,
} from "../common/endpoint.server";
import { idParam, leagueIdParam } from "../params";
import { formMatch, teamResults } from "./matches.server";
import {
  lineupSideSchema,
  lineupsSchema,
  playerStatsSchema,
  teamFormPairSchema,
  teamFormSchema,
  teamPlayerStatsSchema,
} from "./match-blocks.schema";

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

/** This resource's JSON endpoints: the resource routes serve from them and the OpenAPI description lists them (catalog.server.ts). */
export const ENDPOINTS = {
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
} as const;

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

export function teamPlayerStats(
  team: MatchTeam,
  players: TeamKeyPlayers | null,
): Shape<typeof teamPlayerStatsSchema> | null {
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
  return {
    teamId: team.id,
    name: team.name,
    recentMatches: entries.map(formMatch),
    summary: formSummary(teamResults(entries)),
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
