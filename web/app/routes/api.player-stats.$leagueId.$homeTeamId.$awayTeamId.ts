import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, derivation, teamPlayerStats } from "../api/resources/match-blocks.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import { getTeamKeyPlayers, type TeamKeyPlayers } from "../features/match/key-players.server";
import type { MatchTeam } from "../features/match/match-rows.server";
import { getTeamPairing } from "../features/match/team-pairing.server";
import { seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";

const RULES =
  "Rules: goalkeepers are left out of the top scorer, top assists and top rated lines and shown on their own (most minutes); each line takes the most goals, assists or the best rating above 0, fewer minutes breaking ties.";

function playersStep(side: string, team: MatchTeam, players: TeamKeyPlayers | null, season: string): string {
  return players
    ? `${side}: ${team.name}'s season figures for ${seasonLabel(season)} from the stored player statistics.`
    : `${side}: no player figures stored for ${team.name} in ${seasonLabel(season)}.`;
}

/** GET /api/player-stats/{leagueId}/{homeTeamId}/{awayTeamId}: the match page's Key Player Stats. */
export const loader = endpointLoader(ENDPOINTS.playerStats, async ({ params, query, context }) => {
  const pairing = await getTeamPairing(context, params.leagueId, params.homeTeamId, params.awayTeamId);
  if (!pairing) return notFound(API_ERRORS.teamNotFound);
  const season = pairing.match?.season ?? seasonCodeFor(context.clock.now());
  const [home, away] = await Promise.all([
    getTeamKeyPlayers(context, pairing.home.id, pairing.league, season),
    getTeamKeyPlayers(context, pairing.away.id, pairing.league, season),
  ]);
  return ok({
    homeTeam: teamPlayerStats(pairing.home, home),
    awayTeam: teamPlayerStats(pairing.away, away),
    ...(query.debug && {
      debug: derivation(pairing, season, [
        playersStep("Home", pairing.home, home, season),
        playersStep("Away", pairing.away, away, season),
        RULES,
      ]),
    }),
  });
});

export const action = endpointAction;
