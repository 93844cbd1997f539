import { ENDPOINTS } from "../api/resources/season-outlook.server";
import { endpointAction, endpointLoader, ok } from "../api/respond.server";
import { getSeasonOutlook } from "../features/league/season-outlook.server";
import { seasonCodeFor } from "@shared/domain/matchweek";

/** GET /api/season-outlook/{league}: the worker's simulation of the rest of the league's season. */
export const loader = endpointLoader(ENDPOINTS.seasonOutlook, async ({ params, context }) => {
  const view = await getSeasonOutlook(context, params.league);
  return ok({
    league: params.league,
    season: view?.season ?? seasonCodeFor(context.clock.now()),
    seasons: view?.seasons ?? 0,
    ratingSigma: view?.sigma ?? 0,
    resultsPlayed: view?.resultsPlayed ?? 0,
    remainingFixtures: view?.remainingFixtures ?? 0,
    computedAt: view?.computedAt ?? null,
    teams: (view?.teams ?? []).map((t) => ({
      teamId: t.teamId,
      teamName: t.teamName,
      currentPosition: t.currentPosition,
      currentPoints: t.currentPoints,
      played: t.played,
      remaining: t.remaining,
      expectedPoints: t.expectedPoints,
      expectedGoalDifference: t.expectedGoalDifference,
      title: t.title,
      championsLeague: t.championsLeague,
      europaLeague: t.europaLeague,
      relegation: t.relegation,
      positions: t.positions,
      mostLikelyPosition: t.mostLikelyPosition,
    })),
  });
});

export const action = endpointAction;
