/**
 * The odds check (sync-worker/bench/odds-check.ts) in its own thread: reading 21 seasons of files,
 * fitting ratings at every checkpoint and the engine's weekly walk-forward take a minute or more
 * of CPU, which on the embedded default would stall the web server sharing the worker's process.
 */
import { parentPort } from "node:worker_threads";
import { runOddsCheck } from "../bench/odds-check";
import type { OddsCheckRequest, OddsCheckResponse } from "./odds-check-client";

const port = parentPort;
if (!port) throw new Error("odds-check-thread.ts runs as a worker thread (see odds-check-client.ts)");

port.on("message", (request: OddsCheckRequest) => {
  runOddsCheck(request.dir, request.leagues, request.config, new Date(request.ranAt), request.unlessInputs).then(
    (run) => port.postMessage({ run } satisfies OddsCheckResponse),
    (error: unknown) =>
      port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies OddsCheckResponse),
  );
});
