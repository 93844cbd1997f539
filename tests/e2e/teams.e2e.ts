import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamsInLeague } from "@shared/domain/teams/registry";
import { TEAM_STRENGTH_TITLE } from "~/features/team/components/TeamStrengthChart";
import { byNameFansUse } from "~/features/team/teams.server";
import { launchChromium, openPage, waitForPage, type OpenedPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const ARSENAL = "/premier-league/teams/arsenal";
const SCREENSHOTS = fileURLToPath(new URL("../../.cache/screenshots/teams", import.meta.url));

function open(path: string, width = 1280): Promise<OpenedPage> {
  return openPage(browser, site.url + path, { width, height: 900 });
}

/** The first answer to a path, without following a redirect. */
function firstAnswer(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(site.url + path, { redirect: "manual", headers });
}

/** Whether every badge image on the page has loaded as an image (none hidden or broken). */
async function badgesLoaded(page: Page): Promise<{ count: number; broken: number }> {
  return page.$$eval("img.team-badge", (images) => ({
    count: images.length,
    broken: images.filter((img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0)
      .length,
  }));
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  // The worker fills the database after start: wait for the table and the season figures.
  await waitForPage(
    site,
    ARSENAL,
    (html) => html.includes("1st – 4 pts") && html.includes("Avg Goals Scored"),
    "team data",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const LISTS = [
  { slug: "premier-league", key: "premier-league", name: "Premier League", count: 20 },
  { slug: "la-liga", key: "la-liga", name: "La Liga", count: 20 },
  { slug: "bundesliga", key: "bundesliga", name: "Bundesliga", count: 18 },
  { slug: "serie-a", key: "serie-a", name: "Serie A", count: 20 },
  { slug: "ligue-1", key: "ligue1", name: "Ligue 1", count: 18 },
] as const;

describe("team list pages", () => {
  it.each(LISTS)(
    "answers every path of the $name list: the canonical one, the others with a 301 to it",
    async ({ slug, key }) => {
      const canonical = `/${slug}/teams`;
      expect((await firstAnswer(canonical)).status).toBe(200);
      for (const alias of [
        `/${slug}-predictions/teams`,
        `/${key}/teams`,
        `/${key}-predictions/teams`,
        `/${slug}/teams/`,
      ]) {
        if (alias === canonical) continue;
        const response = await firstAnswer(alias);
        expect(response.status, alias).toBe(301);
        expect(response.headers.get("location"), alias).toBe(canonical);
      }
    },
  );

  it("sends /teams to the default league's list", async () => {
    const response = await firstAnswer("/teams");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/premier-league/teams");
  });

  it.each(LISTS)(
    "shows the $count clubs of the $name in an alphabetical grid of badges and names",
    async ({ slug, key, name, count }) => {
      const { page, problems, status } = await open(`/${slug}-predictions/teams`);
      expect(status).toBe(200);
      expect(page.url()).toBe(`${site.url}/${slug}/teams`);
      expect(await page.locator("h1").textContent()).toBe(`${name} Teams`);
      expect(await page.locator("nav[aria-label=Breadcrumb] li").allTextContents()).toEqual([
        "Home",
        `${name} Predictions`,
        "Teams",
      ]);
      const title = await page.title();
      expect(title).toContain(`${name} Teams`);
      // Ligue 1 has 18 clubs: the title says so, whatever the old page's title said.
      expect(title).toContain(`All ${count} Clubs`);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(
        `All ${count} ${name} clubs`,
      );
      const cards = page.locator(".team-grid__card");
      expect(await cards.count()).toBe(count);
      // Alphabetical by the name fans use, not a legal prefix: AJ Auxerre under A, RC Lens under L.
      const names = await page.locator(".team-grid__name").allTextContents();
      expect(names).toEqual([...teamsInLeague(key)].sort(byNameFansUse).map((team) => team.name));
      if (key === "ligue1") expect(names.indexOf("RC Lens")).toBe(names.indexOf("Le Havre AC") + 1);
      for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
        expect(href).toMatch(new RegExp(`^/${slug}/teams/[a-z0-9-]+$`));
      }
      // Lazy-loaded badges near the end of the list load once scrolled to.
      await page.locator(".team-grid__card").last().scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      expect(await badgesLoaded(page)).toEqual({ count, broken: 0 });
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});

describe("team pages", () => {
  it("shows a team by its slug: header, next match, overview, stats, recent results and the empty player sections", async () => {
    const { page, problems, status, cacheControl } = await open(ARSENAL);
    expect(status).toBe(200);
    // Arsenal are playing: the page is cached briefly, as live pages are.
    expect(cacheControl).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=20");
    expect(await page.locator("h1").textContent()).toBe("Arsenal");
    expect(await page.locator("nav[aria-label=Breadcrumb] li").allTextContents()).toEqual([
      "Home",
      "Premier League",
      "Teams",
      "Arsenal",
    ]);
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toContain(ARSENAL);
    const hero = page.locator(".team-hero");
    expect(await hero.locator("img.team-badge").getAttribute("src")).toBe("/badges/42.svg?v=1");
    expect(await hero.textContent()).toContain("Premier League");
    expect(await hero.textContent()).toContain("1st – 4 pts");
    // Form as letters with words for screen readers, oldest first.
    expect(await hero.locator(".form-strip li").allTextContents()).toEqual(["WWin", "DDraw"]);

    const next = page.locator("#next-match");
    expect(await next.textContent()).toContain("Sunderland (H)");
    expect(await next.textContent()).toContain("Emirates Stadium");
    const analysis = next.getByRole("link", { name: /View Full Match Analysis →/ });
    expect(await analysis.getAttribute("href")).toBe("/premier-league-predictions/arsenal-vs-sunderland-prediction");

    expect(await page.locator("#overview h2").textContent()).toBe("Team Overview");
    expect(await page.locator("#overview").textContent()).toContain("Royal Arsenal in Woolwich");

    const stats = page.locator("#stats");
    expect(await stats.locator("h2").textContent()).toBe("Team Stats Overview");
    expect(await stats.locator(".team-stats__figure dt").allTextContents()).toEqual([
      "Avg Goals Scored",
      "Avg Goals Conceded",
      "Clean Sheets",
      "Over 2.5 Goals",
      "BTTS",
      "Win Rate Home | Away",
    ]);
    // 2-1 at home to Chelsea and 1-1 at Chelsea.
    expect(await stats.locator(".team-stats__figure dd").allTextContents()).toEqual([
      "1.50",
      "1.00",
      "0",
      "50%",
      "100%",
      "100% | 0%",
    ]);

    const recent = page.locator("#recent .recent-list__item");
    expect(await page.locator("#recent h2").textContent()).toBe("Recent Results");
    expect(await recent.count()).toBe(4);
    expect(await recent.first().textContent()).toContain("Chelsea (A)");
    expect(await recent.first().locator(".recent-list__score").textContent()).toContain("1-1");
    expect(await recent.first().locator(".recent-list__score").getAttribute("href")).toBe(
      "/premier-league-predictions/chelsea-vs-arsenal-prediction",
    );
    expect(await recent.nth(1).textContent()).toContain("Chelsea (H)");
    expect(await recent.nth(1).textContent()).toContain("2-1");

    // The key-less CSV source has no player figures: the spec's text, not invented numbers.
    expect(await page.locator("#players h2").textContent()).toBe("Key Player Stats");
    expect(await page.locator("#players").textContent()).toContain(
      "Player statistics coming soon with detailed analysis.",
    );
    expect(await page.locator("#goalkeepers h2").textContent()).toBe("Goalkeeper Stats");
    expect(await page.locator("#goalkeepers").textContent()).toContain(
      "Player statistics coming soon with detailed analysis.",
    );
    // Each is one muted line, not a card of empty space.
    for (const id of ["#players", "#goalkeepers"]) {
      expect(await page.locator(id).getAttribute("class")).toContain("page-section--empty");
      expect((await page.locator(id).boundingBox())!.height, id).toBeLessThan(80);
    }
    // Lazy-loaded badges further down (the recent results) load once scrolled to.
    for (const img of await page.locator("img.team-badge").all()) await img.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(await badgesLoaded(page)).toMatchObject({ broken: 0 });
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([390, 1280])(
    "charts the club's strength over last season and this one, by our model and the market, at %i px",
    async (width) => {
      // The worker's team-strength job runs after the results are in.
      await waitForPage(site, ARSENAL, (html) => html.includes("team-strength__chart"), "team strength", 120_000);
      const { page, problems } = await open(ARSENAL, width);
      const section = page.locator("section#strength");
      expect(await section.locator("h2").textContent()).toBe(TEAM_STRENGTH_TITLE);
      expect(await section.locator(".team-strength__summary").textContent()).toMatch(
        /^Arsenal now: [+−]?\d\.\d{2} goals a match against an average side by our model, ([+−]?\d\.\d{2}|n\/a) by the market\. At the start of \d{4}\/\d{2}: /,
      );
      const chart = section.locator("svg.team-strength__chart");
      expect(await chart.getAttribute("role")).toBe("img");
      expect(await chart.locator("title").textContent()).toMatch(/^Arsenal: strength over \d{4}\/\d{2}/);
      expect(await chart.locator("path.team-strength__model").getAttribute("d")).toMatch(
        /^(M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)*)+$/,
      );
      // The text alternative: the numbers month by month, behind a summary a visitor opens.
      await section.locator(".team-strength__numbers summary").click();
      const rows = await section.locator(".team-strength__numbers tbody tr").count();
      expect(rows).toBeGreaterThan(3);
      expect(await section.locator(".team-strength__numbers tbody tr td").first().textContent()).toMatch(
        /^([+−]?\d\.\d{2}|n\/a)$/,
      );
      expect(await section.locator("[style]").count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${SCREENSHOTS}/team-strength-${width}.png` });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("shows no overview for a club without a profile, and the missing-data texts for a club that has not played", async () => {
    const { page, problems, status } = await open("/premier-league/teams/newcastle-united", 390);
    expect(status).toBe(200);
    expect(await page.locator("#overview").count()).toBe(0);
    expect(await page.locator(".team-hero").textContent()).toContain("League table data coming soon");
    expect(await page.locator(".team-hero").textContent()).toContain("No data");
    expect(await page.locator("#stats").textContent()).toContain("No completed matches in current season yet");
    expect(await page.locator("#next-match").textContent()).toContain("Brentford (H)");
    // Nothing wider than a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ["/premier-league/teams/42", ARSENAL],
    ["/teams/42", ARSENAL],
    ["/teams/ars", ARSENAL],
    ["/premier-league-predictions/teams/arsenal", ARSENAL],
    ["/bundesliga/teams/arsenal", ARSENAL],
    ["/ligue1/teams/85", "/ligue-1/teams/paris-saint-germain"],
  ])("redirects %s to %s in one 301", async (from, to) => {
    const response = await firstAnswer(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it("lands on the slug URL when opened by id", async () => {
    const { page, problems, status } = await open("/teams/42");
    expect(status).toBe(200);
    expect(page.url()).toBe(site.url + ARSENAL);
    expect(await page.locator("h1").textContent()).toBe("Arsenal");
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(["/premier-league/teams/nowhere-fc", "/teams/999999"])(
    "answers the unknown team %s with a 404 'Team Not Found'",
    async (path) => {
      const { page, problems, status } = await open(path);
      expect(status).toBe(404);
      expect(await page.locator("h1").textContent()).toBe("Team Not Found");
      expect(await page.getByText("The team you're looking for doesn't exist or may have been moved.").count()).toBe(1);
      const home = page.locator("main").getByRole("link", { name: "Go Back Home" });
      expect(await home.getAttribute("href")).toBe("/");
      expect(await page.title()).toContain("Team Not Found");
      // The browser reports the 404 document itself; nothing else may fail.
      expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
      await page.close();
    },
  );

  it("shows 'Loading team information...' while a client-side navigation to a team page waits for its data", async () => {
    const { page, problems } = await open("/premier-league/teams");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/premier-league/teams/arsenal.data*", async (route) => {
      await held;
      await route.continue();
    });
    // The live region is always there; the text appears in it while the data is on its way.
    const status = page.getByRole("status").getByText("Loading team information...");
    expect(await status.count()).toBe(0);
    await page.locator(".team-grid__card", { hasText: "Arsenal" }).click();
    await status.waitFor();
    release();
    await page.waitForURL(site.url + ARSENAL);
    await page.locator("h1", { hasText: "Arsenal" }).waitFor();
    expect(await status.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows badges beside the names in the league table and on the match cards", async () => {
    const { page, problems } = await open("/premier-league-predictions");
    // The three ranked cards, then every match of the week in the compact list.
    expect(await page.locator(".match-card img.team-badge").count()).toBe(6);
    expect(await page.locator(".fixture-row img.team-badge").count()).toBe(8);
    // Decorative: the name is next to it.
    expect(await page.locator(".match-card img.team-badge").first().getAttribute("alt")).toBe("");
    expect(await page.locator("#table tbody th img.team-badge").count()).toBe(20);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("badges", () => {
  it("serves a club's badge as an SVG cached for good, with an ETag that answers 304", async () => {
    const response = await firstAnswer("/badges/42.svg?v=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
    const svg = await response.text();
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title");
    expect(svg).toContain(">ARS</text>");
    expect((await firstAnswer("/badges/42.svg?v=1", { "If-None-Match": etag! })).status).toBe(304);
  });

  it("answers an unknown team's badge and a malformed badge path with a 404", async () => {
    expect((await firstAnswer("/badges/999999.svg?v=1")).status).toBe(404);
    expect((await firstAnswer("/badges/arsenal.png")).status).toBe(404);
  });
});
