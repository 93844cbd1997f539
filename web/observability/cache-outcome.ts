/**
 * The page cache's verdict on each answer (web/page-cache/http.ts decides it as it sends), kept
 * beside the response for the request log and the metrics, which read it when the answer is done.
 */
import type { ServerResponse } from "node:http";

/**
 * hit: from memory; miss: rendered and stored; bypass: never cached (preview, writes...);
 * rerender: the previous page while it is rendered again in the background; stale: the last good
 * answer during an outage.
 */
export type CacheOutcome = "hit" | "miss" | "bypass" | "rerender" | "stale";

/** Where a response keeps it: a property of its own (a WeakMap entry per request costs a cached page more). */
const CACHE_OUTCOME = Symbol("page cache outcome");

type NotedResponse = ServerResponse & { [CACHE_OUTCOME]?: CacheOutcome };

/** Records how the page cache answered this response. */
export function noteCacheOutcome(res: ServerResponse, outcome: CacheOutcome): void {
  (res as NotedResponse)[CACHE_OUTCOME] = outcome;
}

/** How the page cache answered, or undefined when the answer did not come through it (assets, probes, refusals). */
export function cacheOutcomeOf(res: ServerResponse): CacheOutcome | undefined {
  return (res as NotedResponse)[CACHE_OUTCOME];
}
