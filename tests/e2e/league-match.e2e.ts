import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, waitForPage, type OpenedPage, type RunningSite } from "./support/site";
import { STAKES_SOURCE_TEXT } from "~/features/match/components/MatchStakesView";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const LEAGUE = "/premier-league-predictions";
const FINISHED = "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction";
const LIVE = "/premier-league-predictions/arsenal-vs-sunderland-prediction";
const UPCOMING = "/premier-league-predictions/newcastle-united-vs-brentford-prediction";
const SCREENSHOTS = path.join(
  fileURLToPath(new URL("../../", import.meta.url)),
  ".cache",
  "screenshots",
  "league-match",
);

function open(path: string, width = 1280): Promise<OpenedPage> {
  return openPage(browser, site.url + path, { width, height: 900 });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(
    site,
    LEAGUE,
    (html) => html.includes("Manchester United to Win") && html.includes("Arsenal to Win"),
    "matches",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the league and match pages in Chromium", () => {
  it("renders the league page with ranked match cards, the table and the leaderboard's empty text", async () => {
    const { page, problems, status } = await open(LEAGUE);
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Premier League Predictions & Betting Tips");
    expect(await page.locator("nav[aria-label=Breadcrumb] li").allTextContents()).toEqual([
      "Home",
      "Premier League Predictions",
      "Teams",
    ]);
    // The top picks as the spec's ranked cards, then every match of the week in the compact list.
    const cards = page.locator(".match-card");
    expect(await cards.count()).toBe(3);
    expect(await cards.locator(".match-card__rank").allTextContents()).toEqual(["1", "2", "3"]);
    expect(await page.locator(".fixture-list .fixture-row").count()).toBe(4);
    const finished = cards.filter({ hasText: "Manchester United" });
    expect(await finished.locator(".scoreline").textContent()).toContain("Final Score");
    expect(await finished.locator(".outcome").textContent()).toContain("HIT");
    expect(await finished.getByRole("link").getAttribute("href")).toBe(FINISHED);
    expect(await cards.filter({ hasText: "Arsenal" }).locator(".live-badge").textContent()).toBe("LIVE");
    expect(await cards.filter({ hasText: "Newcastle United" }).locator(".scoreline").textContent()).toBe("VS");

    expect(await page.locator("#table h2").textContent()).toBe("Premier League Table");
    expect(await page.locator("#table tbody tr").count()).toBe(20);
    expect(await page.locator("#table tbody tr").first().textContent()).toContain("Champions League Places");
    expect(await page.getByText("No player data available yet").count()).toBe(1);
    // The empty leaderboard is one line beside its heading (1280 px).
    expect((await page.locator("section[aria-labelledby=players-title]").boundingBox())!.height).toBeLessThan(40);
    expect(await page.getByRole("link", { name: "View Latest Results & Hit Rates" }).getAttribute("href")).toBe(
      "/algo-results",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the empty texts for a league without matches or a played table, and 301s aliases", async () => {
    const { page, problems, status } = await open("/leagues/bundesliga#table");
    expect(status).toBe(200);
    expect(page.url()).toBe(`${site.url}/bundesliga-predictions#table`);
    expect(await page.locator("h1").textContent()).toBe("Bundesliga Predictions & Betting Tips");
    // The fixture files hold no La Liga season: no matches, and a table nobody has played in.
    await page.goto(site.url + "/la-liga");
    expect(page.url()).toBe(`${site.url}/la-liga-predictions`);
    expect(await page.getByText("No fixtures available for this week.").count()).toBe(1);
    expect(await page.getByText("No table data available yet").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders a finished match page: sections in the spec's order, Final Score, the three picks with HIT/MISS", async () => {
    const { page, problems, status, cacheControl } = await open(FINISHED, 390);
    expect(status).toBe(200);
    expect(cacheControl).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(await page.locator("h1").textContent()).toBe("Manchester United vs Tottenham Hotspur Prediction");
    expect(await page.locator("nav[aria-label=Breadcrumb] li").allTextContents()).toEqual([
      "Home",
      "Premier League Predictions",
      "Manchester United vs Tottenham Hotspur Prediction",
    ]);
    const headings = (await page.locator("section.match-section > h2").allTextContents()).filter(
      (h) => h !== "Manager's Notes",
    );
    expect(headings).toEqual([
      "Match Summary",
      "Key Insights, Stats & Trends",
      "League Table Snapshot",
      "Recent Lineups",
      "Key Player Stats",
      "Team Form & Momentum",
      "Final Predictions & Best Pick",
    ]);
    expect(await page.locator(".match-hero .scoreline").textContent()).toBe("Final Score2 - 0");
    expect(await page.getByRole("link", { name: "See Full League Table" }).getAttribute("href")).toBe(
      "/premier-league-predictions#table",
    );
    expect(await page.getByText("Recent lineups coming soon with match analysis.").count()).toBe(1);
    // A section with nothing but its placeholder is one muted line under its heading, not a card.
    for (const id of ["recent-lineups", "key-player-stats"]) {
      const empty = page.locator(`section#${id}`);
      expect(await empty.getAttribute("class")).toContain("page-section--empty");
      expect((await empty.boundingBox())!.height, id).toBeLessThan(80);
    }
    const outcomes = await page.locator("#final-prediction .final-pick .outcome").allTextContents();
    expect(outcomes).toHaveLength(4);
    for (const outcome of outcomes) expect(outcome).toMatch(/HIT|MISS/);
    expect(await page.locator(".parlay-add__button").textContent()).toBe("Match Already Started");
    expect(await page.locator(".parlay-add__button").isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Premier League Predictions" }).getAttribute("href")).toBe(
      LEAGUE,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders a live match with the LIVE badge, score and minute, and an upcoming one with the parlay add button", async () => {
    const { page, problems, cacheControl } = await open(LIVE);
    expect(cacheControl).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=20");
    expect(await page.locator(".match-hero .live-badge").textContent()).toBe("LIVE");
    // The replay starts at 15:50, in the half-time break of this 15:00 kick-off.
    expect(await page.locator(".match-hero .scoreline__minute").textContent()).toBe("HT");
    // 1-0 at half-time with no event feed: the goal the score shows, not 'No live events yet'.
    expect(await page.getByText("No live events yet").count()).toBe(0);
    expect(await page.locator("[data-score-change-goals] li").allTextContents()).toEqual([
      "Time unknown ⚽ Goal · Arsenal (1-0)",
    ]);
    await page.goto(site.url + "/premier-league-predictions/newcastle-united-vs-brentford-prediction");
    await page.waitForLoadState("networkidle");
    // The server's button listens once the page has hydrated (root.tsx marks it after
    // LazyParlaySlots' listeners are in place): a click before that is a click on plain markup.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const button = page.locator(".parlay-add__button");
    expect(await button.textContent()).toBe("Add to Parlay Builder");
    await button.click();
    // A successful add opens the Parlay Builder; Escape closes it and focus returns to the button.
    await page.getByRole("dialog", { name: "Parlay Builder" }).waitFor();
    await page.keyboard.press("Escape");
    // Focus returning is not hover: the button says what it holds.
    await expect.poll(() => button.textContent()).toBe("Added to Your PB");
    // A real hover offers the removal; leaving it shows the state again.
    await page.mouse.move(0, 0);
    await button.hover();
    await expect.poll(() => button.textContent()).toBe("Remove from PB");
    await page.mouse.move(0, 0);
    await expect.poll(() => button.textContent()).toBe("Added to Your PB");
    expect(await page.locator(".parlay-button--badge .parlay-button__badge").textContent()).toBe("1");
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([390, 1280])(
    "shows every scoreline of an upcoming match's prediction as a shaded table, no wider than the page, at %i px",
    async (width) => {
      // The worker predicts the upcoming matches after the start-up run's backfill.
      await waitForPage(site, UPCOMING, (html) => html.includes("Every scoreline"), "the scoreline grid");
      const { page, problems } = await open(UPCOMING, width);
      const grid = page.locator("#key-insights .score-grid");
      expect(await page.locator("#key-insights h3", { hasText: "Every scoreline" }).count()).toBe(1);
      expect(await grid.locator("caption").textContent()).toBe(
        "Chance of each final score: Newcastle United goals down, Brentford goals across",
      );
      expect(await grid.locator("thead th").allTextContents()).toEqual([
        "Newcastle United goals",
        "0",
        "1",
        "2",
        "3",
        "4",
        "5+",
      ]);
      const cells = await grid.locator("td").allTextContents();
      expect(cells).toHaveLength(36);
      for (const cell of cells) expect(cell).toMatch(/^(<0\.1|\d{1,2}\.\d)%$/);
      // The chances add up to 100%, give or take the rounding of 36 cells.
      const total = cells.reduce((sum, cell) => sum + (cell.startsWith("<") ? 0 : Number.parseFloat(cell)), 0);
      expect(Math.abs(total - 100)).toBeLessThan(2);
      expect(await grid.locator("td.s4").count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator(".likeliest-scores strong").count()).toBe(5);
      // The table fits the page or scrolls inside its own box, never the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await grid.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, `score-grid-${width}.png`) });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each([390, 1280])(
    "says what an upcoming match means for both clubs' season, no wider than the page, at %i px",
    async (width) => {
      // The worker's season outlook runs after the predictions and stores each upcoming match's stakes.
      await waitForPage(site, UPCOMING, (html) => html.includes("What&#x27;s at stake"), "the match's stakes", 120_000);
      const { page, problems } = await open(UPCOMING, width);
      const block = page.locator("#league-table .match-stakes");
      expect(await block.locator("h3").first().textContent()).toMatch(/^What's at stake/);
      const sentences = await block.locator(".match-stakes__sentences li").allTextContents();
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      for (const sentence of sentences) {
        expect(sentence).toMatch(
          /^(A win (lifts|drops|cuts|raises) (Newcastle United|Brentford)'s (title chance|chance of a Champions League place|relegation risk) from (<1|>99|\d{1,3})% to (<1|>99|\d{1,3})%|A win leaves .+ at .+%|For .+, a defeat .+)(; a defeat (lifts|drops|cuts|raises|leaves) it (to|at) (<1|>99|\d{1,3})%)?\.$|^Little rides on this match/,
        );
      }
      const rows = await block
        .locator("tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector("th")?.firstChild?.textContent ?? "",
            tr.querySelector(".match-stakes__outcome")?.textContent ?? "",
            ...[...tr.querySelectorAll("td")].map((cell) => cell.textContent ?? ""),
          ]),
        );
      for (const [club, outcome, ...chances] of rows) {
        expect(["Newcastle United", "Brentford"]).toContain(club);
        expect(["Title", "Champions League places", "Relegation"]).toContain(outcome);
        expect(chances).toHaveLength(4);
        for (const chance of chances) expect(chance).toMatch(/^(<1%|>99%|\d{1,3}%|n\/a)$/);
      }
      expect(await block.locator("p.muted").textContent()).toBe(STAKES_SOURCE_TEXT);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The table fits its box at a phone's width too: nothing to scroll sideways.
      const overflowing = await block
        .locator(".table-scroll")
        .evaluateAll((regions) => regions.filter((r) => r.scrollWidth > r.clientWidth + 1).length);
      expect(overflowing).toBe(0);
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, `match-stakes-${width}.png`) });
      expect(problems).toEqual([]);
      await page.close();

      // The league page marks it as one of the week's big matches, on its card.
      await waitForPage(site, LEAGUE, (html) => html.includes("big-match-badge"), "the big-match mark");
      const league = await open(LEAGUE, width);
      const card = league.page.locator("article.match-card").filter({ hasText: "Brentford" });
      expect(await card.locator(".big-match-badge").textContent()).toBe("Big match");
      // And in the week's fixture list, where every match of the week is.
      const row = league.page.locator(".fixture-row").filter({ hasText: "Brentford" });
      expect(await row.locator(".fixture-row__big .big-match-badge").textContent()).toBe("Big match");
      expect(await league.page.locator(".fixture-list .big-match-badge").count()).toBeLessThanOrEqual(3);
      expect(await league.page.locator("article.match-card .big-match-badge").count()).toBeLessThanOrEqual(3);
      expect(league.problems).toEqual([]);
      await league.page.close();
    },
  );

  it.each([390, 1280])(
    "shows how the market moved on a finished match, and whether toward our forecast, at %i px",
    async (width) => {
      const { page, problems } = await open(FINISHED, width);
      const block = page.locator("#key-insights .odds-movement");
      expect(await block.locator("h3").textContent()).toBe("Odds movement");
      expect(await block.locator(".odds-movement__verdict").textContent()).toMatch(
        /^The market (moved toward us|moved away from us|did not move)\.$/,
      );
      expect(await block.locator("thead th").allTextContents()).toEqual(["Outcome", "Opening", "Closing", "Move"]);
      const rows = await block
        .locator("tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
        );
      expect(rows.map((row) => row[0])).toEqual([
        "Manchester United win",
        "Draw",
        "Tottenham Hotspur win",
        "Over 2.5 goals",
        "Under 2.5 goals",
      ]);
      for (const [, opening, closing, move] of rows) {
        expect(opening).toMatch(/^\d{1,2}\.\d%$/);
        expect(closing).toMatch(/^\d{1,2}\.\d%$/);
        expect(move).toMatch(/^([+−]\d+\.\d|0\.0) pts$/);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, `odds-movement-${width}.png`) });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("refreshes a live match's data every 15 s without reloading the page", async () => {
    const { page, problems } = await open(LIVE);
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
    const refresh = await page.waitForResponse((r) => r.url().includes(".data"), { timeout: 20_000 });
    expect(refresh.status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect(await page.locator(".match-hero .live-badge").textContent()).toBe("LIVE");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the match of the week and one top pick per league on the home page", async () => {
    const { page, problems, cacheControl } = await open("/");
    // Arsenal v Sunderland is in play on the home page: its shared copy lives 10 s.
    expect(cacheControl).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=20");
    const featured = page.locator("section[aria-labelledby=motw-title] .match-embedded");
    expect(await featured.getByRole("link", { name: /^View Full Match Analysis/ }).getAttribute("href")).toMatch(
      /^\/premier-league-predictions\/[a-z-]+-vs-[a-z-]+-prediction$/,
    );
    const cards = page.locator(".home-picks__grid > li");
    expect(await cards.locator(".home-pick__label").allTextContents()).toEqual([
      "Premier League",
      "La Liga",
      "Bundesliga",
      "Serie A",
      "Ligue 1",
    ]);
    expect(await cards.nth(1).getByText("Coming Soon").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("answers an unknown match with a 404 'Match Not Found'", async () => {
    const { page, status } = await open("/premier-league-predictions/arsenal-vs-nowhere-fc-prediction");
    expect(status).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Match Not Found");
    expect(await page.getByText("The requested match could not be found.").count()).toBe(1);
    await page.close();
  });
});
