/**
 * Runs the season outlook in a worker thread (outlook-thread.ts), started for the call and ended
 * after it: the job runs after results and forecasts change, a few times a day, and keeps
 * nothing between runs. Aborting the call ends the thread.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { OutlookLeagueResult, OutlookRequest, OutlookResponse } from "./outlook-messages";

export function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports["./esm/api"].import.default)).href;
}

/** As engine-client.ts: the thread registers tsx before importing the TypeScript module. */
export function simulateOutlooksInThread(request: Omit<OutlookRequest, "id">, signal?: AbortSignal): Promise<OutlookLeagueResult[]> {
  if (signal?.aborted) return Promise.reject(new Error(`abandoned: ${String(signal.reason ?? "stopped")}`));
  const thread = new URL("./outlook-thread.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(thread)}); });`;
  const worker = new Worker(bootstrap, { eval: true, execArgv: [] });
  return new Promise<OutlookLeagueResult[]>((resolve, reject) => {
    const finish = (settle: () => void) => {
      signal?.removeEventListener("abort", onAbort);
      worker.removeAllListeners();
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(new Error(`abandoned: ${String(signal?.reason ?? "stopped")}`)));
    worker.on("message", (response: OutlookResponse) => {
      if ("error" in response) finish(() => reject(new Error(`the season outlook failed: ${response.error}`)));
      else finish(() => resolve(response.results));
    });
    worker.on("error", (error) => finish(() => reject(new Error(`the season outlook's thread failed: ${error.message}`))));
    worker.on("exit", (code) => finish(() => reject(new Error(`the season outlook's thread stopped (exit code ${code})`))));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.postMessage({ ...request, id: 1 });
  });
}
