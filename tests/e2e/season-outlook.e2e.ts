/**
 * The Season Outlook as a visitor sees it, once the worker has simulated the rest of the season
 * from the project's CSV fixtures: the league page's section, the team page's block and the CSV,
 * at a phone's width and a desktop's. Set SCREENSHOT_DIR to keep full-page screenshots.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const LEAGUE_PAGE = "/premier-league-predictions";
const TEAM_PAGE = "/premier-league/teams/arsenal";
const CSV = "/premier-league-predictions/season-outlook.csv";

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  // The worker simulates the season after the predictions job has stored its forecasts.
  await waitForPage(site, LEAGUE_PAGE, (html) => html.includes('class="outlook-table"'), "season outlook", 150_000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** "3rd: 24.3%" → 24.3; "<0.1%" counts as 0.05 and ">99.9%" as 99.95. */
function cellPercent(text: string): number {
  const match = /^\d+(?:st|nd|rd|th): ([<>]?)([\d.]+)%$/.exec(text);
  if (!match) throw new Error(`Not a position cell's text: ${text}`);
  const value = Number(match[2]);
  return match[1] === "<" ? value / 2 : match[1] === ">" ? value + (100 - value) / 2 : value;
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const pageOverflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.each([390, 1280])("the Season Outlook at %i px", (width) => {
  it("shows every Premier League club with a 20-cell finish strip whose chances add up to 100%", async () => {
    const { page, problems } = await openPage(browser, site.url + LEAGUE_PAGE, { width, height: 900 });
    try {
      const section = page.locator("section#season-outlook");
      await expect(section.locator("h2").textContent()).resolves.toBe("Season Outlook");
      await expect(section.locator(".season-outlook__lead").textContent()).resolves.toBe(
        "20,000 simulations of the rest of the season from our model's match forecasts; updated after every result.",
      );
      // The table section links down to it.
      await expect(page.locator('section#table a[href="#season-outlook"]').count()).resolves.toBe(1);

      const rows = section.locator("tbody tr");
      expect(await rows.count()).toBe(20);
      const strips = await rows.evaluateAll((trs) =>
        trs.map((tr) => ({
          label: tr.querySelector(".outlook-strip")?.getAttribute("aria-label") ?? "",
          likeliest: tr.querySelector(".outlook-table__likeliest")?.textContent ?? "",
          cells: tr.querySelectorAll(".outlook-strip > i").length,
          figures: [...tr.querySelectorAll("td")].slice(0, 4).map((td) => td.textContent ?? ""),
        })),
      );
      for (const strip of strips) {
        expect(strip.cells).toBe(20);
        // The strip's name gives every place with a chance of 0.1% or more, in words.
        const listed = [...strip.label.matchAll(/(\d+)(?:st|nd|rd|th) (\d+(?:\.\d)?)%/g)].map((m) => Number(m[2]));
        const total = listed.reduce((sum, p) => sum + p, 0);
        expect(total).toBeGreaterThan(98.5);
        expect(total).toBeLessThan(100.5);
        // The most likely place is printed, and named in the strip's label.
        const place = strip.likeliest.replace("Most likely ", "");
        expect(place).toMatch(/^\d+(st|nd|rd|th)$/);
        expect(strip.label).toContain(`most likely ${place}`);
        expect(strip.figures[0]).toMatch(/^\d+\.\d$/);
        for (const figure of strip.figures.slice(1)) expect(figure).toMatch(/^(–|<1%|>99%|100%|\d{1,2}%)$/);
      }

      // Shades are classes: the CSP refuses inline styles, and the server sends none.
      expect(await section.locator("[style]").count()).toBe(0);
      expect(await pageOverflows(page)).toBe(false);
      await expect(section.locator('a[href$="/season-outlook.csv"]').count()).resolves.toBe(1);
      await screenshot(page, `league-${width}`);
      expect(describeViolations(await seriousAxeViolations(page))).toBe("");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows Arsenal's outlook on the team page, linking to the league page's section", async () => {
    const { page, problems } = await openPage(browser, site.url + TEAM_PAGE, { width, height: 900 });
    try {
      const block = page.locator("section#season-outlook");
      await expect(block.locator("h2").textContent()).resolves.toBe("Season Outlook");
      const figures = await block
        .locator("dl > div")
        .evaluateAll((divs) =>
          divs.map((div) => [div.querySelector("dt")?.textContent, div.querySelector("dd")?.textContent]),
        );
      expect(figures.map(([label]) => label)).toEqual([
        "Expected points",
        "Title",
        "Champions League Places",
        "Relegation",
      ]);
      expect(figures[0][1]).toMatch(/^\d+\.\d$/);
      const cells = await block
        .locator(".outlook-strip > i")
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("title") ?? ""));
      expect(cells).toHaveLength(20);
      expect(cells.reduce((sum, title) => sum + cellPercent(title), 0)).toBeCloseTo(100, 0);
      expect(await block.locator(".team-outlook__likeliest").textContent()).toMatch(
        /^Most likely finish: \d+(st|nd|rd|th) \(/,
      );
      expect(await block.locator('a[href="/premier-league-predictions#season-outlook"]').count()).toBe(1);
      expect(await block.locator("[style]").count()).toBe(0);
      expect(await pageOverflows(page)).toBe(false);
      await screenshot(page, `team-${width}`);
      expect(describeViolations(await seriousAxeViolations(page))).toBe("");
      expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

it("downloads the outlook as CSV from the league page's link", async () => {
  const html = await (await fetch(site.url + LEAGUE_PAGE)).text();
  expect(html).toContain(`href="${CSV}"`);
  const response = await fetch(site.url + CSV);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  const lines = (await response.text()).trim().split("\r\n");
  expect(lines).toHaveLength(21);
  expect(lines[0]).toMatch(/^position_now,team_id,team,/);
});
