import type { Env } from "@shared/config/env";
import type { Clock } from "@shared/config/clock";
import type { DbHandle } from "@shared/db";
import type { Content } from "@shared/content/content";
import type { OperatorServices } from "@shared/operations/operator-services";
import type { PreviewSessions } from "./features/content/preview.server";
import type { PageCacheStats } from "../page-cache/page-cache";

/** What the server hands every loader and action: no module-level singletons in the app. */
export type AppContext = {
  env: Env;
  clock: Clock;
  db: DbHandle;
  /** Editorial content (Sanity or the local dataset); drafts only in preview. */
  content: Content;
  previewSessions: PreviewSessions;
  /** What the internal pages ask of the worker's code (provider lookups, "create a match"), injected by the process entry. */
  operations: OperatorServices;
  /** The page cache's counters, for /api-status (unset where pages are not served through it). */
  pageCacheStats?: () => PageCacheStats;
  /** When the loaders finished, for the Server-Timing header (set by entry.server.tsx). */
  timing?: RequestTiming;
};

export interface RequestTiming {
  /** performance.now() when rendering started, after the loaders. */
  renderStartedAt?: number;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: Remix's context type becomes ours
  interface AppLoadContext extends AppContext {}
}
