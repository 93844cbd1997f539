/**
 * The live match header's 'Updated Ns ago' and its 15 s refresh: the site replays Saturday
 * 7 February 2026 from 15:50, Arsenal v Sunderland at half-time, in real time.
 */
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { launchChromium, openPage, startSite, waitForPage, type RunningSite } from "./support/site";

const LIVE = "/premier-league-predictions/arsenal-vs-sunderland-prediction";
const UPDATED = ".match-hero .scoreline__updated";

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, CLOCK: "replay:2026-02-07T15:50:00Z" });
  browser = await launchChromium();
  await waitForPage(site, LIVE, (html) => html.includes("scoreline__updated"), "live 'Updated' time", 90_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const secondsOf = (text: string) => {
  const match = /^Updated (\d+)([sm]) ago$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]) * (match![2] === "m" ? 60 : 1);
};

describe("the live match header's update time", () => {
  it("counts on each second between data changes, as the server first rendered it", async () => {
    const { page, problems } = await openPage(browser, site.url + LIVE, { width: 390, height: 900 });
    const dataRequests: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(Date.now());
    });
    const updated = page.locator(UPDATED);
    const first = secondsOf((await updated.textContent())!);
    await page.waitForTimeout(3_200);
    const later = secondsOf((await updated.textContent())!);
    // No refresh in between (or the count would have started again): the text moved on by itself.
    if (dataRequests.length === 0) expect(later - first).toBeGreaterThanOrEqual(2);
    if (process.env.E2E_SCREENSHOTS_DIR) {
      await page
        .locator(".match-hero")
        .screenshot({ path: path.join(process.env.E2E_SCREENSHOTS_DIR, "live-updated-ago-390.png") });
    }
    // A hydration mismatch would be reported as a console error.
    expect(problems).toEqual([]);
    await page.close();
  });

  it("lists the goal the live score shows, of unknown time, and says the source has no event feed", async () => {
    const { page, problems } = await openPage(browser, site.url + LIVE, { width: 390, height: 900 });
    expect(await page.locator(".match-hero .scoreline__score").textContent()).toBe("1 - 0");
    const block = page.locator(".stat-block", { has: page.getByRole("heading", { name: "Match events" }) });
    expect(await block.textContent()).not.toContain("No live events yet");
    expect(await block.locator("[data-score-change-goals] li").allTextContents()).toEqual([
      "Time unknown ⚽ Goal · Arsenal (1-0)",
    ]);
    expect(await block.locator("[data-no-event-feed]").textContent()).toMatch(
      /^This match's data source has no event feed/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (process.env.E2E_SCREENSHOTS_DIR) {
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS_DIR, "live-events-390.png") });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends one data request per 15 s refresh, and the browser shows that answer, not a stale copy", async () => {
    const { page, problems } = await openPage(browser, site.url + LIVE, { width: 1280, height: 900 });
    const dataRequests: Array<{ at: number; url: string }> = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push({ at: Date.now(), url: request.url() });
    });
    const start = Date.now();
    // Two refreshes (at about 15 s and 30 s from hydration).
    await page.waitForTimeout(31_000);
    const refreshes = dataRequests.filter((request, i) => i === 0 || request.at - dataRequests[i - 1].at > 2_000);
    expect(
      refreshes.length,
      JSON.stringify(dataRequests.map((r) => ({ ...r, at: r.at - start }))),
    ).toBeGreaterThanOrEqual(2);
    expect(dataRequests.map((r) => ({ ...r, at: r.at - start }))).toHaveLength(refreshes.length);
    // After the refreshes the count still goes on by itself.
    const before = secondsOf((await page.locator(UPDATED).textContent())!);
    await page.waitForTimeout(2_200);
    expect(secondsOf((await page.locator(UPDATED).textContent())!)).toBeGreaterThan(before);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
