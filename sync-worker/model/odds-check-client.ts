/**
 * Runs the odds check in worker threads (odds-check-thread.ts), started for the call and ended
 * after it, as the season outlook's (outlook-client.ts). Its two parts run side by side, each in
 * a thread of its own: the season outlook (about 7 s of CPU on the whole history) and the parts
 * that stand on the engine's walk-forward (about 50 s), which is most of a fresh install's wait
 * for every job to be done. Aborting the call ends both threads.
 */
import type { LeagueKey } from "@shared/domain/leagues";
import type { OddsCheckConfig, OddsCheckPart, OddsCheckRun } from "../bench/odds-check";
import { callInThread } from "./thread-call";

export interface OddsCheckRequest {
  dir: string;
  leagues: LeagueKey[];
  config: OddsCheckConfig;
  /** ISO instant recorded as the run's date. */
  ranAt: string;
  /** The stored run's inputs hash: the thread stops after reading the files when they are the same. */
  unlessInputs: string | null;
  /** What the thread computes. */
  part: OddsCheckPart;
}

export type OddsCheckResponse = { run: OddsCheckRun } | { error: string };

function runPart(request: OddsCheckRequest, part: OddsCheckPart, signal?: AbortSignal): Promise<OddsCheckRun> {
  return callInThread<OddsCheckResponse, OddsCheckRun>(
    new URL("./odds-check-thread.ts", import.meta.url),
    { ...request, part } satisfies OddsCheckRequest,
    "the odds check",
    (answer) => answer.run,
    signal,
  );
}

/** The whole check: its outlook and walk-forward parts in two threads at once, merged. */
export async function runOddsCheckInThreads(
  request: Omit<OddsCheckRequest, "part">,
  signal?: AbortSignal,
): Promise<OddsCheckRun> {
  // One part failing ends the other's thread too.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  const run = (part: OddsCheckPart) =>
    runPart({ ...request, part }, part, stop.signal).catch((error: unknown) => {
      stop.abort("the other part of the odds check failed");
      throw error;
    });
  try {
    const [outlook, walk] = await Promise.all([run("outlook"), run("walk")]);
    if (outlook.inputsHash !== walk.inputsHash)
      throw new Error("the odds check's files changed while its two parts read them");
    if (outlook.unchanged || walk.unchanged) return { ...walk, unchanged: true };
    return {
      ...walk,
      payload: { ...walk.payload, outlook: outlook.payload.outlook },
    };
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}
