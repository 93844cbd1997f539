/**
 * The compact fixtures list ("a day at a glance") on the day pages (/today, /matches/{day}) and
 * the league page, in Chromium at 390 and 1280 px in both themes. The default replay moment,
 * Saturday 7 February 2026 at 15:50 UTC: four matches live, two to come, one finished.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/theme-script.server";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const TODAY = "/today";
const LEAGUE = "/premier-league-predictions";
const VIEWS = [
  { width: 390, theme: "light" },
  { width: 390, theme: "dark" },
  { width: 1280, theme: "light" },
  { width: 1280, theme: "dark" },
] as const;

async function openIn(path: string, width: number, theme: "light" | "dark", timezoneId = "UTC") {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, timezoneId });
  if (theme === "dark") await context.addInitScript(([key]) => localStorage.setItem(key, "dark"), [THEME_STORAGE_KEY]);
  const opened = await openPage(context, site.url + path, { width, height: 900 });
  return { ...opened, close: () => context.close() };
}

function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(
    site,
    TODAY,
    (html) => html.includes("Manchester United to Win") && html.includes("Arsenal to Win"),
    "matches",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the today page", () => {
  it.each(VIEWS)(
    "lists the day's matches grouped live, upcoming, finished at $width px in the $theme theme",
    async ({ width, theme }) => {
      const { page, problems, status, cacheControl, close } = await openIn(TODAY, width, theme);
      try {
        expect(status).toBe(200);
        // A match is live: the page is cached briefly, like the league page.
        expect(cacheControl).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=20");
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(await page.locator("h1").textContent()).toBe("Today's Matches");
        expect(await page.locator(".fixture-group__heading").allTextContents()).toEqual([
          "Live (4)",
          "Upcoming (2)",
          "Finished (1)",
        ]);
        const rows = page.locator(".fixture-row");
        expect(await rows.count()).toBe(7);
        // A long club name gives way to the short one on a phone rather than being cut mid-word.
        const gladbach = page.locator(".fixture-row__name", { hasText: "Mönchengladbach" });
        expect(await gladbach.innerText()).toBe(width < 480 ? "M'gladbach" : "Borussia Mönchengladbach");

        const live = page.locator(".fixture-row--live");
        expect(new Set(await live.locator(".live-badge").allTextContents())).toEqual(new Set(["LIVE"]));
        const arsenal = live.filter({ hasText: "Arsenal" });
        // The replay starts at 15:50, in the half-time break of the 15:00 kick-offs.
        expect(await arsenal.locator(".fixture-row__minute").textContent()).toBe("HT");
        expect(await arsenal.locator(".fixture-row__score").textContent()).toBe("1 - 0");
        expect(await arsenal.locator(".fixture-row__pick-text").textContent()).toBe("Arsenal to Win");
        expect(await arsenal.locator(".fixture-row__confidence").textContent()).toMatch(/^Confidence \d+(\.\d)?%$/);

        const finished = page.locator(".fixture-row--post-match");
        expect(await finished.locator("abbr.fixture-row__ft").getAttribute("title")).toBe("Final Score");
        expect(await finished.locator(".fixture-row__score").textContent()).toBe("2 - 0");
        expect(await finished.locator(".outcome").textContent()).toContain("HIT");
        expect(await finished.locator("a.fixture-row__match").getAttribute("href")).toBe(
          "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
        );

        // The parlay button only where a pick can still be added; never a disabled 'Match Already Started'.
        const upcoming = page.locator(".fixture-row--pre-match");
        expect(new Set(await upcoming.locator(".fixture-row__score").allTextContents())).toEqual(new Set(["VS"]));
        expect(await upcoming.locator("time").allTextContents()).toEqual(["17:30 UTC", "17:30 UTC"]);
        expect(await upcoming.locator(".parlay-add__button").allTextContents()).toEqual([
          "Add to Parlay Builder",
          "Add to Parlay Builder",
        ]);
        expect(await page.locator(".parlay-add__button").count()).toBe(2);
        expect(await page.getByText("Match Already Started").count()).toBe(0);

        // Compact: one line per match at 1280 px across the width; at 390 px two short lines, a third for
        // the parlay button where there is one (a club name as long as Borussia Mönchengladbach wraps).
        for (const height of await live.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
          expect(height).toBeLessThan(width === 1280 ? 60 : 90);
        }
        for (const height of await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
          expect(height).toBeLessThan(width === 1280 ? 60 : 130);
        }
        const list = (await page.locator(".fixture-list").boundingBox())!;
        expect(list.width).toBeGreaterThan(width === 1280 ? 1000 : 340);
        expect(await overflows(page)).toBe(false);
        expect(describeViolations(await seriousAxeViolations(page))).toBe("");
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it("renders on the server with a handful of statements, its head tags, and in the sitemap", async () => {
    const answer = await fetch(`${site.url}${TODAY}?utm_source=test`);
    const html = await answer.text();
    const statements = /db;desc="(\d+) statements?"/.exec(answer.headers.get("server-timing") ?? "")?.[1];
    if (statements !== undefined) expect(Number(statements)).toBeLessThanOrEqual(6);
    expect(html).toContain('class="fixture-row fixture-row--live"');
    expect(html).toContain("<title>Today&#x27;s Soccer Matches, Live Scores &amp; Predictions");
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/today"/);
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).toContain("/today</loc>");
  });

  it("writes kick-offs in the reader's time zone", async () => {
    const { page, close } = await openIn(TODAY, 1280, "light", "Europe/Berlin");
    try {
      const time = page.locator(".fixture-row--pre-match time").first();
      await expect.poll(() => time.textContent()).toBe("18:30 CET");
      expect(await time.getAttribute("title")).toBe("17:30 UTC");
    } finally {
      await close();
    }
  });

  it.each([390, 1280])("steps to yesterday and tomorrow, and is linked from the header, at %i px", async (width) => {
    const { page, problems, close } = await openIn("/premier-league-predictions", width, "light");
    try {
      if (width === 390) await page.getByRole("button", { name: "Open menu" }).click();
      await page
        .getByRole("navigation", { name: width === 390 ? "Menu" : "Main" })
        .getByRole("link", { name: "Today" })
        .click();
      await page.waitForURL(site.url + TODAY);
      await page.getByRole("heading", { level: 1, name: "Today's Matches" }).waitFor();
      await page.getByRole("link", { name: "Tomorrow, Sun 8 Feb →" }).click();
      await page.waitForURL(`${site.url}/matches/2026-02-08`);
      await page.getByRole("heading", { level: 1, name: "Tomorrow's Matches" }).waitFor();
      await page.getByRole("link", { name: "← Today, Sat 7 Feb" }).click();
      await page.waitForURL(site.url + TODAY);
      await page.getByRole("link", { name: "← Yesterday, Fri 6 Feb" }).click();
      await page.waitForURL(`${site.url}/matches/2026-02-06`);
      await page.getByRole("heading", { level: 1, name: "Yesterday's Matches" }).waitFor();
      expect(await overflows(page)).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    expect((await fetch(`${site.url}/matches/2026-02-30`)).status).toBe(404);
    expect((await fetch(`${site.url}/matches/tomorrow`)).status).toBe(404);
  });

  it("adds an upcoming match's pick to the Parlay Builder from its row", async () => {
    const { page, problems, close } = await openIn(TODAY, 1280, "light");
    try {
      const button = page
        .locator(".fixture-row--pre-match", { hasText: "Newcastle United" })
        .locator(".parlay-add__button");
      await button.click();
      await page.getByRole("dialog", { name: "Parlay Builder" }).waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => button.textContent()).toBe("Added to Your PB");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the league page's compact list", () => {
  it.each(VIEWS)(
    "follows the top picks' ranked cards with every match of the week at $width px in the $theme theme",
    async ({ width, theme }) => {
      const { page, problems, close } = await openIn(LEAGUE, width, theme);
      try {
        expect(await page.locator(".match-card").count()).toBe(3);
        expect(await page.locator("#fixtures-title").textContent()).toBe("This Week's Premier League Fixtures");
        expect(await page.locator(".fixture-group__heading").allTextContents()).toEqual([
          "Live (2)",
          "Upcoming (1)",
          "Finished (1)",
        ]);
        const rows = page.locator(".fixture-row");
        expect(await rows.count()).toBe(4);
        // A week spans days: the list writes the kick-off's day too.
        expect(await page.locator(".fixture-row--pre-match time").textContent()).toBe("Sat 7 Feb, 17:30 UTC");
        expect(await rows.locator(".parlay-add__button").count()).toBe(1);
        for (const height of await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
          expect(height).toBeLessThan(width === 1280 ? 60 : 130);
        }
        expect(await overflows(page)).toBe(false);
        expect(describeViolations(await seriousAxeViolations(page))).toBe("");
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
