/**
 * The live match header's 'Updated Ns ago' and its 15 s refresh: the site replays Saturday
 * 7 February 2026 from 15:50, Arsenal v Sunderland at half-time, in real time. The browser's
 * timers and Date run on Playwright's clock, so the tests move the page's time on by 15 s
 * without waiting for it.
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

/**
 * Opens the live page with the browser's clock under the test's control, standing still from
 * before the page's first script: the page's time moves only as the test moves it.
 */
const openOnTestClock = (width: number) =>
  openPage(browser, site.url + LIVE, { width, height: 900 }, { testClock: "paused" });

const isDataRequest = (url: string) => new URL(url).pathname.endsWith(".data");

const secondsOf = (text: string) => {
  const match = /^Updated (\d+)([sm]) ago$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]) * (match![2] === "m" ? 60 : 1);
};

describe("the live match header's update time", () => {
  it("counts on each second between data changes, as the server first rendered it", async () => {
    // Standing still from before the page loads: no refresh can come while the machine is slow.
    const { page, problems } = await openOnTestClock(390);
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (isDataRequest(request.url())) dataRequests.push(request.url());
    });
    const updated = page.locator(UPDATED);
    const first = secondsOf((await updated.textContent())!);
    await page.clock.runFor(3_000);
    // Less than a refresh interval: no data request, the text moved on by itself.
    await expect
      .poll(async () => secondsOf((await updated.textContent())!), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(first + 3);
    expect(dataRequests).toEqual([]);
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
    // The page's time stands still from before it loads: the refresh timer starts at hydration, at
    // one known instant of the page's time, and moves only as the test moves it. However long the
    // machine takes to load, hydrate or get between two steps, the refreshes come 15 s of the
    // page's time after hydration and after one another.
    const { page, problems } = await openOnTestClock(1280);
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (isDataRequest(request.url())) dataRequests.push(request.url());
    });
    const updated = page.locator(UPDATED);
    for (const refresh of [1, 2]) {
      // Just short of the interval: nothing yet.
      await page.clock.runFor(14_000);
      expect(dataRequests, dataRequests.join("\n")).toHaveLength(refresh - 1);
      const answered = page.waitForResponse((response) => isDataRequest(response.url()));
      await page.clock.runFor(1_000);
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(dataRequests, dataRequests.join("\n")).toHaveLength(refresh);
      // The page shows that answer (a stale copy would keep the previous page's time): the
      // header's server time is the one in the data the request brought.
      const brought = /data-updated-ago-ms=\\"(\d+)\\"/.exec(await response.text())?.[1];
      expect(brought).toMatch(/^\d+$/);
      await expect.poll(() => updated.getAttribute("data-updated-ago-ms"), { timeout: 5_000 }).toBe(brought);
    }
    // After the refreshes the count still goes on by itself.
    const before = secondsOf((await updated.textContent())!);
    await page.clock.runFor(2_000);
    await expect
      .poll(async () => secondsOf((await updated.textContent())!), { timeout: 5_000 })
      .toBeGreaterThan(before);
    expect(dataRequests, dataRequests.join("\n")).toHaveLength(2);
    expect(problems).toEqual([]);
    await page.close();
  });
});
