/**
 * "How good are our season and live odds?" on /algo-results as a visitor sees it, once the
 * worker's odds-check job has replayed the history in FOOTBALL_DATA_DIR (made-up Premier League
 * seasons 2022-23 to 2025-26 here) and stored its figures: the page shows the stored figures,
 * at a phone's width and a desktop's. Set SCREENSHOT_DIR to keep full-page screenshots.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticSeasons } from "@sync-worker/test-support/synthetic-seasons";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, startSite, waitForPage, type RunningSite } from "./support/site";

const PAGE = "/algo-results";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "odds-check-e2e-"));
  writeSyntheticSeasons(dataDir, ["2223", "2324", "2425", "2526"]);
  site = await startSite({ FOOTBALL_DATA_DIR: dataDir, BACKFILL_SEASONS: "4" });
  browser = await launchChromium();
  await waitForPage(site, PAGE, (html) => html.includes('id="odds-check-live"'), "odds check", 240_000);
}, 330_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The section alone (the rest of the page is other tests' business). */
async function screenshot(section: Locator, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await section.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe.each([390, 1280])("the odds check on /algo-results at %i px", (width) => {
  it("shows the stored Brier scores, half-time RPS, scoreline log scores, the closing line, sample sizes and run date, readable without sideways scrolling", async () => {
    const { page, problems } = await openPage(browser, site.url + PAGE, { width, height: 900 });
    try {
      const section = page.locator("section#odds-check");
      await expect(section.locator("h2").textContent()).resolves.toBe("How good are our season and live odds?");

      // Season odds: the three probabilities, each with both scores and the improvement.
      const rows = await section
        .locator("#odds-check-outlook tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
        );
      expect(rows.map((row) => row[0])).toEqual(["Title", "Champions League places", "Relegation"]);
      for (const [, ours, baseline, better] of rows) {
        expect(ours).toMatch(/^0\.\d{4}$/);
        expect(baseline).toMatch(/^0\.\d{4}$/);
        expect(better).toMatch(/^−?\d+% \(target (met|missed)\)$/);
      }
      // The made-up history has three complete seasons before the replayed 2025-26: 60 clubs at 3 checkpoints.
      await expect(section.locator("p.muted").first().textContent()).resolves.toMatch(
        /^Replayed on 3 league seasons \(2022-23 to 2024-25\) from the table after matchweeks 10, 19, 28, using only what was known then: 180 club forecasts/,
      );
      const lines = await section.locator(".odds-check__lines li").allTextContents();
      expect(lines[0]).toBe(
        `Our title odds scored a Brier of ${rows[0][1]} against ${rows[0][2]} for a points-per-game baseline: ${rows[0][3].replace(/ \(.*$/, "").replace("−", "")} ${rows[0][3].startsWith("−") ? "worse" : "better"}.`,
      );

      // Live odds at half-time: three forecasts on the same matches, played before the replay's clock.
      const live = await section
        .locator("#odds-check-live tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
        );
      expect(live.map((row) => row[0])).toEqual([
        "Ours at half-time",
        "Our pre-match forecast",
        "Half-time leader wins",
      ]);
      for (const [, rps] of live) expect(rps).toMatch(/^0\.\d{4}$/);
      // 2023-24 and 2024-25 (380 each) and the 28 rounds of 2025-26 kicked off by the replay's clock: 1,040 matches.
      await expect(section.locator("p.muted").nth(1).textContent()).resolves.toMatch(
        /^1,040 matches of 2023-24 to 2025-26: /,
      );
      expect(lines.find((line) => line.startsWith("Calibration"))).toMatch(
        /^Calibration: our half-time chances were off by \d+\.\d points on average \(expected calibration error 0\.\d{4}; target at most 2 points: (met|missed)\)\.$/,
      );
      // Every scoreline: ours and the market's independent Poisson goals, on the same 1,040 matches (all priced).
      const scoreline = await section
        .locator("#odds-check-scoreline tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
        );
      expect(scoreline.map((row) => row[0])).toEqual([
        "Ours, every scoreline",
        "Independent Poisson goals fitted to the market",
      ]);
      for (const [, logScore] of scoreline) expect(logScore).toMatch(/^\d\.\d{4}$/);
      await expect(section.locator("p.muted").nth(2).textContent()).resolves.toMatch(
        /^1,040 matches of 2023-24 to 2025-26: the chance our forecast gave the actual final score/,
      );
      expect(lines.find((line) => line.startsWith("Our chances of every final score"))).toMatch(
        new RegExp(
          `^Our chances of every final score scored a log score of ${scoreline[0][1].replace(".", "\\.")} against ${scoreline[1][1].replace(".", "\\.")} for independent Poisson goals fitted to the market's prices: \\d+\\.\\d{2}% (better|worse)\\. Ours gave the actual score more probability in \\d+% of matches\\.$`,
        ),
      );
      // Against the closing line: the made-up history has closing prices for 1X2 only, so every
      // result pick of the 1,040 matches is held against one, each kind with a share and a mean CLV.
      const closing = await section
        .locator("#odds-check-closing-line tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
        );
      expect(closing.find((row) => row[0] === "Match result (1X2)")?.[1]).toBe("1,040");
      for (const [, priced, beat, clv] of closing) {
        expect(priced).toMatch(/^[\d,]+$/);
        expect(beat).toMatch(/^\d{1,3}\.\d{2}%$/);
        expect(clv).toMatch(/^[+−]\d+\.\d{2}%$/);
      }
      await expect(section.locator("p.muted").nth(3).textContent()).resolves.toMatch(
        /^1,040 matches of 2023-24 to 2025-26: each pick our model made a week ahead, at the opening price/,
      );
      await expect(section.locator(".odds-check__date time").getAttribute("datetime")).resolves.toMatch(/^2026-02-07T/);

      expect(await section.locator("[style]").count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      // Both tables fit the section: nothing to scroll sideways inside their regions either.
      const overflowing = await section
        .locator(".table-scroll")
        .evaluateAll((regions) => regions.filter((r) => r.scrollWidth > r.clientWidth + 1).length);
      expect(overflowing).toBe(0);
      await screenshot(section, `odds-check-${width}`);
      expect(describeViolations(await seriousAxeViolations(page))).toBe("");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
