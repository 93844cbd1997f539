import { findChromium } from "./browser";
import { startSharedSites } from "./shared-sites";

/**
 * Stops the browser tests before any starts when no Chromium can be found; then starts the sites
 * several files share (shared-sites.ts) and stops them when every file is done.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Collecting the tests (npm run test:registration) runs none: nothing to start.
  if (process.env.TEST_COLLECT_ONLY) return async () => {};
  const found = findChromium();
  if ("problem" in found) {
    console.error(found.problem);
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = found.path;
  return startSharedSites();
}
