/**
 * /algo-results, the forecast CSV, the static pages and /picks on the running site in Chromium,
 * over the embedded default with the fixture seasons and the seeded content.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, waitForPage, type OpenedPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const UNAVAILABLE = "Unable to load performance data";
const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

let site: RunningSite;
let browser: Browser;

/** Canonical links are absolute, on the public origin (SITE_URL, by default http://localhost:{PORT}). */
function canonicalUrl(path: string): string {
  return `http://localhost:${new URL(site.url).port}${path}`;
}

function open(path: string): Promise<OpenedPage> {
  return openPage(browser, site.url + path);
}

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  // The worker settles the fixture matches and aggregates the ledger in the background after start.
  await waitForPage(
    site,
    "/algo-results",
    (html) => !html.includes(UNAVAILABLE) && html.includes("HIT"),
    "track record",
    90_000,
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("browsing makes no request of the site fail", () => {
  it("answers every request the pages make, route discovery included, on pages full of links", async () => {
    const failed: string[] = [];
    const manifests: number[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("response", (response) => {
      if (!response.url().startsWith(site.url)) return;
      if (response.url().includes("/__manifest")) manifests.push(response.status());
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url().slice(0, 120)}`);
    });
    for (const path of ["/", "/algo-results", "/premier-league-predictions", "/picks", "/premier-league/teams"]) {
      await page.goto(site.url + path);
      await page.waitForLoadState("networkidle");
    }
    // Then a client-side navigation, which the discovered routes serve.
    await page.getByRole("link", { name: "Algo Results" }).first().click();
    await page.waitForURL(`${site.url}/algo-results`);
    await page.waitForLoadState("networkidle");
    expect(failed).toEqual([]);
    expect(manifests.length).toBeGreaterThan(0);

    // A page with many more links than these fixtures give asks for them all in one request (up to
    // Remix's own 7,680-character limit): the site answers it instead of refusing a long address.
    const version = await page.evaluate(
      () => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version,
    );
    const paths = Array.from(
      { length: 110 },
      (_, i) => `p=${encodeURIComponent(`/premier-league-predictions/club-${i}-vs-club-${i + 1}-prediction`)}`,
    );
    const long = `${site.url}/__manifest?${paths.join("&")}&version=${version}`;
    expect(long.length).toBeGreaterThan(6_000);
    const answer = await fetch(long);
    expect(answer.status).toBe(200);
    expect(Object.keys((await answer.json()) as object).length).toBeGreaterThan(0);
    await page.close();
  });
});

describe("/algo-results in Chromium", () => {
  it("shows the overall performance first, then each league with its recent matches open", async () => {
    const { page, problems, status, cacheControl } = await open("/algo-results");
    expect(status).toBe(200);
    expect(cacheControl).toBe(PUBLIC_CACHE);
    expect(await page.title()).toContain("Algo Results");
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(canonicalUrl("/algo-results"));
    expect(await page.locator("h1").textContent()).toBe("Algo Results");
    const headings = await page.locator("h2").allTextContents();
    expect(headings[0]).toBe("Overall Performance");
    expect(headings).toContain("Premier League");
    expect(await page.getByText(UNAVAILABLE).count()).toBe(0);

    const overall = page.locator("section[aria-labelledby=overall-title]");
    expect(await overall.locator("dt").allTextContents()).toEqual([
      "Best Pick hit rate",
      "Over/Under hit rate",
      "BTTS hit rate",
    ]);
    expect(await overall.locator(".hit-rate__value").first().textContent()).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(await overall.textContent()).toMatch(/Tracking since \d{1,2}\/\d{1,2}\/\d{2}/);
    // The one settled best pick with a closing price was locked above it.
    expect(await overall.locator(".hit-rates__close").textContent()).toBe(
      "Best picks that beat the closing price: 100.00% of 1 · mean closing-line value +0.05%",
    );

    const premierLeague = page.locator("section[aria-labelledby=premier-league-title]");
    const recent = premierLeague.locator("details.recent-results");
    expect(await recent.getAttribute("open")).not.toBeNull();
    const row = recent.locator("tbody tr").filter({ hasText: "Manchester United" });
    expect(await row.locator("td").first().textContent()).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}$/);
    expect(await row.locator(".outcome").textContent()).toMatch(/HIT|MISS/);
    expect(await row.locator("td").nth(5).textContent()).toMatch(/^([+-]\d+\.\d{2}|N\/A)$/);
    expect(await row.getByRole("link").getAttribute("href")).toBe(
      "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
    );
    await recent.locator("summary").click();
    expect(await recent.getAttribute("open")).toBeNull();

    expect(await page.locator("svg[role=img] title").first().textContent()).toBe(
      "Best pick: confidence shown vs actual hit rate",
    );
    expect(await page.locator("section[aria-labelledby=market-title] tbody tr").count()).toBe(4);
    expect(await page.locator("section[aria-labelledby=market-title] thead th").allTextContents()).toEqual([
      "Pick",
      "Priced picks",
      "Hit rate",
      "Our confidence",
      "Market implied",
      "Profit (units)",
      "Return",
      "Beat the close",
      "Mean CLV",
    ]);
    expect(await page.getByRole("link", { name: "Download forecasts (CSV)" }).getAttribute("href")).toBe(
      "/algo-results/forecasts.csv",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("serves every forecast as a CSV attachment", async () => {
    const response = await fetch(`${site.url}/algo-results/forecasts.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="forecasts.csv"');
    const [header, ...rows] = (await response.text()).trim().split("\n");
    expect(header).toMatch(/^match_id,league,season,kickoff_utc,home_team,away_team,p_home,p_draw,p_away,/);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe("the static pages in Chromium", () => {
  it("renders the Terms of Service with its date and 12 sections", async () => {
    const { page, problems, status, cacheControl } = await open("/terms");
    expect(status).toBe(200);
    expect(cacheControl).toBe(PUBLIC_CACHE);
    expect(await page.locator("h1").textContent()).toBe("Terms of Service");
    expect(await page.getByText("Last updated: August 9, 2025").count()).toBe(1);
    const sections = await page.locator(".static-page h2").allTextContents();
    expect(sections).toHaveLength(12);
    expect(sections[0]).toBe("1. Eligibility");
    expect(sections[10]).toBe("11. Governing law");
    expect(await page.locator(".static-page").textContent()).toContain("You must be at least 18 years old");
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(canonicalUrl("/terms"));
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders the Privacy Policy with its date and 10 sections", async () => {
    const { page, problems, status } = await open("/privacy");
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Privacy Policy");
    expect(await page.getByText("Last updated: August 9, 2025").count()).toBe(1);
    expect(await page.locator(".static-page h2").count()).toBe(10);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders the responsible gambling help for Arizona, the United Kingdom and international", async () => {
    const { page, problems, status } = await open("/responsible-gambling");
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Responsible Gambling");
    const sections = await page.locator(".static-page h2").allTextContents();
    expect(sections).toEqual(
      expect.arrayContaining(["Help in Arizona (United States)", "Help in the United Kingdom", "International help"]),
    );
    expect(await page.locator(".static-page").textContent()).toContain("you must be 21 or older");
    expect(await page.locator(".static-page").textContent()).toContain(
      "you must be 18 or older, or of legal age where you live, to use this site",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders the about page's sections", async () => {
    const { page, problems, status } = await open("/about");
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("About First Kick Picks");
    expect(await page.locator(".static-page h2").allTextContents()).toEqual([
      "Our story",
      "How it works",
      "What you'll see",
      "Coverage approach",
      "Our promise",
      "Contact",
      "Responsible gambling",
      "Do you take bets or sell tips?",
      "When is a pick locked?",
      "How accurate are your picks?",
      "Which matches do you cover?",
    ]);
    // The questions the page answers, as search engines read them: the same texts as shown.
    const faq = await faqOf(page);
    expect(faq.map((q) => q.name)).toEqual([
      "Do you take bets or sell tips?",
      "When is a pick locked?",
      "How accurate are your picks?",
      "Which matches do you cover?",
    ]);
    expect(faq[0].acceptedAnswer.text).toBe(
      "No. First Kick Picks is information and entertainment: we take no bets, sell no tips and do not link to bookmakers.",
    );
    expect(
      await page.locator(".static-page").getByRole("link", { name: "results page", exact: true }).getAttribute("href"),
    ).toBe("/algo-results");
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ["/picks", ["How are the top picks ranked?", "What is the Sunday parlay?", "Can I build my own parlay?"]],
    [
      "/algo-results",
      [
        "Which picks count in this record?",
        "How is a pick settled?",
        "Can I check the record myself?",
        "What does beating the closing line mean?",
      ],
    ],
  ])("answers fans' questions on %s, on the page and as FAQ data with the same texts", async (path, questions) => {
    const { page, problems } = await open(path);
    const shown = await page.locator(".faq__item h3").allTextContents();
    expect(shown).toEqual(questions);
    const faq = await faqOf(page);
    expect(faq.map((q) => q.name)).toEqual(questions);
    const answers = await page.locator(".faq__item p").allTextContents();
    expect(faq.map((q) => q.acceptedAnswer.text)).toEqual(answers);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("answers questions on the responsible gambling page, for readers and search engines", async () => {
    const { page, problems } = await open("/responsible-gambling");
    const questions = [
      "How old do I have to be?",
      "Is a high-confidence pick a safe bet?",
      "Where can I get help right now?",
    ];
    const headings = await page.locator(".static-page h2").allTextContents();
    for (const question of questions) expect(headings).toContain(question);
    const faq = await faqOf(page);
    expect(faq.map((q) => q.name)).toEqual(questions);
    expect(faq[0].acceptedAnswer.text).toBe(
      "You must be 21 or older to wager, and 18 or older (or of legal age where you live) to use this site.",
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** The FAQPage JSON-LD of a page: its questions and answers. */
async function faqOf(page: Page): Promise<{ name: string; acceptedAnswer: { text: string } }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faq = blocks.map((text) => JSON.parse(text)).find((block) => block["@type"] === "FAQPage");
  return faq?.mainEntity ?? [];
}

describe("/picks in Chromium", () => {
  it("shows the Sunday parlay's five legs, the top picks, league links and the performance link", async () => {
    const { page, problems, status, cacheControl } = await open("/picks");
    expect(status).toBe(200);
    expect(cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(await page.locator("h1").textContent()).toBe("Picks & Parlays");
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(canonicalUrl("/picks"));
    expect(await page.locator("#sunday-parlay-title").textContent()).toBe("Sunday 5-Team Cross-League Parlay");
    expect(await page.getByText("Last updated October 5th, 2025").count()).toBe(1);
    const legs = page.locator(".parlay-leg");
    expect(await legs.count()).toBe(5);
    expect(await legs.first().getByRole("link").getAttribute("href")).toMatch(
      /^\/[a-z0-9-]+-predictions\/[a-z0-9-]+-vs-[a-z0-9-]+-prediction$/,
    );

    const cards = page.locator("section[aria-labelledby=top-picks-title] .match-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    expect(await cards.locator(".match-card__rank").first().textContent()).toBe("1");

    const leagueLinks = page.locator(".league-picks-links a");
    expect(await leagueLinks.count()).toBe(5);
    expect(await leagueLinks.first().getAttribute("href")).toBe("/premier-league-predictions");
    expect(await page.getByRole("heading", { name: "Performance Tracking" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "View Latest Results & Hit Rates" }).getAttribute("href")).toBe(
      "/algo-results",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows one league's ranked picks on /picks/epl", async () => {
    const { page, problems, status } = await open("/picks/epl");
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Premier League Picks");
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(canonicalUrl("/picks/epl"));
    const ranks = await page.locator(".match-card__rank").allTextContents();
    expect(ranks).toEqual(ranks.map((_, index) => String(index + 1)));
    expect(ranks.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("answers every league code with 200 and an unknown one with 404", async () => {
    for (const code of ["epl", "laliga", "bundesliga", "seriea", "ligue1"]) {
      expect((await fetch(`${site.url}/picks/${code}`)).status).toBe(200);
    }
    expect((await fetch(`${site.url}/picks/unknown-league`)).status).toBe(404);
  });
});
