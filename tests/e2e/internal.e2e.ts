/**
 * The internal pages on the running site in Chromium: closed (the site's 404) without the token,
 * opened once with it; the test page's three checks and their failure texts; the status page.
 * The site reads the CSV test files with a Manchester United v Brighton meeting added.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitedBrightonCsv, type UnitedBrightonCsv } from "@sync-worker/test-support/united-brighton-csv";
import { collectConsoleProblems, launchChromium, startSite, type RunningSite } from "./support/site";

const TOKEN = "e2e-internal-pages-token-0123";
const INTERNAL_PATHS = [
  "/test-api",
  "/api-status",
  "/api/find-united-brighton",
  "/api/live-match",
  "/api/matches/from-api",
];

let csv: UnitedBrightonCsv;
let site: RunningSite;
let browser: Browser;

/** The worker stores the fixtures in the background after start: waits until the meeting is there. */
async function waitForUnitedBrighton(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${site.url}/api/find-united-brighton`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    if (response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No Manchester United v Brighton fixture after 90 s:\n${site.output()}`);
}

beforeAll(async () => {
  csv = unitedBrightonCsv();
  site = await startSite({ FOOTBALL_DATA_DIR: csv.seasonsDir, INTERNAL_PAGES_TOKEN: TOKEN });
  browser = await launchChromium();
  await waitForUnitedBrighton();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  csv?.remove();
});

async function notFoundPage(page: Page, path: string) {
  const response = await page.goto(site.url + path);
  return {
    status: response?.status(),
    title: await page.title(),
    heading: await page.locator("main h1").textContent(),
    robots: await page.locator('meta[name="robots"]').getAttribute("content"),
    setCookie: (await response?.allHeaders())?.["set-cookie"] ?? null,
  };
}

describe("without the token", () => {
  it("answers the internal pages exactly like an unknown path, and the endpoints with a JSON 404", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const unknown = await notFoundPage(page, "/no/such/internal/page");
    expect(unknown).toMatchObject({
      status: 404,
      title: "Page Not Found | First Kick Picks",
      heading: "Page Not Found",
    });
    for (const path of [
      "/test-api",
      "/api-status",
      `/test-api?token=not-the-internal-token-at-all`,
      "/api-status?token=",
    ]) {
      expect(await notFoundPage(page, path)).toEqual(unknown);
    }
    expect(await context.cookies()).toEqual([]);
    await context.close();

    for (const [method, path] of [
      ["GET", "/api/find-united-brighton"],
      ["GET", "/api/live-match"],
      ["POST", "/api/matches/from-api"],
      ["POST", "/api/matches/from-api/1379121"],
    ]) {
      for (const headers of [{}, { Authorization: "Bearer not-the-internal-token-at-all" }] as Record<
        string,
        string
      >[]) {
        const response = await fetch(site.url + path, { method, headers });
        expect(response.status).toBe(404);
        expect(response.headers.get("set-cookie")).toBeNull();
        expect(await response.text()).toBe('{"error":"Not Found"}');
      }
    }
  });
});

describe("with the token", () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    problems = collectConsoleProblems(page);
  });
  afterAll(() => context.close());

  it("opens /test-api once from ?token=, then drops the token from the address", async () => {
    const response = await page.goto(`${site.url}/test-api?token=${TOKEN}`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${site.url}/test-api`);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await page.title()).toBe("API Test Page | First Kick Picks");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.locator("h1").textContent()).toBe("API Test Page");
    expect(await page.content()).not.toContain(TOKEN);

    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.path).sort()).toEqual([...INTERNAL_PATHS].sort());
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ name: "fkp_internal", httpOnly: true, sameSite: "Strict", secure: false });
      expect(cookie.value).not.toContain(TOKEN);
    }
    await page.waitForLoadState("networkidle");
  });

  it("finds the Manchester United v Brighton fixture", async () => {
    await page.getByRole("button", { name: "Find fixture" }).click();
    const result = page.locator(".internal-result").first();
    await result.waitFor();
    expect(await result.locator(".internal-result__title").textContent()).toBe(
      "Manchester United vs Brighton & Hove Albion",
    );
    const text = await result.textContent();
    expect(text).toContain("The next meeting");
    expect(text).toContain("2026-02-21 17:30 UTC");
    expect(text).toContain("Old Trafford");
    const href = await result.getByRole("link").getAttribute("href");
    expect(href).toMatch(/^\/match\/\d+$/);
    expect(text).toContain(`Fixture ID${href!.slice("/match/".length)}`);
  });

  it("shows the first live match of the replayed Saturday", async () => {
    await page.getByRole("button", { name: "Get live data" }).click();
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Live data" }) });
    const result = section.locator(".internal-result");
    await result.waitFor();
    expect(await result.locator(".internal-result__title").textContent()).toMatch(/^.+ \d+-\d+ .+$/);
    expect(await result.textContent()).toMatch(/Minute\d+'/);
    expect(await section.getByText("Failed to get live data").count()).toBe(0);
  });

  it("creates the match from the provider (already stored by the worker) and links to its page", async () => {
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Create match" }) });
    await section.getByRole("button", { name: "Create match" }).click();
    const result = section.locator(".internal-result");
    await result.waitFor();
    expect(await result.locator(".internal-result__title").textContent()).toBe(
      "Match already stored: Manchester United vs Brighton & Hove Albion",
    );
    expect(await result.textContent()).toContain("MUN v BHA");
    const link = result.getByRole("link");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/match\/\d+$/);
    await link.click();
    await page.waitForURL(`${site.url}${href}`);
    expect(await page.locator("h1").first().textContent()).toContain("Manchester United");
    await page.goBack();
    await page.waitForLoadState("networkidle");
  });

  it("shows 'Failed to create match' with the reason for a bad fixture ID and for an id the CSV files cannot look up", async () => {
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Create match" }) });
    const failure = section.locator(".internal-result--error");
    await section.getByLabel("Fixture ID (optional)").fill("12a");
    await section.getByRole("button", { name: "Create match" }).click();
    await failure.waitFor();
    expect(await failure.locator(".internal-result__title").textContent()).toBe("Failed to create match");
    expect(await failure.locator(".internal-result__detail").textContent()).toBe(
      "400: The fixture ID must be a whole number from 1 to 2147483647.",
    );

    await section.getByLabel("Fixture ID (optional)").fill("1379121");
    await section.getByRole("button", { name: "Create match" }).click();
    await expect
      .poll(() => failure.locator(".internal-result__detail").textContent())
      .toMatch(/^422: .*cannot look up fixtures by id/);
    expect(await failure.locator(".internal-result__title").textContent()).toBe("Failed to create match");
  });

  it("shows 'Failed to find fixture' and 'Failed to get live data' once the access has gone", async () => {
    await context.clearCookies();
    await page.getByRole("button", { name: "Find fixture" }).click();
    const find = page
      .locator("section", { has: page.getByRole("heading", { name: "Find fixture" }) })
      .locator(".internal-result--error");
    await find.waitFor();
    expect(await find.locator(".internal-result__title").textContent()).toBe("Failed to find fixture");
    expect(await find.locator(".internal-result__detail").textContent()).toBe("404: Not Found");

    await page.getByRole("button", { name: "Get live data" }).click();
    const live = page
      .locator("section", { has: page.getByRole("heading", { name: "Live data" }) })
      .locator(".internal-result--error");
    await live.waitFor();
    expect(await live.locator(".internal-result__title").textContent()).toBe("Failed to get live data");
    // The browser logs each refused call it was asked to make, and nothing else went wrong.
    const refused = (status: string) => `Failed to load resource: the server responded with a status of ${status}`;
    expect(problems).toEqual([
      refused("400 (Bad Request)"),
      refused("422 (Unprocessable Entity)"),
      refused("404 (Not Found)"),
      refused("404 (Not Found)"),
    ]);
  });
});

describe("/api-status", () => {
  it("renders the operator's report with the token", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = collectConsoleProblems(page);
    const response = await page.goto(`${site.url}/api-status?token=${TOKEN}`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${site.url}/api-status`);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(await page.title()).toBe("API Status | First Kick Picks");
    expect(await page.locator("h1").textContent()).toBe("API Status");

    const database = page.locator("section[aria-labelledby=database-title]");
    expect(await database.textContent()).toContain("PGlite (embedded)");
    expect(await database.textContent()).toContain("Reachable");
    const clock = page.locator("section[aria-labelledby=clock-title]");
    expect(await clock.textContent()).toContain("Replay from2026-02-07 15:50 UTC at 1× speed");

    const jobs = page.locator("section[aria-labelledby=jobs-title] tbody tr");
    const backfill = jobs.filter({ has: page.locator("th", { hasText: /^backfill$/ }) });
    expect(await backfill.locator(".status-badge").textContent()).toBe("ok");
    expect(await backfill.textContent()).toContain("football-data");

    const providers = page.locator("section[aria-labelledby=providers-title]");
    expect(await providers.locator("tr", { hasText: "fixtures" }).first().locator("td").textContent()).toBe(
      "football-data.co.uk CSV files",
    );
    expect(await providers.textContent()).toContain("No key (API_FOOTBALL_KEY unset)");

    const counts = page.locator("section[aria-labelledby=counts-title]");
    expect(await counts.locator("h2").textContent()).toBe("Stored data · 2025/26");
    expect(
      Number(await counts.locator("tr", { hasText: "Premier League" }).locator("td").first().textContent()),
    ).toBeGreaterThan(0);

    const pages = page.locator("section[aria-labelledby=pages-title]");
    expect(await pages.getByRole("link", { name: "Match /match/1" }).getAttribute("href")).toBe("/match/1");
    const current = pages.locator("li").nth(1);
    expect(await current.textContent()).toContain("live now");
    expect(await current.getByRole("link").getAttribute("href")).toMatch(
      /^\/[a-z0-9-]+-predictions\/[a-z0-9-]+-vs-[a-z0-9-]+-prediction$/,
    );
    expect(await page.content()).not.toContain(TOKEN);
    expect(problems).toEqual([]);
    await context.close();
  });
});
