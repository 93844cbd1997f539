import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectConsoleProblems, launchChromium, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const LEAGUE = "/premier-league-predictions";
const BAYERN = "/bundesliga/teams/bayern-munich";
const SCREENSHOTS = process.env.SEARCH_SCREENSHOTS_DIR;

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(site, LEAGUE, (html) => html.includes("Newcastle United"), "matches");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the header's search", () => {
  for (const width of [390, 1280]) {
    it(`suggests Bayern München for 'munch' and opens it with the arrow keys and Enter at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const problems = collectConsoleProblems(page);
      await page.goto(site.url + LEAGUE);
      await page.waitForLoadState("networkidle");
      // The header bar still fits beside the search box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (width < 700) await page.getByRole("button", { name: "Open menu" }).click();
      const box = page.getByRole("combobox", { name: "Search clubs, matches and players" }).locator("visible=true");
      await box.click();
      await box.pressSequentially("munch", { delay: 30 });
      const list = page.getByRole("listbox", { name: "Suggestions" }).locator("visible=true");
      // The first letter may show its own suggestions before the pause after the last one.
      await list.getByRole("option").first().filter({ hasText: "Bayern München" }).waitFor();
      expect(await box.getAttribute("aria-expanded")).toBe("true");
      expect(await box.getAttribute("aria-controls")).toBe(await list.getAttribute("id"));
      expect(await list.getByRole("option").first().textContent()).toContain("Bayern München");
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-suggestions-${width}.png` });

      await box.press("ArrowDown");
      const first = list.getByRole("option").first();
      expect(await first.getAttribute("aria-selected")).toBe("true");
      expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
      await box.press("Escape");
      expect(await box.getAttribute("aria-expanded")).toBe("false");
      await box.press("ArrowDown");
      expect(await box.getAttribute("aria-expanded")).toBe("true");
      await box.press("Enter");
      await page.waitForURL(site.url + BAYERN);
      await page.locator("h1", { hasText: "Bayern München" }).waitFor();
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("finds this week's match by its two teams", async () => {
    const answer = await (await fetch(`${site.url}/api/search?q=${encodeURIComponent("newcastle brentford")}`)).json();
    expect(answer.results[0]).toMatchObject({
      kind: "match",
      label: "Newcastle United vs Brentford",
      href: "/premier-league-predictions/newcastle-united-vs-brentford-prediction",
    });
  });

  it("offers a club's live or next match right after the club, never a finished one", async () => {
    const results = (await (await fetch(`${site.url}/api/search?q=arsenal`)).json()).results as Array<{
      kind: string;
      label: string;
      detail: string;
      href: string;
    }>;
    expect(results[0]).toMatchObject({ kind: "team", label: "Arsenal" });
    // The replay's Saturday, 15:50: Arsenal v Sunderland is in play.
    expect(results[1]).toEqual({
      kind: "match",
      label: "Arsenal vs Sunderland",
      detail: "Premier League · Live now",
      href: "/premier-league-predictions/arsenal-vs-sunderland-prediction",
    });
    const upcoming = (await (await fetch(`${site.url}/api/search?q=brentford`)).json()).results;
    expect(upcoming[1]).toMatchObject({ kind: "match", label: "Newcastle United vs Brentford" });
    expect(upcoming[1].detail).toMatch(/^Premier League · Sat 7 Feb, \d\d:\d\d UTC$/);
    // Manchester United v Tottenham finished at lunchtime: found by both clubs only.
    const spurs = (await (await fetch(`${site.url}/api/search?q=tottenham`)).json()).results;
    expect(spurs.map((result: { label: string }) => result.label)).not.toContain(
      "Manchester United vs Tottenham Hotspur",
    );
  });

  it("answers /api/search with results and a 400 for a query over 100 characters", async () => {
    const response = await fetch(`${site.url}/api/search?q=m%C3%BCnchen`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await response.json();
    expect(body.query).toBe("münchen");
    expect(body.results[0]).toEqual({ kind: "team", label: "Bayern München", detail: "Bundesliga", href: BAYERN });
    const empty = await (await fetch(`${site.url}/api/search`)).json();
    expect(empty).toEqual({ query: "", results: [] });
    const tooLong = await fetch(`${site.url}/api/search?q=${"a".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: "q must be at most 100 characters" });
    expect((await fetch(`${site.url}/api/search?q=${"a".repeat(100)}`)).status).toBe(200);
  });

  it("works without JavaScript: the form opens /search, a cacheable page that is not indexed", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(site.url + LEAGUE);
    const box = page.getByRole("combobox", { name: "Search clubs, matches and players" }).locator("visible=true");
    await box.fill("munich");
    await box.press("Enter");
    await page.waitForURL(`${site.url}/search?q=munich`);
    expect(await page.locator("h1").textContent()).toBe("Search");
    const results = page.locator(".search-result");
    expect(await results.first().textContent()).toContain("Bayern München");
    expect(await results.first().getByRole("link").getAttribute("href")).toBe(BAYERN);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/search-page-1280.png`, fullPage: true });
    await context.close();

    const response = await fetch(`${site.url}/search?q=arsenal`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("s-maxage");
    const again = await fetch(`${site.url}/search?q=arsenal`);
    expect(again.headers.get("server-timing")).toContain("cache;desc=hit");
    const nothing = await (await fetch(`${site.url}/search?q=zzzzqq`)).text();
    expect(nothing).toContain("Nothing found for");
  });
});
