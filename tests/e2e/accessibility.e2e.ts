import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";
import { THEME_STORAGE_KEY } from "~/theme-script.server";

let site: RunningSite;
let browser: Browser;

/** One page of each page type, at its canonical path, as the embedded default serves it. */
const PAGE_TYPES: ReadonlyArray<readonly [string, string]> = [
  ["home", "/"],
  ["league", "/premier-league-predictions"],
  ["today", "/today"],
  ["finished match", "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction"],
  ["live match", "/premier-league-predictions/arsenal-vs-sunderland-prediction"],
  ["picks", "/picks"],
  ["league picks", "/picks/epl"],
  ["results", "/algo-results"],
  ["about", "/about"],
  ["terms", "/terms"],
  ["privacy", "/privacy"],
  ["responsible gambling", "/responsible-gambling"],
  ["team list", "/premier-league/teams"],
  ["team", "/premier-league/teams/arsenal"],
  ["squad", "/premier-league/teams/arsenal/players"],
  ["social card", "/preview"],
  ["API description", "/api"],
  ["not found", "/no-such-page"],
];

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(site, "/premier-league-predictions", (html) => html.includes("Arsenal to Win"), "matches");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/**
 * Both themes: the light one, the dark one from the system's preference (Chromium's
 * colorScheme) and the dark one chosen with the header's toggle (stored in localStorage).
 */
const THEMES = [
  { name: "light theme", width: 1280, colorScheme: "light", stored: null },
  { name: "light theme", width: 390, colorScheme: "light", stored: null },
  { name: "dark theme from the system", width: 1280, colorScheme: "dark", stored: null },
  { name: "dark theme from the toggle", width: 390, colorScheme: "light", stored: "dark" },
] as const;

// Each check opens its own browser context, so two run at once (the config's maxConcurrency):
// while axe works in one page, the site renders the next.
describe.concurrent("axe-core finds no serious or critical violations", () => {
  for (const { name: theme, width, colorScheme, stored } of THEMES) {
    for (const [name, path] of PAGE_TYPES) {
      it(`on the ${name} page at ${width} px in the ${theme}`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
        if (stored)
          await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, stored]);
        const { page, problems } = await openPage(context, site.url + path, { width, height: 900 });
        try {
          // The API description is a page of its own, outside the site's layout and themes.
          if (path !== "/api")
            expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(stored ?? colorScheme);
          const violations = await seriousAxeViolations(page);
          expect(describeViolations(violations)).toBe("");
          expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

/** A match still to come on the replayed Saturday: its best pick can go into the parlay. */
const UPCOMING_MATCH = "/premier-league-predictions/newcastle-united-vs-brentford-prediction";

describe("axe-core finds no serious or critical violations in what opens over a page", () => {
  for (const { name: theme, width, colorScheme, stored } of THEMES) {
    it(`in the open Parlay Builder with a pick, its toast, and the menu, at ${width} px in the ${theme}`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      if (stored)
        await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, stored]);
      const { page } = await openPage(context, site.url + UPCOMING_MATCH, { width, height: 900 });
      try {
        await page.locator(".parlay-add__button").click();
        const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
        await dialog.waitFor();
        // Enabled, so that axe checks its contrast (it skips disabled controls).
        expect(await dialog.getByRole("button", { name: "Clear All" }).isEnabled()).toBe(true);
        expect(describeViolations(await seriousAxeViolations(page))).toBe("");

        await dialog.getByRole("button", { name: "Copy Parlay" }).click();
        await page.locator(".toast-viewport .toast").first().waitFor();
        expect(describeViolations(await seriousAxeViolations(page))).toBe("");
        await dialog.getByRole("button", { name: "Close Parlay Builder" }).click();

        if (width < 768) {
          await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("navigation", { name: "Menu" }).waitFor();
          expect(describeViolations(await seriousAxeViolations(page))).toBe("");
        }
      } finally {
        await context.close();
      }
    });
  }
});
