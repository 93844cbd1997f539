import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, derivation, lineupSide } from "../api/resources/match-blocks.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import type { TeamLineup } from "../features/match/match-detail-sections.server";
import type { MatchTeam } from "../features/match/match-rows.server";
import { getTeamLineupBefore, getTeamPairing } from "../features/match/team-pairing.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

function lineupStep(side: string, team: MatchTeam, lineup: TeamLineup | null): string {
  return lineup
    ? `${side} lineup: ${team.name}'s from match ${lineup.fixtureId} against ${lineup.opponent} at ${lineup.kickoffAt}, the latest stored up to the reference (the reference match's own once announced).`
    : `${side} lineup: none stored for ${team.name} up to the reference.`;
}

/** GET /api/lineups/{leagueId}/{homeTeamId}/{awayTeamId}: the match page's Recent Lineups. */
export const loader = endpointLoader(ENDPOINTS.lineups, async ({ params, query, context }) => {
  const pairing = await getTeamPairing(context, params.leagueId, params.homeTeamId, params.awayTeamId);
  if (!pairing) return notFound(API_ERRORS.teamNotFound);
  const [home, away] = await Promise.all([
    getTeamLineupBefore(context, pairing.home.id, pairing.reference),
    getTeamLineupBefore(context, pairing.away.id, pairing.reference),
  ]);
  const season = pairing.match?.season ?? seasonCodeFor(context.clock.now());
  return ok({
    homeTeam: lineupSide(pairing.home, home),
    awayTeam: lineupSide(pairing.away, away),
    ...(query.debug && {
      debug: derivation(pairing, season, [
        lineupStep("Home", pairing.home, home),
        lineupStep("Away", pairing.away, away),
      ]),
    }),
  });
});

export const action = endpointAction;
