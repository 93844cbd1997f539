/**
 * The dark theme: it follows the system's prefers-color-scheme, the header's toggle overrides
 * it and is remembered, and the inline script in <head> (allowed by its CSP hash) sets the theme
 * before the first paint, with or without the browser bundle. The HTML is the same for every
 * visitor whatever their theme, so the page cache keeps serving it.
 */
import { createHash } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THEME_SCRIPT, THEME_STORAGE_KEY } from "~/theme-script.server";
import {
  collectConsoleProblems,
  launchChromium,
  visitsBetweenTicks,
  waitForPage,
  type RunningSite,
} from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const PATHS = ["/", "/premier-league/teams/arsenal", "/premier-league-predictions/arsenal-vs-sunderland-prediction"];
/** The page background of each theme (--paper). */
const PAPER = { light: "rgb(245, 247, 244)", dark: "rgb(13, 21, 18)" };

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
 * A page whose theme and background are recorded at DOMContentLoaded, before any module script
 * of the bundle runs, with every CSP violation.
 */
async function open(context: BrowserContext, path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = collectConsoleProblems(page);
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[]; atParse: { theme?: string; background?: string } };
    w.cspViolations = [];
    w.atParse = {};
    document.addEventListener("securitypolicyviolation", (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
    document.addEventListener("DOMContentLoaded", () => {
      w.atParse = {
        theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
  });
  await page.goto(site.url + path);
  await page.waitForLoadState("networkidle");
  return { page, problems };
}

const atParse = (page: Page) =>
  page.evaluate(() => (window as unknown as { atParse: { theme?: string; background?: string } }).atParse);
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("the dark theme", () => {
  it("sends the same HTML whatever the reader's theme, with the script allowed by its hash", async () => {
    const response = await fetch(site.url + "/");
    const html = await response.text();
    expect(html).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(html).not.toContain("data-theme=");
    const hash = `'sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}'`;
    const scriptSources = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(scriptSources.split(" ")).toContain(hash);
    expect(scriptSources).not.toContain("unsafe-inline");

    const visit = async (colorScheme: "light" | "dark") => {
      const context = await browser.newContext({ colorScheme });
      await context.addInitScript((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
      const page = await context.newPage();
      const served = await (await page.goto(site.url + "/"))!.text();
      await context.close();
      return served;
    };
    const { before, probed, after } = await visitsBetweenTicks(
      () => visit("light"),
      () => visit("dark"),
      (a, b) => a === b,
    );
    expect(after, "the home page changed between every pair of visits").toBe(before);
    expect(probed).toBe(before);
  });

  for (const width of [390, 1280]) {
    it(`follows prefers-color-scheme from the first paint on, at ${width} px`, async () => {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
        for (const path of PATHS) {
          const { page, problems } = await open(context, path);
          expect(await atParse(page), `${colorScheme} ${path}`).toEqual({
            theme: colorScheme,
            background: PAPER[colorScheme],
          });
          expect(await theme(page)).toBe(colorScheme);
          const toggle = page.getByRole("button", { name: "Dark theme" });
          expect(await toggle.getAttribute("aria-pressed")).toBe(String(colorScheme === "dark"));
          expect(await cspViolations(page)).toEqual([]);
          expect(problems).toEqual([]);
          await page.close();
        }
        await context.close();
      }
    });

    it(`remembers the header's toggle across reloads and pages, at ${width} px`, async () => {
      const context = await browser.newContext({ colorScheme: "light", viewport: { width, height: 900 } });
      const { page, problems } = await open(context, "/");
      const toggle = page.getByRole("button", { name: "Dark theme" });
      const box = await toggle.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await toggle.click();
      expect(await theme(page)).toBe("dark");
      expect(await background(page)).toBe(PAPER.dark);
      expect(await toggle.getAttribute("aria-pressed")).toBe("true");
      expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("dark");

      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(await atParse(page)).toEqual({ theme: "dark", background: PAPER.dark });
      expect(await toggle.getAttribute("aria-pressed")).toBe("true");

      // A client-side navigation keeps it; so does a new page load elsewhere.
      await page.locator(".site-header .logo").click();
      const other = await open(context, "/premier-league/teams/arsenal");
      expect(await atParse(other.page)).toEqual({ theme: "dark", background: PAPER.dark });

      // The keyboard switches back, and that is remembered too.
      await toggle.focus();
      await page.keyboard.press("Enter");
      expect(await theme(page)).toBe("light");
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(await atParse(page)).toEqual({ theme: "light", background: PAPER.light });
      expect(problems).toEqual([]);
      expect(other.problems).toEqual([]);
      await context.close();
    });
  }

  it("sets the stored theme before the first paint even when the browser bundle never loads", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    await context.addInitScript((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
    await context.route("**/build/**/*.js", (route) => route.abort());
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { atParse: unknown }).atParse = {
          theme: document.documentElement.dataset.theme,
          background: getComputedStyle(document.body).backgroundColor,
        };
      });
    });
    await page.goto(site.url + "/");
    await page.waitForLoadState("load");
    expect(await atParse(page)).toEqual({ theme: "dark", background: PAPER.dark });
    // The toggle works before (here: without) hydration: the script in <head> runs it.
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await theme(page)).toBe("light");
    await context.close();
  });

  it("follows the system's preference without JavaScript, and hides the toggle that could not work", async () => {
    const context = await browser.newContext({ colorScheme: "dark", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + "/premier-league/teams/arsenal");
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-theme"))).toBe(false);
    expect(await background(page)).toBe(PAPER.dark);
    expect(await page.locator(".theme-toggle").isVisible()).toBe(false);
    await context.close();
  });
});
