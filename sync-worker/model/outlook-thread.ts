/**
 * The season outlook's simulations in their own thread: 20,000 seasons of each league take a
 * few hundred milliseconds of CPU each, which on the embedded default would stall the web server
 * sharing the worker's process. The thread also decodes the engine's stored fit (megabytes of
 * JSON) for the ratings of the fixtures no forecast covers yet.
 */
import { parentPort } from "node:worker_threads";
import type { LeagueRatings } from "@shared/model/league-ratings";
import { simulateSeasonOutlook } from "@shared/model/season-outlook";
import { decodeFit } from "./engine-state";
import { outlookFixtures } from "./outlook-fixtures";
import type { OutlookLeagueResult, OutlookRequest, OutlookResponse } from "./outlook-messages";

const port = parentPort;
if (!port) throw new Error("outlook-thread.ts runs as a worker thread (see outlook-client.ts)");

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
    const fixtures = outlookFixtures(input, ratings);
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
