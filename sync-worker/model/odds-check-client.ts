/**
 * Runs the odds check in a worker thread (odds-check-thread.ts), started for the call and ended
 * after it, as the season outlook's (outlook-client.ts). Aborting the call ends the thread.
 */
import type { LeagueKey } from "@shared/domain/leagues";
import type { OddsCheckConfig, OddsCheckRun } from "../bench/odds-check";
import { callInThread } from "./thread-call";

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
  return callInThread<OddsCheckResponse, OddsCheckRun>(
    new URL("./odds-check-thread.ts", import.meta.url),
    request,
    "the odds check",
    (answer) => answer.run,
    signal,
  );
}
