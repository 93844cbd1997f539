/**
 * Which Chromium the browser tests drive: CHROMIUM_PATH when set, else the system's Chromium
 * headless shell, Chromium or Chrome, else one installed by `npx playwright install chromium`.
 * Without any, the browser tests stop before they start with one line saying how to install one.
 *
 * The headless shell (Debian's chromium-headless-shell, the build Playwright itself drives for
 * headless runs) is the same engine without the desktop browser around it: the same pages cost
 * it about a third less CPU than the full browser in headless mode (8 s against 5–6 s of browser
 * CPU for 16 page loads with an axe check each, measured side by side on 2 cores), and the
 * browser tests are bound by CPU.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

export const SYSTEM_BROWSERS = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/snap/bin/chromium",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

export const NO_BROWSER =
  "No Chromium for the browser tests: install it (Debian/Ubuntu: sudo apt-get install chromium; other systems: npx playwright install chromium) or set CHROMIUM_PATH.";

export type BrowserSearch = { path: string } | { problem: string };

function playwrightBrowser(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null;
  }
}

export function findChromium(
  configured: string | null = process.env.CHROMIUM_PATH ?? null,
  candidates: readonly string[] = SYSTEM_BROWSERS,
  installed: () => string | null = playwrightBrowser,
  exists: (path: string) => boolean = existsSync,
): BrowserSearch {
  if (configured?.trim()) {
    return exists(configured)
      ? { path: configured }
      : { problem: `CHROMIUM_PATH is ${configured}, which does not exist. ${NO_BROWSER}` };
  }
  for (const candidate of candidates) if (exists(candidate)) return { path: candidate };
  const fromPlaywright = installed();
  if (fromPlaywright && exists(fromPlaywright)) return { path: fromPlaywright };
  return { problem: NO_BROWSER };
}

/** The browser's path, or an error whose message is the one line above. */
export function chromiumPath(): string {
  const found = findChromium();
  if ("problem" in found) throw new Error(found.problem);
  return found.path;
}
