/**
 * Runs the odds check in a worker thread (odds-check-thread.ts), started for the call and ended
 * after it, as the season outlook's (outlook-client.ts). Aborting the call ends the thread.
 */
import { Worker } from "node:worker_threads";
import type { LeagueKey } from "../../shared/domain/leagues";
import type { OddsCheckConfig, OddsCheckRun } from "../bench/odds-check";
import { tsxApiUrl } from "./outlook-client";

export interface OddsCheckRequest {
  dir: string;
  leagues: LeagueKey[];
  config: OddsCheckConfig;
  /** ISO instant recorded as the run's date. */
  ranAt: string;
  /** The stored run's inputs hash: the thread stops after reading the files when they are the same. */
  unlessInputs: string | null;
}

export type OddsCheckResponse = { run: OddsCheckRun } | { error: string };

export function runOddsCheckInThread(request: OddsCheckRequest, signal?: AbortSignal): Promise<OddsCheckRun> {
  if (signal?.aborted) return Promise.reject(new Error(`abandoned: ${String(signal.reason ?? "stopped")}`));
  const thread = new URL("./odds-check-thread.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(thread)}); });`;
  const worker = new Worker(bootstrap, { eval: true, execArgv: [] });
  return new Promise<OddsCheckRun>((resolve, reject) => {
    const finish = (settle: () => void) => {
      signal?.removeEventListener("abort", onAbort);
      worker.removeAllListeners();
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(new Error(`abandoned: ${String(signal?.reason ?? "stopped")}`)));
    worker.on("message", (response: OddsCheckResponse) => {
      if ("error" in response) finish(() => reject(new Error(`the odds check failed: ${response.error}`)));
      else finish(() => resolve(response.run));
    });
    worker.on("error", (error) => finish(() => reject(new Error(`the odds check's thread failed: ${error.message}`))));
    worker.on("exit", (code) => finish(() => reject(new Error(`the odds check's thread stopped (exit code ${code})`))));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.postMessage(request);
  });
}
