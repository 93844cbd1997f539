/**
 * Runs the season outlook in a worker thread (outlook-thread.ts), started for the call and ended
 * after it: the job runs after results and forecasts change, a few times a day, and keeps
 * nothing between runs. Aborting the call ends the thread.
 */
import { callInThread } from "./thread-call";
import type { OutlookLeagueResult, OutlookRequest, OutlookResponse } from "./outlook-messages";

export function simulateOutlooksInThread(
  request: Omit<OutlookRequest, "id">,
  signal?: AbortSignal,
): Promise<OutlookLeagueResult[]> {
  return callInThread<OutlookResponse, OutlookLeagueResult[]>(
    new URL("./outlook-thread.ts", import.meta.url),
    { ...request, id: 1 },
    "the season outlook",
    (answer) => answer.results,
    signal,
  );
}
