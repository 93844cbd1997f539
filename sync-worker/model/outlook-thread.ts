/**
 * The season outlook's simulations in their own thread: 20,000 seasons of each league take a
 * few hundred milliseconds of CPU each, which on the embedded default would stall the web server
 * sharing the worker's process. The thread also decodes the engine's stored fit (megabytes of
 * JSON) for the ratings of the fixtures no forecast covers yet.
 */
import { parentPort } from "node:worker_threads";
import { ratesFor, type LeagueRatings } from "@shared/model/league-ratings";
import { simulateSeasonOutlook, type OutlookFixture } from "@shared/model/season-outlook";
import { decodeFit } from "./engine-state";
import type { OutlookLeagueInput, OutlookLeagueResult, OutlookRequest, OutlookResponse } from "./outlook-messages";

const port = parentPort;
if (!port) throw new Error("outlook-thread.ts runs as a worker thread (see outlook-client.ts)");

/**
 * The scoring rates of every remaining fixture: the stored forecast's expected goals where there
 * is one (it has the market's view in it), the engine's goals ratings of the season otherwise;
 * the low-score dependence always from the ratings (0 without them).
 */
function fixturesOf(input: OutlookLeagueInput, ratings: LeagueRatings | null): OutlookFixture[] | string {
  const rho = ratings?.goals.rho ?? 0;
  const fixtures: OutlookFixture[] = [];
  for (const f of input.remaining) {
    if (f.expectedGoals && f.expectedGoals.home > 0 && f.expectedGoals.away > 0) {
      fixtures.push({
        homeTeamId: f.homeTeamId,
        awayTeamId: f.awayTeamId,
        lambda: f.expectedGoals.home,
        mu: f.expectedGoals.away,
        rho,
      });
    } else if (ratings) {
      const { lambda, mu } = ratesFor(ratings.goals, f.homeTeamId, f.awayTeamId);
      fixtures.push({ homeTeamId: f.homeTeamId, awayTeamId: f.awayTeamId, lambda, mu, rho });
    } else {
      return "no forecast and no stored ratings for its fixtures beyond the predictions' horizon yet";
    }
  }
  return fixtures;
}

function run(request: OutlookRequest): OutlookLeagueResult[] {
  let leagues: Partial<Record<string, LeagueRatings>> = {};
  let fitProblem: string | null = null;
  if (request.fit) {
    try {
      leagues = decodeFit(request.fit, request.options).fit.leagues;
    } catch (error) {
      fitProblem = (error as Error).message;
    }
  }
  return request.leagues.map((input): OutlookLeagueResult => {
    const stored = leagues[input.league];
    const ratings = stored && stored.season === input.season ? stored : null;
    const fixtures = fixturesOf(input, ratings);
    if (typeof fixtures === "string")
      return { league: input.league, skipped: fitProblem ? `${fixtures} (${fitProblem})` : fixtures };
    return {
      league: input.league,
      outlook: simulateSeasonOutlook({
        league: input.league,
        teams: input.teams,
        teamNames: input.teamNames,
        results: input.results,
        remaining: fixtures,
        stakesFor: input.remaining.flatMap((f, index) => (f.stakes ? [index] : [])),
      }),
    };
  });
}

port.on("message", (request: OutlookRequest) => {
  let response: OutlookResponse;
  try {
    response = { id: request.id, results: run(request) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response);
});
