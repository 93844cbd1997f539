/**
 * The league and match pages against the spec's texts, in Chromium: the league breadcrumb's
 * Teams link, match slugs of another league, the editors' texts of a match preview (published,
 * and drafts in preview only), half-time, and the final 100% beside HIT or MISS.
 *
 * The site reads the CSV test files with one La Liga match added (Barcelona 0-1 Mallorca, an
 * invented result, finished at the replay's moment) and a copy of the local content dataset
 * whose Newcastle v Brentford draft has texts of its own. The replay clock runs at a tenth of
 * real time from 15:50, so Arsenal v Sunderland (kick-off 15:00) stays at half-time throughout.
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "@sync-worker/test-support/csv-origin";
import { launchChromium, openPage, startSite, waitForPage, type OpenedPage, type RunningSite } from "./support/site";

const PREVIEW_SECRET = "e2e-spec-preview-secret-0123";
const LA_LIGA_MATCH = "/la-liga-predictions/barcelona-vs-mallorca-prediction";
const NEWCASTLE = "/premier-league-predictions/newcastle-united-vs-brentford-prediction";
const ARSENAL = "/premier-league-predictions/arsenal-vs-sunderland-prediction";
const NEWCASTLE_DRAFT = "drafts.matchPreview-2526-premier-league-newcastle-united-vs-brentford";
const NEWCASTLE_PUBLISHED = "matchPreview-2526-premier-league-newcastle-united-vs-brentford";
const DRAFT_TACTICS =
  "Draft only: Newcastle press high from the first whistle and leave space behind their full-backs.";
const DRAFT_MEETINGS = "Draft only: the last five meetings produced seventeen goals.";

/** D1.csv's columns, filled for one finished La Liga match on the replay's Saturday. */
const SP1_CSV = [
  "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,HS,AS,HST,AST,HF,AF,HC,AC,HY,AY,HR,AR,B365H,B365D,B365A,AvgH,AvgD,AvgA,Avg>2.5,Avg<2.5,AvgCH,AvgCD,AvgCA,AvgC>2.5,AvgC<2.5",
  "SP1,07/02/26,13:00,Barcelona,Mallorca,0,1,A,0,0,D,21,6,7,2,9,14,10,2,1,3,0,0,1.2,7,13,1.21,6.8,12.5,1.5,2.6,1.22,6.9,12,1.48,2.65",
].join("\r\n");

type Doc = Record<string, unknown> & { _id: string };
type Block = { _type: string; children?: Array<{ text?: string }> };

const dataDirectory = mkdtempSync(path.join(tmpdir(), "spec-agreement-"));
const csvRoot = path.join(dataDirectory, "csv");
const contentFile = path.join(dataDirectory, "dataset.ndjson");
let published: Doc;
let site: RunningSite;
let browser: Browser;

function prepareData(): void {
  cpSync(FIXTURES_DIR, csvRoot, { recursive: true });
  writeFileSync(path.join(csvRoot, "mmz4281", "2526", "SP1.csv"), `${SP1_CSV}\r\n`);
  copyFileSync(path.resolve(import.meta.dirname, "../../content/dataset.ndjson"), contentFile);
  const docs = readFileSync(contentFile, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Doc);
  const block = (text: string) => [
    {
      _type: "block",
      _key: "e2e",
      style: "normal",
      markDefs: [],
      children: [{ _type: "span", _key: "e2es", text, marks: [] }],
    },
  ];
  const draft = docs.find((doc) => doc._id === NEWCASTLE_DRAFT);
  const found = docs.find((doc) => doc._id === NEWCASTLE_PUBLISHED);
  if (!draft || !found) throw new Error("content/dataset.ndjson has no Newcastle v Brentford preview and draft");
  published = found;
  Object.assign(draft, { tacticalAnalysis: block(DRAFT_TACTICS), headToHead: block(DRAFT_MEETINGS) });
  writeFileSync(contentFile, `${docs.map((doc) => JSON.stringify(doc)).join("\n")}\n`);
}

function open(pathname: string, width = 1280): Promise<OpenedPage> {
  return openPage(browser, site.url + pathname, { width, height: 900 });
}

/** Plain text of a Portable Text field: its blocks' spans. */
function plainBlocks(value: unknown): string[] {
  return Array.isArray(value)
    ? (value as Block[]).map((block) => (block.children ?? []).map((span) => span.text ?? "").join(""))
    : [];
}

/** Collapsed white space, as a reader sees it. */
async function text(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();
}

beforeAll(async () => {
  prepareData();
  site = await startSite({
    FOOTBALL_DATA_DIR: path.join(csvRoot, "mmz4281"),
    LOCAL_CONTENT_FILE: contentFile,
    PREVIEW_SECRET,
    CLOCK: "replay:2026-02-07T15:50:00Z,speed=0.1",
  });
  browser = await launchChromium();
  await waitForPage(
    site,
    "/premier-league-predictions",
    (html) => html.includes("Arsenal to Win"),
    "Premier League matches",
  );
  await waitForPage(
    site,
    "/la-liga-predictions",
    (html) => html.includes("Mallorca") && html.includes("MISS"),
    "the settled La Liga match",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe("league pages link to their team list", () => {
  it("shows Home, the league's predictions (the current page) and a Teams link to the league's team list", async () => {
    const { page, problems } = await open("/premier-league-predictions", 390);
    const crumbs = page.locator("nav[aria-label=Breadcrumb] li");
    expect(await crumbs.allTextContents()).toEqual(["Home", "Premier League Predictions", "Teams"]);
    expect(await crumbs.nth(1).locator("[aria-current=page]").count()).toBe(1);
    const teams = crumbs.nth(2).getByRole("link", { name: "Teams" });
    expect(await teams.getAttribute("href")).toBe("/premier-league/teams");

    // The BreadcrumbList is the trail the page shows, up to the page itself.
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    const trail = blocks.find((block) => block["@type"] === "BreadcrumbList")?.itemListElement as Array<{
      name: string;
      item: string;
    }>;
    expect(trail.map((item) => [item.name, new URL(item.item).pathname])).toEqual([
      ["Home", "/"],
      ["Premier League Predictions", "/premier-league-predictions"],
    ]);

    await teams.click();
    await page.waitForURL(`${site.url}/premier-league/teams`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Premier League Teams");
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ["/la-liga-predictions", "La Liga"],
    ["/bundesliga-predictions", "Bundesliga"],
    ["/serie-a-predictions", "Serie A"],
    ["/ligue-1-predictions", "Ligue 1"],
  ])("%s: the Teams crumb opens the %s team list", async (leaguePath, name) => {
    const html = await (await fetch(site.url + leaguePath)).text();
    const href = /<li><a[^>]*href="([^"]+)"[^>]*>Teams<\/a><\/li>/.exec(html)?.[1];
    expect(href).toMatch(/^\/[a-z0-9-]+\/teams$/);
    const list = await fetch(site.url + href!);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(`<h1>${name} Teams</h1>`);
  });
});

describe("match slugs of another league", () => {
  const location = (response: Response) => new URL(response.headers.get("location") ?? "", site.url);

  it.each([
    "/match/barcelona-vs-mallorca",
    "/premier-league-predictions/barcelona-vs-mallorca-prediction",
    "/premier-league-predictions/barcelona-vs-mallorca",
    "/premier-league/matches/barcelona-vs-mallorca",
    "/matches/serie-a/barcelona-vs-mallorca",
  ])("%s answers with one 301 to the La Liga match page", async (from) => {
    const first = await fetch(`${site.url}${from}?utm_source=e2e`, { redirect: "manual" });
    expect(first.status).toBe(301);
    expect(location(first).pathname).toBe(LA_LIGA_MATCH);
    expect(location(first).search).toBe("?utm_source=e2e");
    const landed = await fetch(location(first), { redirect: "manual" });
    expect(landed.status).toBe(200);
  });

  it("lands on the match page in Chromium", async () => {
    const { page, problems, status } = await open("/match/barcelona-vs-mallorca");
    expect(status).toBe(200);
    expect(page.url()).toBe(site.url + LA_LIGA_MATCH);
    expect(await page.locator("h1").textContent()).toBe("FC Barcelona vs Mallorca Prediction");
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(["/match/barcelona-vs-nowhere-fc", "/premier-league-predictions/barcelona-vs-nowhere-fc-prediction"])(
    "%s, naming no fixture, is still the 404 'Match Not Found'",
    async (from) => {
      const { page, status } = await open(from);
      expect(status).toBe(404);
      expect(await page.locator("h1").textContent()).toBe("Match Not Found");
      expect(await page.getByText("The requested match could not be found.").count()).toBe(1);
      await page.close();
    },
  );
});

describe("the editors' texts of a match preview", () => {
  it("shows every text of the published preview, the tactical analysis and head-to-head notes included", async () => {
    const { page, problems } = await open(NEWCASTLE, 390);
    const body = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    const richFields = Object.entries(published).filter(([, value]) => plainBlocks(value).length > 0);
    expect(richFields.map(([field]) => field)).toEqual(
      expect.arrayContaining([
        "matchSummary",
        "tacticalAnalysis",
        "headToHead",
        "teamFormMomentum",
        "finalPredictionSummary",
      ]),
    );
    for (const [field, value] of richFields) {
      for (const paragraph of plainBlocks(value)) expect(body, field).toContain(paragraph);
    }
    for (const insight of published.keyInsights as string[]) expect(body).toContain(insight);

    // Where the spec's sections put them: both in 'Key Insights, Stats & Trends'.
    const insights = page.locator("#key-insights");
    expect(await insights.locator("h3").allTextContents()).toEqual(
      expect.arrayContaining(["Tactical Analysis", "Head-to-head"]),
    );
    expect(await insights.textContent()).toContain("Brentford are dangerous from set pieces");
    expect(await insights.textContent()).toContain(plainBlocks(published.headToHead)[0]);
    expect(body).not.toContain(DRAFT_TACTICS);
    expect(body).not.toContain(DRAFT_MEETINGS);

    // The picks fields: verdict tag, best pick, projected score, and the BTTS call's confidence.
    expect(body).toContain(String(published.verdictTag));
    expect(await text(page, ".match-hero .pick-box__pick")).toBe(String(published.bestPick));
    expect(await text(page, ".match-hero .pick-box__score")).toBe(
      `Projected score ${String(published.projectedScore)}`,
    );
    const btts = page.locator("#final-prediction .final-pick").filter({ hasText: "Both Teams to Score" });
    expect(await btts.locator(".final-pick__confidence").textContent()).toBe(
      `Confidence ${String(published.bttsConfidence)}%`,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the draft's texts in preview only", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(
      `${site.url}/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=${encodeURIComponent(NEWCASTLE)}`,
    );
    expect(page.url()).toBe(site.url + NEWCASTLE);
    const insights = page.locator("#key-insights");
    expect(await insights.textContent()).toContain(DRAFT_TACTICS);
    expect(await insights.textContent()).toContain(DRAFT_MEETINGS);
    expect(await insights.textContent()).not.toContain("Brentford are dangerous from set pieces");
    await context.close();
  });
});

describe("half-time", () => {
  it("shows HT, not 45', on the match page, on the league page's card and after the live refresh", async () => {
    const { page, problems } = await open(ARSENAL, 390);
    expect(await page.locator(".match-hero .live-badge").textContent()).toBe("LIVE");
    expect(await page.locator(".match-hero .scoreline__minute").textContent()).toBe("HT");
    const refresh = await page.waitForResponse((r) => r.url().includes(".data"), { timeout: 20_000 });
    expect(refresh.status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(await page.locator(".match-hero .scoreline__minute").textContent()).toBe("HT");

    await page.goto(site.url + "/premier-league-predictions");
    const card = page.locator(".match-card").filter({ hasText: "Arsenal" });
    expect(await card.locator(".scoreline__minute").textContent()).toBe("HT");
    expect(await page.locator(".scoreline__minute", { hasText: "45'" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the final 100% beside HIT or MISS", () => {
  it("labels it as the final result's and shows the pick's pre-match confidence beside the MISS", async () => {
    const { page, problems } = await open(LA_LIGA_MATCH, 390);
    expect(await page.locator(".match-hero .scoreline").textContent()).toBe("Final Score0 - 1");
    expect(await text(page, ".match-hero .pick-box__confidence")).toBe("Final · 100%");
    expect(await text(page, ".match-hero .pick-verdict")).toMatch(/^✗ MISS Pre-match confidence \d+(\.\d)?%$/);
    const best = page.locator("#final-prediction .final-pick--best");
    expect(await text(page, "#final-prediction .final-pick--best .final-pick__confidence")).toBe("Final · 100%");
    expect(await best.locator(".pick-verdict").textContent()).toMatch(/MISS Pre-match confidence\u00a0\d+(\.\d)?%$/);
    expect(await page.locator("main").textContent()).not.toContain("Confidence 100%");
    // The description gives the pick with the confidence it was made with.
    const description = await page.locator('head meta[name="description"]').getAttribute("content");
    expect(description).toMatch(
      /^FC Barcelona 0-1 Mallorca, final score\. Our best pick, .+ at \d+(\.\d)?% confidence before kick-off, missed\./,
    );

    await page.goto(site.url + "/la-liga-predictions");
    const card = page.locator(".match-card").filter({ hasText: "Mallorca" });
    expect(await text(page, ".match-card .pick-box__confidence")).toBe("Final · 100%");
    expect((await card.locator(".pick-verdict").textContent())?.replace(/\s+/g, " ")).toMatch(
      /^✗ MISS Pre-match confidence \d+(\.\d)?%$/,
    );
    expect(await page.locator("main").textContent()).not.toContain("Confidence 100%");
    expect(problems).toEqual([]);
    await page.close();
  });
});
