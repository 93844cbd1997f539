import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import {
  collectConsoleProblems,
  launchChromium,
  openPage,
  startSite,
  waitForPage,
  type RunningSite,
} from "./support/site";

/**
 * The first Add to Parlay Builder loads the builder's code (it is not in the first load): on a
 * loaded 2-core machine that took over the 1 s expect.poll waits by default.
 */
const PARLAY_OPENS_MS = 10_000;

let site: RunningSite;
let browser: Browser;
/** The week's featured match as the worker chose it: its match page path, teams and best pick. */
let featured: { path: string; teams: string; bestPick: string; confidence: string };

const EMBEDDED_DATA = "/resource/embedded-match/";
const FULL_ANALYSIS = /^View Full Match Analysis\b/;

beforeAll(async () => {
  // Saturday 7 February 2026, 11:00 UTC: the week's Premier League matches are all still to come.
  site = await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, CLOCK: "replay:2026-02-07T11:00:00Z" });
  browser = await launchChromium();
  // Match of the Week is the worker's last job of its first round.
  await waitForPage(site, "/", (html) => html.includes('class="match-embedded"'), "Match of the Week", 150_000);
  const { page } = await openPage(browser, site.url + "/");
  const link = motwSection(page).getByRole("link", { name: FULL_ANALYSIS });
  featured = {
    path: (await link.getAttribute("href")) ?? "",
    teams: ((await link.textContent()) ?? "").replace(/^View Full Match Analysis: (.*) →$/, "$1"),
    bestPick: (await motwSection(page).locator(".pick-box__pick").textContent()) ?? "",
    confidence: (await motwSection(page).locator(".pick-box__confidence").textContent()) ?? "",
  };
  await page.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

function motwSection(page: Page) {
  return page.locator("section[aria-labelledby=motw-title]");
}

describe("the home page's sections after Top League Picks", () => {
  it("shows the sections in the spec's order with their steps and links", async () => {
    const { page, problems, status } = await openPage(browser, site.url + "/");
    expect(status).toBe(200);
    expect(await page.locator("main h2").allTextContents()).toEqual([
      "Match of the Week",
      "Top League Picks",
      "How First Kick Picks Works",
      "World League Coverage",
      "Parlay Builder",
      "Inside the Algo Lab",
    ]);
    expect(await page.locator("section[aria-labelledby=how-it-works-title] h3").allTextContents()).toEqual([
      "We Analyze",
      "We Rank",
      "You Win",
    ]);
    expect(await page.locator("section[aria-labelledby=how-it-works-title]").textContent()).toContain("Dixon-Coles");

    // World League Coverage: each league's predictions page, its team list and its /picks/{code} page.
    const coverage = page.locator("section[aria-labelledby=coverage-title]");
    expect(await coverage.locator(".home-league h3").allTextContents()).toEqual([
      "Premier League",
      "La Liga",
      "Bundesliga",
      "Serie A",
      "Ligue 1",
    ]);
    expect(
      await coverage.locator(".home-league__links a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual([
      "/premier-league-predictions",
      "/premier-league/teams",
      "/picks/epl",
      "/la-liga-predictions",
      "/la-liga/teams",
      "/picks/laliga",
      "/bundesliga-predictions",
      "/bundesliga/teams",
      "/picks/bundesliga",
      "/serie-a-predictions",
      "/serie-a/teams",
      "/picks/seriea",
      "/ligue-1-predictions",
      "/ligue-1/teams",
      "/picks/ligue1",
    ]);
    expect(await coverage.getByRole("link", { name: "Serie A Teams" }).getAttribute("href")).toBe("/serie-a/teams");

    // The explainer's button opens the Parlay Builder dialog (openParlayModal), empty so far.
    await page.getByRole("button", { name: "Open the Parlay Builder" }).click();
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    await expect.poll(() => dialog.isVisible(), { timeout: PARLAY_OPENS_MS }).toBe(true);
    expect(
      await dialog
        .getByText(
          "Your Parlay Builder is empty — start by adding a pick from any match page. You can add up to 10 picks before sharing.",
        )
        .isVisible(),
    ).toBe(true);
    await dialog.getByRole("button", { name: "Close Parlay Builder" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Inside the Algo Lab quotes the same overall best-pick hit rate as /algo-results.
    const lab = page.locator("section[aria-labelledby=algo-lab-title]");
    expect(await lab.locator("h3").allTextContents()).toEqual(["The model", "Calibration", "The public ledger"]);
    expect(await lab.getByRole("link", { name: "Download every forecast (CSV)" }).getAttribute("href")).toBe(
      "/algo-results/forecasts.csv",
    );
    const record = (await lab.locator(".home-lab__record").textContent()) ?? "";
    expect(record).toMatch(
      /^Best pick hit rate: \d+\.\d{2}% over \d+ settled match(es)? since \d{1,2}\/\d{1,2}\/\d{2}\.$/,
    );
    const results = await openPage(browser, site.url + "/algo-results");
    const overall = await results.page
      .locator("[aria-label='Overall hit rates'] .hit-rate__value")
      .first()
      .textContent();
    expect(record).toContain(`Best pick hit rate: ${overall} over`);
    await results.page.close();

    const resultsLink = page.getByRole("link", { name: "View Latest Results & Hit Rates" });
    expect(await resultsLink.count()).toBe(1);
    expect(await resultsLink.getAttribute("href")).toBe("/algo-results");
    await resultsLink.click();
    await page.waitForURL(site.url + "/algo-results");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Algo Results");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("lays Top League Picks out as one row of five equal cards at 1280 px, never four and one alone", async () => {
    const { page } = await openPage(browser, site.url + "/", { width: 1280, height: 900 });
    const boxes = await page
      .locator(".home-picks__grid > li")
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect()).map(({ y, height, width }) => ({ y, height, width })),
      );
    expect(boxes).toHaveLength(5);
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    expect(new Set(boxes.map((box) => Math.round(box.height))).size).toBe(1);
    // No club name runs out of its card.
    const overflowing = await page
      .locator(".home-pick")
      .evaluateAll((cards) => cards.filter((card) => card.scrollWidth > card.clientWidth + 1).length);
    expect(overflowing).toBe(0);
    await page.close();
  });

  it("embeds the Match of the Week without breadcrumb or long sections, with its picks and a working link", async () => {
    const { page, problems } = await openPage(browser, site.url + "/", { width: 390, height: 844 });
    const motw = motwSection(page);
    const embedded = motw.locator(".match-embedded");
    expect(await embedded.count()).toBe(1);
    // The rotation starts with the Premier League: one of its matches, before kick-off at 11:00.
    expect(featured.path).toMatch(/^\/premier-league-predictions\/[a-z-]+-vs-[a-z-]+-prediction$/);
    expect(featured.teams).toMatch(/^.+ vs .+$/);
    expect(await embedded.locator("h3").first().textContent()).toBe(`${featured.teams} Prediction`);
    expect(await embedded.locator(".scoreline").textContent()).toBe("VS");
    expect(await embedded.locator("dt").allTextContents()).toEqual([
      "Match Result",
      "Over/Under",
      "Both Teams to Score",
    ]);
    for (const probability of await embedded.locator(".embedded-pick__probability").allTextContents()) {
      expect(probability).toMatch(/^Model probability \d+%$/);
    }
    expect(await embedded.locator(".embedded-pick__probability").count()).toBe(3);
    const bestPick = (await embedded.locator(".pick-box__pick").textContent()) ?? "";
    const confidence = await embedded.locator(".pick-box__confidence").textContent();
    expect(confidence).toMatch(/^Confidence \d+(\.\d)?%$/);
    expect(await embedded.locator(".pick-box__score").textContent()).toMatch(/^Projected score \d+-\d+$/);

    // No page chrome and none of the match page's long sections.
    expect(await motw.locator("nav, .breadcrumb, footer, .site-header").count()).toBe(0);
    expect(await motw.locator("h1, h2").allTextContents()).toEqual(["Match of the Week"]);
    for (const heading of [
      "Match Summary",
      "Key Insights, Stats & Trends",
      "League Table Snapshot",
      "Recent Lineups",
      "Key Player Stats",
      "Team Form & Momentum",
      "Manager's Notes",
    ]) {
      expect(await motw.getByText(heading).count()).toBe(0);
    }

    // Before kick-off the parlay button adds the best pick and opens the builder. The server's
    // button listens once the page has hydrated (root.tsx marks it after LazyParlaySlots' listeners
    // are on): a click before that is the server markup's alone, and a loaded machine got there first.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await embedded.getByRole("button", { name: "Add to Parlay Builder" }).click();
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    await expect.poll(() => dialog.isVisible(), { timeout: PARLAY_OPENS_MS }).toBe(true);
    expect(await dialog.locator(".parlay-modal__pick-text").textContent()).toBe(`${bestPick} — ${featured.teams}`);
    await dialog.getByRole("button", { name: "Close Parlay Builder" }).click();

    // The link opens the full analysis, which shows the same pick and confidence.
    await embedded.getByRole("link", { name: FULL_ANALYSIS }).click();
    await page.waitForURL(site.url + featured.path);
    await expect.poll(() => page.locator("h1").textContent()).toBe(`${featured.teams} Prediction`);
    expect(await page.locator("nav[aria-label=Breadcrumb] li").allTextContents()).toEqual([
      "Home",
      "Premier League Predictions",
      `${featured.teams} Prediction`,
    ]);
    expect(await page.locator("#match-summary h2").textContent()).toBe("Match Summary");
    expect(await page.locator(".match-hero .pick-box__pick").textContent()).toBe(bestPick);
    expect(await page.locator(".match-hero .pick-box__confidence").textContent()).toBe(confidence);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens the builder for a click made before the parlay code came, though the first refresh replaced the button meanwhile", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = collectConsoleProblems(page);
    /** Holds a chunk until its release is called. */
    const hold = async (chunk: RegExp) => {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(chunk, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    const releaseParlay = await hold(/\/build\/_shared\/ParlayButtonSlots-\w+\.js$/);
    const releaseRefresh = await hold(/\/build\/_shared\/embedded-match-fetch-\w+\.js$/);
    await page.goto(site.url + "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const markup = await motwSection(page).locator(".match-embedded").elementHandle();
    await motwSection(page).getByRole("button", { name: "Add to Parlay Builder" }).click();
    // The click gave the window focus, which starts the first refresh: its view takes the
    // markup's place, the server's button with it, before the parlay code has come.
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    releaseRefresh();
    await expect.poll(() => markup.evaluate((element) => element.isConnected), { timeout: 10_000 }).toBe(false);
    releaseParlay();
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    await expect.poll(() => dialog.isVisible(), { timeout: PARLAY_OPENS_MS }).toBe(true);
    expect(await dialog.locator(".parlay-modal__pick-text").textContent()).toBe(
      `${featured.bestPick} — ${featured.teams}`,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("re-fetches the embedded match every 60 s before kick-off, without reloading the page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = collectConsoleProblems(page);
    await page.clock.install();
    await page.goto(site.url + "/");
    await page.waitForLoadState("networkidle");
    const embedded = motwSection(page).locator(".match-embedded");
    expect(await embedded.getAttribute("data-refresh-ms")).toBe("60000");
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }));

    const refreshes: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(EMBEDDED_DATA)) refreshes.push(request.url());
    });
    // A 15 s (live) interval would have fired three times by now.
    await page.clock.runFor(50_000);
    expect(refreshes).toEqual([]);

    const response = page.waitForResponse((r) => r.url().includes(EMBEDDED_DATA));
    await page.clock.runFor(10_000);
    const refresh = await response;
    expect(refresh.status()).toBe(200);
    const body = (await refresh.json()) as { match: { href: string; state: string } };
    expect(body.match).toMatchObject({ href: featured.path, state: "pre-match" });
    expect(refreshes).toHaveLength(1);
    // Same document: the refresh replaced the data, not the page.
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect(await embedded.locator("h3").first().textContent()).toBe(`${featured.teams} Prediction`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("answers a bad or unknown embedded match id with a 4xx", async () => {
    const bad = await fetch(site.url + EMBEDDED_DATA + "abc");
    expect(bad.status).toBe(400);
    const unknown = await fetch(site.url + EMBEDDED_DATA + "999999");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Match Not Found - The requested match could not be found." });
  });
});

describe("/preview, the social-sharing card", () => {
  it("renders a 1200×630 card at 1280 px and the same card scaled down on a phone", async () => {
    const { page, problems, status } = await openPage(browser, site.url + "/preview");
    expect(status).toBe(200);
    expect(await page.locator("meta[name=robots]").getAttribute("content")).toContain("noindex");
    const card = page.locator("#social-card");
    expect(await card.boundingBox()).toMatchObject({ width: 1200, height: 630 });
    expect(await card.locator(".social-card__brand").textContent()).toBe("FKPFirst Kick Picks");
    expect(await card.locator(".social-card__headline").textContent()).toBe("Smart Picks. Fast Plays.");
    expect(await card.locator(".social-card__matchweek").textContent()).toBe("Matchweek 28");
    expect(await card.locator(".social-card__match .social-card__label").textContent()).toBe(
      "Match of the Week · Premier League",
    );
    expect(await card.locator(".social-card__teams").textContent()).toBe(featured.teams);
    expect(await card.locator(".social-card__best-pick").textContent()).toBe(featured.bestPick);
    expect(await card.locator(".social-card__confidence").textContent()).toBe(featured.confidence);
    expect(featured.confidence).toMatch(/^Confidence \d+(\.\d)?%$/);
    expect(await card.locator(".social-card__leagues li").allTextContents()).toEqual([
      "Premier League",
      "La Liga",
      "Bundesliga",
      "Serie A",
      "Ligue 1",
    ]);
    // The card's content fits inside it.
    const overflow = await card.evaluate((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth);
    expect(overflow).toBe(false);
    expect(problems).toEqual([]);
    await page.close();

    const phone = await openPage(browser, site.url + "/preview", { width: 390, height: 844 });
    const small = await phone.page.locator("#social-card").boundingBox();
    expect(small?.width).toBeLessThan(390);
    expect(Math.abs((small?.height ?? 0) - ((small?.width ?? 0) * 630) / 1200)).toBeLessThan(1);
    expect(phone.problems).toEqual([]);
    await phone.page.close();
  });
});

describe("/leagues, the old redirect screen", () => {
  it("shows 'Redirecting to Premier League Predictions...' and moves on after 100 ms", async () => {
    const page = await browser.newPage();
    const problems = collectConsoleProblems(page);
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    const response = await page.goto(site.url + "/leagues");
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Redirecting to Premier League Predictions...");
    expect(await page.locator("meta[name=robots]").getAttribute("content")).toContain("noindex");
    expect(await page.getByRole("link", { name: "Go to Premier League Predictions" }).getAttribute("href")).toBe(
      "/premier-league-predictions",
    );
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(99);
    expect(page.url()).toBe(site.url + "/leagues");
    await page.clock.runFor(1);
    await page.waitForURL(site.url + "/premier-league-predictions");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Premier League Predictions & Betting Tips");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends browsers without JavaScript on with a meta refresh", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + "/leagues");
    await page.waitForURL(site.url + "/premier-league-predictions");
    expect(await page.locator("h1").textContent()).toBe("Premier League Predictions & Betting Tips");
    await context.close();
  });
});
