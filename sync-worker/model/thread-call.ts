/**
 * One call in a worker thread started for it and ended after it: the thread module registers tsx
 * (as engine-client.ts does) and answers one message with its result or `{ error }`. Aborting
 * the call ends the thread. The season outlook and the odds check run this way: a few times a
 * day, minutes of CPU at most, nothing kept between runs, never on a page's path.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { serverBundleUrl } from "@shared/config/server-bundle";

/** tsx's ESM API as a file URL, resolved from this project, so a thread can load TypeScript wherever the process started. */
export function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifest), exports["./esm/api"].import.default)).href;
}

/**
 * A thread running a TypeScript module. In the server bundle (`npm start`) the thread runs the
 * module's own bundle beside it (build/server/engine-thread.js for engine-thread.ts). Otherwise
 * the process runs the sources under tsx or vitest, and neither hands its loader to a new
 * thread, so the thread registers tsx before importing.
 */
export function startTypeScriptThread(module: URL): Worker {
  const bundle = serverBundleUrl();
  if (bundle) {
    const name = path.basename(fileURLToPath(module)).replace(/\.tsx?$/, ".js");
    return new Worker(new URL(`./${name}`, bundle), { execArgv: [] });
  }
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
}

/**
 * Posts `request` to a new thread running `threadModule` and settles with what `resultOf` takes
 * from its answer; an `{ error }` answer, a thread error or exit, and an abort reject, each with
 * `label` ("the season outlook") in the message.
 */
export function callInThread<Answer extends object, Result>(
  threadModule: URL,
  request: unknown,
  label: string,
  resultOf: (answer: Exclude<Answer, { error: string }>) => Result,
  signal?: AbortSignal,
): Promise<Result> {
  if (signal?.aborted) return Promise.reject(new Error(`abandoned: ${String(signal.reason ?? "stopped")}`));
  const worker = startTypeScriptThread(threadModule);
  return new Promise<Result>((resolve, reject) => {
    const finish = (settle: () => void) => {
      signal?.removeEventListener("abort", onAbort);
      worker.removeAllListeners();
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(new Error(`abandoned: ${String(signal?.reason ?? "stopped")}`)));
    worker.on("message", (answer: Answer) => {
      if ("error" in answer) finish(() => reject(new Error(`${label} failed: ${String(answer.error)}`)));
      else finish(() => resolve(resultOf(answer as Exclude<Answer, { error: string }>)));
    });
    worker.on("error", (error) => finish(() => reject(new Error(`${label}'s thread failed: ${error.message}`))));
    worker.on("exit", (code) => finish(() => reject(new Error(`${label}'s thread stopped (exit code ${code})`))));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.postMessage(request);
  });
}
