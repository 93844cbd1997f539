import type { Env } from "../../shared/config/env";
import type { Clock } from "../../shared/config/clock";
import type { DbHandle } from "../../shared/db";

/** What the server hands every loader and action: no module-level singletons in the app. */
export type AppContext = {
  env: Env;
  clock: Clock;
  db: DbHandle;
  /** Per-request nonce for the Content-Security-Policy. */
  cspNonce: string;
};

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
