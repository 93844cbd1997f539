import { ensureSiteBuild } from "../../../web/site-build/build";
import { findChromium } from "./browser";
import { startSharedSites } from "./shared-sites";
import { launchChromiumServer, SHARED_BROWSER_ENV } from "./site";

/** What the first call started, and how many calls still use it. */
interface Started {
  users: number;
  stop: () => Promise<void>;
}

/**
 * Vitest runs a config's global setup once for the root and once more for each project that
 * extends it, all in its main process before any file starts: the browser tests' three projects
 * started four sets of shared sites, three of them never used yet filling their databases and
 * ticking through the whole run. Every call after the first shares what the first started; the
 * last teardown stops it.
 */
const STARTED = Symbol.for("smart-picks.e2e.global-setup");
const registry = globalThis as { [STARTED]?: Promise<Started> };

async function startOnce(): Promise<Started> {
  const found = findChromium();
  if ("problem" in found) {
    console.error(found.problem);
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = found.path;
  // The sites start from the server bundle: built here when a source changed since (npm test's
  // build:e2e built it; a run of one file after an edit needs it again).
  await ensureSiteBuild();
  // One Chromium for every file (a launch costs about a second of CPU, 28 files launched one each).
  const browser = await launchChromiumServer();
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  const stopSites = await startSharedSites();
  return {
    users: 0,
    stop: async () => {
      await stopSites();
      await browser.close();
    },
  };
}

/**
 * Stops the browser tests before any starts when no Chromium can be found; then starts the one
 * Chromium the files share and the sites several files share (shared-sites.ts), and stops them
 * when every file is done.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Collecting the tests (npm run test:registration) runs none: nothing to start.
  if (process.env.TEST_COLLECT_ONLY) return async () => {};
  registry[STARTED] ??= startOnce();
  const started = await registry[STARTED];
  started.users += 1;
  return async () => {
    started.users -= 1;
    if (started.users > 0) return;
    delete registry[STARTED];
    await started.stop();
  };
}
