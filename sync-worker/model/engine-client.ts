/**
 * The worker's handle on the prediction engine: predictMatches runs in a worker thread
 * (engine-thread.ts) so that its heavy first fit never blocks the process, which on the embedded
 * default is the web server's. The thread starts on the first call and keeps its fit between
 * calls (a warm start); aborting a call ends the thread, and the next call starts a new one. A
 * new thread can be given a stored state (restore) and asked for its own (snapshot), so a new
 * process starts warm too (see engine-state.ts).
 */
import type { Worker } from "node:worker_threads";
import { startTypeScriptThread } from "./thread-call";
import { ModelInputError, type ModelOptions } from "@shared/model";
import type {
  EngineRequest,
  EngineResponse,
  EngineSnapshot,
  EngineStep,
  EngineStepResult,
  HistoryUpdate,
  RestoreResult,
} from "./engine-messages";

export type {
  EngineSnapshot,
  EngineStep,
  EngineStepResult,
  HistoryUpdate,
  RestoreResult,
  RestoredFit,
} from "./engine-messages";

export interface EngineCall {
  /** The league seasons of finished matches that changed since the thread last had them; each step sees those kicked off before its asOf. */
  history: HistoryUpdate;
  /** Engine calls in time order, run one after the other in the thread (history is sent once). */
  steps: readonly EngineStep[];
}

/** A stored engine state (engine-state.ts payloads) for a new thread. */
export interface EngineRestore {
  fit: Uint8Array | null;
  seasons: Uint8Array | null;
  /** The stored seasons that still match the database; the others are left out. */
  validSeasons: readonly string[];
}

export interface SnapshotRequest {
  /** The stored fit's `fittedThrough`: a fit that has learnt from the same results is not encoded again. */
  unlessFittedThrough: string | null;
  /** League seasons to encode (from those the thread holds); null: none. */
  seasons: readonly string[] | null;
}

export interface PredictionEngine {
  /** League seasons of history the thread kept from earlier calls (none after it restarted). */
  heldSeasons(): ReadonlySet<string>;
  /** The thread holds nothing yet, neither a fit nor history: a new process, or a thread restarted after an abandoned call. */
  isFresh(): boolean;
  /** The model settings the engine runs with (the defaults unless the engine was made with others). */
  readonly modelOptions: Partial<ModelOptions> | undefined;
  /** Hands a stored state to a fresh thread: its seasons at once, its fit at the next call (if still valid then). */
  restore(state: EngineRestore, signal?: AbortSignal): Promise<RestoreResult>;
  predict(call: EngineCall, signal?: AbortSignal): Promise<EngineStepResult[]>;
  /** The thread's state to store. */
  snapshot(request: SnapshotRequest, signal?: AbortSignal): Promise<EngineSnapshot>;
  /** Ends the thread (its fit is lost). */
  close(): Promise<void>;
}

/** The engine's thread (engine-thread.ts), unreferenced. */
function startThread(): Worker {
  const worker = startTypeScriptThread(new URL("./engine-thread.ts", import.meta.url));
  // An idle engine never keeps the process alive.
  worker.unref();
  return worker;
}

/** Distributes Omit over a union (the request kinds without their id). */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

export function engineThread(options: { modelOptions?: Partial<ModelOptions> } = {}): PredictionEngine {
  let worker: Worker | null = null;
  let nextId = 1;
  let held = new Set<string>();
  let fitted = false;

  function stop(): Promise<void> {
    const current = worker;
    worker = null;
    held = new Set();
    fitted = false;
    return current ? current.terminate().then(() => undefined) : Promise.resolve();
  }

  /** Sends one request to the thread (starting it if needed) and waits for its answer. */
  function call(message: WithoutId<EngineRequest>, signal: AbortSignal | undefined): Promise<EngineResponse> {
    if (signal?.aborted) return Promise.reject(new Error(`abandoned: ${String(signal.reason ?? "stopped")}`));
    if (!worker) {
      worker = startThread();
      held = new Set();
      fitted = false;
    }
    const current = worker;
    const request = { ...message, id: nextId++ };
    return new Promise<EngineResponse>((resolve, reject) => {
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
        if ("error" in response) {
          reject(
            response.error.name === "ModelInputError"
              ? new ModelInputError(response.error.message)
              : new Error(response.error.message),
          );
        } else {
          resolve(response);
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
  }

  return {
    heldSeasons: () => held,
    isFresh: () => held.size === 0 && !fitted,
    modelOptions: options.modelOptions,
    async restore(state, signal) {
      const response = await call({ kind: "restore", ...state, options: options.modelOptions }, signal);
      if (!("restored" in response))
        throw new Error("the prediction engine's thread answered a restore with something else");
      held = new Set(response.restored.seasons);
      return response.restored;
    },
    async predict(engineCall, signal) {
      const response = await call({ kind: "predict", ...engineCall, options: options.modelOptions }, signal).finally(
        () => {
          // The thread applied the history update before predicting, whatever came of it (unless it stopped).
          if (worker) held = new Set(engineCall.history.keep);
        },
      );
      if (!("results" in response))
        throw new Error("the prediction engine's thread answered a call with something else");
      if (response.results.length > 0) fitted = true;
      return response.results;
    },
    async snapshot(request, signal) {
      const response = await call({ kind: "snapshot", ...request }, signal);
      if (!("snapshot" in response))
        throw new Error("the prediction engine's thread answered a snapshot with something else");
      return response.snapshot;
    },
    close: stop,
  };
}
