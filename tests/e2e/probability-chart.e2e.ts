/**
 * 'Win probability through the match' on a finished match page: the site replays Saturday
 * 7 February 2026 from 16:44, late in the second half of Arsenal v Sunderland (15:00, final
 * whistle 16:55), ten times as fast, so the worker records the live win probability for a few
 * minutes of play and then the whistle; the finished page then shows the chart.
 */
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const MATCH = "/premier-league-predictions/arsenal-vs-sunderland-prediction";
const CHART = "section#probability-history";

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  // Started with the run (shared-sites.ts), so the replayed minutes of play are usually over by
  // now; the chart exists only if the worker recorded readings while the match was in play.
  site = await sharedSite("whistle");
  browser = await launchChromium();
  await waitForPage(
    site,
    MATCH,
    (html) => html.includes("Win probability through the match"),
    "win probability chart",
    150_000,
  );
}, 260_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the win probability chart on a finished match page", () => {
  it.each([390, 1280])("shows the chart with its title, description, summary and key at %i px", async (width) => {
    const { page, problems, status, cacheControl } = await openPage(browser, site.url + MATCH, { width, height: 900 });
    expect(status).toBe(200);
    // A finished match page stays cacheable: nothing personal, the same for everyone.
    expect(cacheControl).toMatch(/^public, /);
    expect(await page.locator(".match-hero .scoreline").textContent()).toBe("Final Score3 - 0");
    expect(await page.locator("section#live-probability").count()).toBe(0);
    const section = page.locator(CHART);
    expect(await section.getByRole("heading", { name: "Win probability through the match" }).count()).toBe(1);
    // The chart is an image named by its title and described by its desc.
    const chart = section.getByRole("img", { name: "Win probability through the match: Arsenal v Sunderland" });
    expect(await chart.count()).toBe(1);
    expect(await chart.locator("desc").textContent()).toMatch(
      /^Line chart of the win probability from kick-off to full time, 0 to 100% against the minute: Arsenal as a solid line, from \d+% to 100%; Draw as a dashed line, from \d+% to 0%; Sunderland as a dotted line, from \d+% to 0%\. Goals: /,
    );
    const summary = (await section.locator("[data-probability-summary]").textContent())!;
    expect(summary).toMatch(
      /^At kick-off: Arsenal (\d+)%, draw (\d+)%, Sunderland (\d+)%\. Arsenal's chance (peaked at|was highest at kick-off)/,
    );
    expect(summary).toMatch(/Final score 3-0\.$/);
    const kickOff = /Arsenal (\d+)%, draw (\d+)%, Sunderland (\d+)%/.exec(summary)!.slice(1).map(Number);
    expect(kickOff.reduce((sum, p) => sum + p, 0)).toBe(100);
    // Three lines, each with its direct label; the goals marked on the axis with the score.
    expect(await chart.locator("polyline").count()).toBe(3);
    expect(await chart.locator(".probability-chart__label").allTextContents()).toEqual(["ARS", "Draw", "SUN"]);
    // The goals seen together at the whistle share one mark's label ('2-0 3-0').
    expect((await chart.locator("[data-event=goal] text").allTextContents()).join(" ")).toContain("3-0");
    expect(await section.locator(".probability-chart__key li").allTextContents()).toEqual([
      "ARS: Arsenal (solid line)",
      "Draw (dashed line)",
      "SUN: Sunderland (dotted line)",
      "Goal (score after it)",
    ]);
    // It fits the viewport: nothing scrolls sideways, the chart is within the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // axe-core finds no serious or critical violation on the page with the chart.
    const violations = await seriousAxeViolations(page);
    expect(describeViolations(violations)).toBe("");
    if (process.env.E2E_SCREENSHOTS_DIR) {
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS_DIR, `probability-chart-${width}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * Fulham 1-2 Everton (15:00; 1-0 at half-time): the worker's readings begin in the 83rd minute,
 * showing the half-time score, and the whistle shows the result.
 */
describe("the chart and the events of a finished match followed only late", () => {
  const FULHAM = "/premier-league-predictions/fulham-vs-everton-prediction";

  it.each([390, 1280])(
    "marks the goal before the readings as of unknown time, both late goals, and keeps 'no readings' clear of the grid at %i px",
    async (width) => {
      await waitForPage(
        site,
        FULHAM,
        (html) => html.includes("Win probability through the match"),
        "Fulham v Everton chart",
        30_000,
      );
      const { page, problems } = await openPage(browser, site.url + FULHAM, { width, height: 900 });
      expect(await page.locator(".match-hero .scoreline").textContent()).toBe("Final Score1 - 2");
      const chart = page.locator(CHART).getByRole("img");
      const goals = chart.locator("[data-event=goal]");
      // The 1-0 goal came before the first reading: at the start, said to be of unknown time, with no line at a minute.
      const unknown = goals.and(chart.locator("[data-timing=unknown]"));
      expect(await unknown.locator("text").allTextContents()).toEqual(["1-0, time unknown"]);
      expect(await unknown.locator("line").count()).toBe(0);
      // Both second-half goals, seen at the whistle: two marks, each with the score after it.
      const seen = goals.and(chart.locator("[data-timing=seen]"));
      expect(await seen.locator("text").allTextContents()).toEqual(["1-1 1-2"]);
      expect(await seen.locator("circle").count()).toBe(2);
      expect(await goals.locator("circle").count()).toBe(3);
      expect(await chart.locator("desc").textContent()).toContain("Goals: 1-0 (time unknown, first seen at ");
      expect(await chart.locator("desc").textContent()).toContain("1-1 (by full time), 1-2 (by full time).");
      const summary = (await page.locator("[data-probability-summary]").textContent())!;
      expect(summary).not.toContain("the goal that made it 1-0");
      // 'no readings' does not touch the 50% grid line.
      const label = (await chart.locator("[data-gap-label]").boundingBox())!;
      const fifty = (await chart.locator(".probability-chart__grid line").nth(1).boundingBox())!;
      expect(label.y > fifty.y + fifty.height || label.y + label.height < fifty.y).toBe(true);
      // The events: the goals the scores showed, and plainly no event feed.
      const events = page.locator(".stat-block", { has: page.getByRole("heading", { name: "Match events" }) });
      expect(await events.textContent()).not.toContain("No live events yet");
      expect(await events.locator("[data-score-change-goals] li").allTextContents()).toEqual([
        "Time unknown ⚽ Goal · Fulham (1-0)",
        "By full time ⚽ Goal · Everton (1-1)",
        "By full time ⚽ Goal · Everton (1-2)",
      ]);
      expect(await events.locator("[data-no-event-feed]").count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (process.env.E2E_SCREENSHOTS_DIR) {
        await page.locator(CHART).scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(process.env.E2E_SCREENSHOTS_DIR, `probability-chart-late-${width}.png`),
        });
        await events.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS_DIR, `finished-events-${width}.png`) });
      }
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
