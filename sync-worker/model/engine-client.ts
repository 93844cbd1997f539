/**
 * The worker's handle on the prediction engine: predictMatches runs in a worker thread
 * (engine-thread.ts) so that its heavy first fit never blocks the process, which on the embedded
 * default is the web server's. The thread starts on the first call and keeps its fit between
 * calls (a warm start); aborting a call ends the thread, and the next call starts a new one.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ModelInputError, type ModelOptions } from "../../shared/model";
import type { EngineRequest, EngineResponse, EngineStep, EngineStepResult, HistoryUpdate } from "./engine-messages";

export type { EngineStep, EngineStepResult, HistoryUpdate } from "./engine-messages";

export interface EngineCall {
  /** The league seasons of finished matches that changed since the thread last had them; each step sees those kicked off before its asOf. */
  history: HistoryUpdate;
  /** Engine calls in time order, run one after the other in the thread (history is sent once). */
  steps: readonly EngineStep[];
}

export interface PredictionEngine {
  /** League seasons of history the thread kept from earlier calls (none after it restarted). */
  heldSeasons(): ReadonlySet<string>;
  predict(call: EngineCall, signal?: AbortSignal): Promise<EngineStepResult[]>;
  /** Ends the thread (its fit is lost). */
  close(): Promise<void>;
}

/** tsx's ESM API as a file URL, resolved from this project, so the thread can load TypeScript wherever the process started. */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports["./esm/api"].import.default)).href;
}

/**
 * A thread running the TypeScript module: the process may run under tsx (`npm start`) or vitest,
 * and neither hands its loader to a new thread, so the thread registers tsx before importing.
 */
function startThread(): Worker {
  const thread = new URL("./engine-thread.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(thread)}); });`;
  const worker = new Worker(bootstrap, { eval: true, execArgv: [] });
  // An idle engine never keeps the process alive.
  worker.unref();
  return worker;
}

export function engineThread(options: { modelOptions?: Partial<ModelOptions> } = {}): PredictionEngine {
  let worker: Worker | null = null;
  let nextId = 1;
  let held = new Set<string>();

  function stop(): Promise<void> {
    const current = worker;
    worker = null;
    held = new Set();
    return current ? current.terminate().then(() => undefined) : Promise.resolve();
  }

  return {
    heldSeasons: () => held,
    predict(call, signal) {
      if (signal?.aborted) return Promise.reject(new Error(`abandoned: ${String(signal.reason ?? "stopped")}`));
      if (!worker) {
        worker = startThread();
        held = new Set();
      }
      const current = worker;
      const request: EngineRequest = { id: nextId++, ...call, options: options.modelOptions };
      return new Promise<EngineStepResult[]>((resolve, reject) => {
        const cleanup = () => {
          current.off("message", onMessage);
          current.off("error", onError);
          current.off("exit", onExit);
          signal?.removeEventListener("abort", onAbort);
          current.unref();
        };
        const onMessage = (response: EngineResponse) => {
          if (response.id !== request.id) return;
          cleanup();
          // The thread applied the history update before predicting, whatever came of it.
          held = new Set(call.history.keep);
          if ("error" in response) {
            reject(response.error.name === "ModelInputError" ? new ModelInputError(response.error.message) : new Error(response.error.message));
          } else {
            resolve(response.results);
          }
        };
        const onError = (error: Error) => {
          cleanup();
          if (worker === current) void stop();
          reject(new Error(`the prediction engine's thread failed: ${error.message}`));
        };
        const onExit = (code: number) => {
          cleanup();
          if (worker === current) void stop();
          reject(new Error(`the prediction engine's thread stopped (exit code ${code})`));
        };
        const onAbort = () => {
          cleanup();
          void stop();
          reject(new Error(`abandoned: ${String(signal?.reason ?? "stopped")}`));
        };
        current.on("message", onMessage);
        current.on("error", onError);
        current.on("exit", onExit);
        signal?.addEventListener("abort", onAbort, { once: true });
        // Waiting for an answer keeps the process alive; an idle thread does not.
        current.ref();
        current.postMessage(request);
      });
    },
    close: stop,
  };
}
