/**
 * The prediction engine in its own thread. predictMatches is synchronous and CPU-bound: the
 * first call of a process rebuilds ten years of track record (about a minute), which would
 * stall the web server sharing the worker's process. Here it blocks only this thread. The fit
 * stays in the thread between calls, so later calls start warm (a few hundred milliseconds).
 */
import { parentPort } from "node:worker_threads";
import { predictMatches, type ModelFit, type PlayedMatch } from "../../shared/model";
import type { EngineRequest, EngineResponse, EngineStepResult } from "./engine-messages";

const port = parentPort;
if (!port) throw new Error("engine-thread.ts runs as a worker thread (see engine-client.ts)");

let fit: ModelFit | null = null;
/** Finished matches by league season, as the worker last sent them. */
const seasons = new Map<string, readonly PlayedMatch[]>();

port.on("message", (request: EngineRequest) => {
  let response: EngineResponse;
  try {
    for (const key of [...seasons.keys()]) if (!request.history.keep.includes(key)) seasons.delete(key);
    for (const [key, matches] of Object.entries(request.history.seasons)) seasons.set(key, matches);
    const played = [...seasons.values()].flat();
    const results: EngineStepResult[] = [];
    for (const { asOf, upcoming } of request.steps) {
      const started = performance.now();
      const time = asOf.getTime();
      const warm = fit !== null && fit.asOf <= time;
      const history = played.filter((match) => match.kickoff.getTime() < time);
      const result = predictMatches({ history, upcoming, asOf, previousFit: fit, options: request.options });
      fit = result.fit;
      results.push({ asOf, predictions: result.predictions, warm, durationMs: Math.round(performance.now() - started) });
    }
    response = { id: request.id, results };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    response = { id: request.id, error: { name, message } };
  }
  port.postMessage(response);
});
