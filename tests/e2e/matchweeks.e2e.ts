import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticSeasons } from "@sync-worker/test-support/synthetic-seasons";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, startSite, waitForPage, type OpenedPage, type RunningSite } from "./support/site";

/**
 * Made-up Premier League seasons (a round each Saturday from 2 August 2025) on the default replay
 * moment, Saturday 7 February 2026 at 15:50 UTC: matchweek 28 is this week, 27 and before are
 * played, 29 and after to come. The match opening round 20 is moved from Saturday 13 December to
 * Wednesday 7 January, nearest round 24's Saturday.
 */
const LEAGUE = "/premier-league-predictions";
const week = (n: number | string) => `${LEAGUE}/matchweek-${n}`;
const WIDTHS = [390, 1280] as const;

let site: RunningSite;
let browser: Browser;
let dataDir: string;

function open(url: string, width: number = 1280): Promise<OpenedPage> {
  return openPage(browser, site.url + url, { width, height: 900 });
}

function firstAnswer(url: string): Promise<Response> {
  return fetch(site.url + url, { redirect: "manual" });
}

/** Whether the page is wider than the viewport (something overflows sideways). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "matchweeks-e2e-"));
  writeSyntheticSeasons(dataDir, ["2425", "2526"]);
  const file = path.join(dataDir, "2526", "E0.csv");
  const lines = readFileSync(file, "utf8").trim().split("\n");
  lines[191] = lines[191].replace("13/12/2025", "07/01/2026");
  writeFileSync(file, `${lines.join("\n")}\n`);
  site = await startSite({ FOOTBALL_DATA_DIR: dataDir, BACKFILL_SEASONS: "2" });
  browser = await launchChromium();
  // The worker fills the database after start, then predicts, locks and settles the season so far.
  // (The markup is in the page once as HTML and once, escaped, in the loader data: count the HTML's.
  // The week's 10 matches are in the compact list, its top 3 picks also as ranked cards: 13 verdicts.)
  await waitForPage(
    site,
    week(27),
    (html) => (html.match(/class="outcome outcome--(hit|miss)"/g) ?? []).length === 13,
    "settled picks",
    150_000,
  );
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("matchweek pages in Chromium", () => {
  it.each(WIDTHS)(
    "shows a past week's final scores, locked picks with HIT or MISS and the week's hit rate at %i px",
    async (width) => {
      const { page, problems, status, cacheControl } = await open(week(27), width);
      expect(status).toBe(200);
      expect(cacheControl).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(await page.locator("h1").textContent()).toBe("Premier League Round 27 Predictions & Results");
      expect(await page.locator("nav[aria-label=Breadcrumb] li").allTextContents()).toEqual([
        "Home",
        "Premier League Predictions",
        "Round 27",
      ]);
      expect(await page.locator(".page-header__intro").textContent()).toContain("Played 31 Jan 2026.");
      // The top 3 picks as ranked cards, every match of the week in the compact list.
      const cards = page.locator(".match-card");
      expect(await cards.count()).toBe(3);
      for (const text of await cards.locator(".scoreline").allTextContents())
        expect(text).toMatch(/^Final Score\d+ - \d+$/);
      expect(await cards.locator(".outcome").count()).toBe(3);
      const rows = page.locator(".fixture-list .fixture-row");
      expect(await rows.count()).toBe(10);
      expect(await page.locator(".fixture-group__heading").allTextContents()).toEqual(["Finished (10)"]);
      expect(
        new Set(
          await rows.locator("abbr.fixture-row__ft").evaluateAll((els) => els.map((el) => el.getAttribute("title"))),
        ),
      ).toEqual(new Set(["Final Score"]));
      for (const text of await rows.locator(".fixture-row__score").allTextContents())
        expect(text).toMatch(/^\d+ - \d+$/);
      const outcomes = await rows.locator(".outcome").allTextContents();
      expect(outcomes).toHaveLength(10);
      const hits = outcomes.filter((outcome) => outcome.includes("HIT")).length;
      expect(hits + outcomes.filter((outcome) => outcome.includes("MISS")).length).toBe(10);
      // The pick as locked: a pick, with its pre-match confidence beside the verdict.
      expect(await cards.locator(".pick-box__pick").allTextContents()).not.toContain("Coming Soon");
      expect(await rows.locator(".fixture-row__pick-text").allTextContents()).not.toContain("Coming Soon");
      expect(await cards.locator(".pick-verdict__confidence").count()).toBe(3);
      expect(await rows.locator(".fixture-row__confidence").count()).toBe(10);
      // Past matches offer no parlay button in the list.
      expect(await rows.locator(".parlay-add__button").count()).toBe(0);
      const record = page.locator("dl[aria-label='Round 27 hit rate']");
      expect(await record.locator(".hit-rate__value").textContent()).toBe(`${((hits / 10) * 100).toFixed(2)}%`);
      expect(await record.locator(".hit-rate__counts").textContent()).toBe(`${hits} hits · ${10 - hits} misses`);
      expect(await overflows(page)).toBe(false);
      await page.locator("details.week-picker summary").click();
      expect(describeViolations(await seriousAxeViolations(page))).toBe("");
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each(WIDTHS)(
    "shows a week to come with its fixtures and current picks or 'Coming Soon' at %i px",
    async (width) => {
      const { page, problems, status } = await open(week(35), width);
      expect(status).toBe(200);
      expect(await page.locator("h1").textContent()).toBe("Premier League Round 35 Predictions & Results");
      expect(await page.locator(".page-header__intro").textContent()).toContain("Kick-offs 28 Mar 2026.");
      const cards = page.locator(".match-card");
      expect(await cards.count()).toBe(3);
      expect(new Set(await cards.locator(".scoreline").allTextContents())).toEqual(new Set(["VS"]));
      expect(new Set(await cards.locator(".pick-box__pick").allTextContents())).toEqual(new Set(["Coming Soon"]));
      const rows = page.locator(".fixture-list .fixture-row");
      expect(await rows.count()).toBe(10);
      expect(new Set(await rows.locator(".fixture-row__score").allTextContents())).toEqual(new Set(["VS"]));
      expect(new Set(await rows.locator(".fixture-row__pick-text").allTextContents())).toEqual(
        new Set(["Coming Soon"]),
      );
      // No pick yet: nothing to add to a parlay from the list.
      expect(await rows.locator(".parlay-add__button").count()).toBe(0);
      expect(await page.locator(".outcome").count()).toBe(0);
      expect(await page.locator(".hit-rates").count()).toBe(0);
      // Next week's round has the engine's current picks.
      await page.goto(site.url + week(29));
      const next = page.locator(".match-card");
      expect(await next.count()).toBe(3);
      expect(await next.locator(".pick-box__pick").allTextContents()).not.toContain("Coming Soon");
      const nextRows = page.locator(".fixture-list .fixture-row");
      expect(await nextRows.count()).toBe(10);
      expect(await nextRows.locator(".fixture-row__pick-text").allTextContents()).not.toContain("Coming Soon");
      // Picks still to play: each row can add its pick to the parlay.
      expect(await nextRows.locator(".parlay-add__button").count()).toBe(10);
      expect(await overflows(page)).toBe(false);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each(WIDTHS)("shows a moved match in the week it is played, marked as moved, at %i px", async (width) => {
    const { page, problems } = await open(week(24), width);
    expect(await page.locator(".match-card").count()).toBe(3);
    const rows = page.locator(".fixture-list .fixture-row");
    expect(await rows.count()).toBe(11);
    const moved = rows.filter({ has: page.locator(".moved-badge") });
    expect(await moved.count()).toBe(1);
    expect(await moved.locator(".moved-badge").textContent()).toBe("Moved");
    expect(await moved.locator(".fixture-row__moved").textContent()).toContain(
      "Rescheduled: played away from this round's dates",
    );
    await page.goto(site.url + week(20));
    expect(await page.locator(".fixture-list .fixture-row").count()).toBe(9);
    expect(await page.locator(".moved-badge").count()).toBe(0);
    expect(await overflows(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(WIDTHS)(
    "links the league page's week to both neighbours, and steps through weeks at %i px",
    async (width) => {
      const { page, problems } = await open(LEAGUE, width);
      const nav = page.locator(".league-page nav[aria-label=Matchweeks]");
      expect(await nav.locator(".week-nav__this").textContent()).toBe("This week: Round 28");
      expect(await nav.getByRole("link", { name: "Round 28" }).getAttribute("href")).toBe(week(28));
      await nav.getByRole("link", { name: "← Previous round: Round 27" }).click();
      await page.waitForURL(site.url + week(27));
      // Navigated in the page (client-side): the new page's heading arrives with its data.
      await page.getByRole("heading", { level: 1, name: "Premier League Round 27 Predictions & Results" }).waitFor();
      await page.getByRole("link", { name: "Next round: Round 28 →" }).click();
      await page.waitForURL(site.url + week(28));
      await page.getByRole("heading", { level: 1, name: "Premier League Round 28 Predictions & Results" }).waitFor();
      // This week's round says so, and links back to the league page.
      expect(await page.getByRole("link", { name: "This is this week's round." }).getAttribute("href")).toBe(LEAGUE);
      await page.getByRole("link", { name: "Next round: Round 29 →" }).click();
      await page.waitForURL(site.url + week(29));
      await page.getByRole("heading", { level: 1, name: "Premier League Round 29 Predictions & Results" }).waitFor();
      expect(await page.locator(".fixture-list .fixture-row").count()).toBe(10);
      expect(await overflows(page)).toBe(false);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("has a week picker of plain links that works without JavaScript", async () => {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(site.url + week(1));
      expect(await page.getByRole("link", { name: /Previous round/ }).count()).toBe(0);
      const picker = page.locator("details.week-picker");
      await picker.locator("summary").click();
      expect(await picker.locator("li").count()).toBe(39);
      expect(await picker.locator("[aria-current=page]").textContent()).toBe("1");
      await picker.getByRole("link", { name: "Round 38" }).click();
      await page.waitForURL(site.url + week(38));
      expect(await page.getByRole("link", { name: /Next round/ }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "← Previous round: Round 37" }).count()).toBe(1);
      await page.locator("details.week-picker summary").click();
      await page.locator("details.week-picker").getByRole("link", { name: "This week" }).click();
      await page.waitForURL(site.url + LEAGUE);
      await context.close();
    }
  });

  it("answers a week out of range or not a number with the not-found page, never a 5xx", async () => {
    for (const url of [
      week(0),
      week(39),
      week("abc"),
      week(""),
      week("1.5"),
      "/bundesliga-predictions/matchweek-35",
      `${LEAGUE}?week=39`,
      `${LEAGUE}?week=abc`,
    ]) {
      const response = await firstAnswer(url);
      expect(response.status, url).toBe(404);
    }
    const { page, status } = await open(week(99), 390);
    expect(status).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page Not Found");
    await page.close();
  });

  it("301s aliases to the canonical matchweek path", async () => {
    for (const [alias, canonical] of [
      [week("012"), week(12)],
      ["/premier-league/matchweek-12", week(12)],
      [`${LEAGUE}?week=12`, week(12)],
      ["/ligue1-predictions/matchweek-3", "/ligue-1-predictions/matchweek-3"],
    ]) {
      const response = await firstAnswer(alias);
      expect(response.status, alias).toBe(301);
      expect(response.headers.get("location"), alias).toBe(canonical);
    }
  });

  it("lists every matchweek page in the sitemap, and serves them from the page cache", async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const weeks = sitemap.match(/\/matchweek-\d+<\/loc>/g) ?? [];
    expect(weeks).toHaveLength(38 + 38 + 34 + 38 + 34);
    expect(sitemap).toContain(`${LEAGUE}/matchweek-38</loc>`);
    const cacheOf = (response: Response) => /cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
    // The worker may still be writing (a write renders pages anew): ask until a second answer in a row is the stored one.
    const answers: Array<string | undefined> = [];
    for (let attempt = 0; attempt < 20 && answers.at(-1) !== "hit"; attempt++) {
      const response = await fetch(site.url + week(26));
      expect(response.status).toBe(200);
      answers.push(cacheOf(response));
    }
    expect(answers.at(-1)).toBe("hit");
  });
});
