import { findChromium } from "./browser";

/** Stops the browser tests before any starts when no Chromium can be found. */
export default function setup(): void {
  const found = findChromium();
  if ("problem" in found) {
    console.error(found.problem);
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = found.path;
}
