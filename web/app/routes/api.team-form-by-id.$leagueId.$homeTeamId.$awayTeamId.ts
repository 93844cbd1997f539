import { API_ERRORS } from "../api/common/endpoint.server";
import { ENDPOINTS, derivation, teamForm } from "../api/resources/match-blocks.server";
import { endpointAction, endpointLoader, notFound, ok } from "../api/respond.server";
import type { FormEntry } from "../features/match/match-detail-sections.server";
import type { MatchTeam } from "../features/match/match-rows.server";
import { getTeamFormBefore, getTeamPairing } from "../features/match/team-pairing.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

function formStep(side: string, team: MatchTeam, form: readonly FormEntry[]): string {
  return form.length > 0
    ? `${side} form: ${team.name}'s last ${form.length} finished matches of any season before the reference, newest first (${form[form.length - 1].kickoffAt} to ${form[0].kickoffAt}).`
    : `${side} form: no finished match of ${team.name} before the reference.`;
}

/** GET /api/team-form-by-id/{leagueId}/{homeTeamId}/{awayTeamId}: the match page's Team Form & Momentum. */
export const loader = endpointLoader(ENDPOINTS.teamForm, async ({ params, query, context }) => {
  const pairing = await getTeamPairing(context, params.leagueId, params.homeTeamId, params.awayTeamId);
  if (!pairing) return notFound(API_ERRORS.teamNotFound);
  const [home, away] = await Promise.all([
    getTeamFormBefore(context, pairing.home.id, pairing.reference),
    getTeamFormBefore(context, pairing.away.id, pairing.reference),
  ]);
  const season = pairing.match?.season ?? seasonCodeFor(context.clock.now());
  return ok({
    homeTeam: teamForm(pairing.home, home),
    awayTeam: teamForm(pairing.away, away),
    ...(query.debug && {
      debug: derivation(pairing, season, [formStep("Home", pairing.home, home), formStep("Away", pairing.away, away)]),
    }),
  });
});

export const action = endpointAction;
