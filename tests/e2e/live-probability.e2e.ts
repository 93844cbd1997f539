/**
 * 'Win probability now' on a live match page: the site replays Saturday 7 February 2026 from
 * 15:20, during the first half of Arsenal v Sunderland (15:00), six times as fast, so each 15 s
 * live refresh moves the match about a minute and a half on and the numbers with it.
 */
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { launchChromium, openPage, startSite, waitForPage, type RunningSite } from "./support/site";

const LIVE = "/premier-league-predictions/arsenal-vs-sunderland-prediction";
const BLOCK = "section#live-probability";

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, CLOCK: "replay:2026-02-07T15:20:00Z,speed=6" });
  browser = await launchChromium();
  await waitForPage(site, LIVE, (html) => html.includes("Win probability now"), "live win probability");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** What the block says: the three result percentages, over 2.5, BTTS and the minute, as text. */
async function readBlock(page: Page) {
  const block = page.locator(BLOCK);
  const percent = async (selector: string) => Number((await block.locator(selector).textContent())!.replace("%", ""));
  return {
    results: [
      await percent("[data-outcome=home] .live-probability__value"),
      await percent("[data-outcome=draw] .live-probability__value"),
      await percent("[data-outcome=away] .live-probability__value"),
    ],
    over25: await percent("[data-market=over25]"),
    btts: await percent("[data-market=btts]"),
    minute: await block.locator("[data-live-probability-minute]").textContent(),
  };
}

describe("the live win probability on a live match page", () => {
  it.each([390, 1280])("shows the three results as text adding up to 100 at %i px", async (width) => {
    const { page, problems } = await openPage(browser, site.url + LIVE, { width, height: 900 });
    const block = page.locator(BLOCK);
    expect(await block.getByRole("heading", { name: "Win probability now" }).count()).toBe(1);
    expect(await block.locator("dt").allTextContents()).toEqual([
      "Arsenal",
      "Draw",
      "Sunderland",
      "Over 2.5 goals",
      "Both teams score",
    ]);
    const now = await readBlock(page);
    expect(now.results.reduce((sum, p) => sum + p, 0)).toBe(100);
    for (const value of [...now.results, now.over25, now.btts]) expect(value).toBeGreaterThanOrEqual(0);
    expect(now.minute).toMatch(/^(\d+(\+\d+)?'|half-time)$/);
    // The block fits the viewport: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // As wide as the sections around it: no card on half the width with an empty right half.
    const card = (await block.locator(".live-probability").boundingBox())!.width;
    const column = (await page
      .locator("section.page-section, main section")
      .filter({ hasNot: page.locator(".live-probability") })
      .first()
      .boundingBox())!.width;
    expect(card / column).toBeGreaterThan(0.95);
    if (width >= 900) {
      const rows = await block
        .locator(".live-probability__row")
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().y)));
      expect(new Set(rows).size).toBe(1);
    }
    if (process.env.E2E_SCREENSHOTS_DIR) {
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS_DIR, `live-probability-${width}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the three results as text on the live match's card of the league page", async () => {
    const { page, problems } = await openPage(browser, site.url + "/premier-league-predictions", {
      width: 390,
      height: 900,
    });
    const card = page.locator("article.match-card", { hasText: "Arsenal" }).filter({ hasText: "Sunderland" });
    const line = (await card.locator("[data-live-probability-line]").textContent())!;
    const match = /^Win probability now: Arsenal (\d+)% · Draw (\d+)% · Sunderland (\d+)%$/.exec(line);
    expect(match, line).not.toBeNull();
    expect(match!.slice(1).reduce((sum, p) => sum + Number(p), 0)).toBe(100);
    if (process.env.E2E_SCREENSHOTS_DIR) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS_DIR, "live-probability-card-390.png") });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("changes with the live refresh as the match goes on, without reloading the page", async () => {
    const { page, problems } = await openPage(browser, site.url + LIVE, { width: 1280, height: 900 });
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    const first = await readBlock(page);
    await expect
      .poll(async () => JSON.stringify(await readBlock(page)), { timeout: 75_000, interval: 1_000 })
      .not.toBe(JSON.stringify(first));
    const later = await readBlock(page);
    expect(later.minute).not.toBe(first.minute);
    expect(later.results.reduce((sum, p) => sum + p, 0)).toBe(100);
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});
