import type { Env } from "../../shared/config/env";
import type { Clock } from "../../shared/config/clock";
import type { DbHandle } from "../../shared/db";
import type { Content } from "../../shared/content/content";
import type { PreviewSessions } from "./preview.server";

/** What the server hands every loader and action: no module-level singletons in the app. */
export type AppContext = {
  env: Env;
  clock: Clock;
  db: DbHandle;
  /** Editorial content (Sanity or the local dataset); drafts only in preview. */
  content: Content;
  previewSessions: PreviewSessions;
  /** Per-request nonce for the Content-Security-Policy. */
  cspNonce: string;
};

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
