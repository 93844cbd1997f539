/**
 * Page metadata in Chromium: each page type's title, description, canonical link, social cards
 * and JSON-LD; /sitemap.xml and /robots.txt; and the analytics tag, against a local stand-in
 * for the tag-manager host, with and without configuration.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnalyticsHost, type AnalyticsHit, type AnalyticsHost } from "./support/analytics-host";
import { launchChromium, openPage, startSite, waitForPage, type OpenedPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const MATCH = "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction";
const MEASUREMENT_ID = "G-E2ETEST123";

let site: RunningSite;
let browser: Browser;
let analyticsHost: AnalyticsHost;

/** The public origin: SITE_URL's default, http://localhost:{PORT}. */
function publicUrl(path: string): string {
  return `http://localhost:${new URL(site.url).port}${path}`;
}

function open(path: string, width = 1280): Promise<OpenedPage> {
  return openPage(browser, site.url + path, { width, height: 900 });
}

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  meta: Record<string, string | null>;
  jsonLd: Array<Record<string, unknown>>;
}

async function readHead(page: Page): Promise<Head> {
  const content = (selector: string) =>
    page
      .locator(`head ${selector}`)
      .first()
      .getAttribute("content")
      .catch(() => null);
  const has = async (selector: string) => (await page.locator(`head ${selector}`).count()) > 0;
  const meta: Record<string, string | null> = {};
  for (const property of [
    "og:type",
    "og:title",
    "og:description",
    "og:url",
    "og:image",
    "og:image:width",
    "og:image:height",
    "og:image:alt",
    "og:site_name",
  ]) {
    meta[property] = (await has(`meta[property="${property}"]`)) ? await content(`meta[property="${property}"]`) : null;
  }
  for (const name of ["twitter:card", "twitter:image"]) {
    meta[name] = (await has(`meta[name="${name}"]`)) ? await content(`meta[name="${name}"]`) : null;
  }
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return {
    title: await page.title(),
    description: (await has('meta[name="description"]')) ? await content('meta[name="description"]') : null,
    canonical: (await has('link[rel="canonical"]'))
      ? await page.locator('head link[rel="canonical"]').getAttribute("href")
      : null,
    robots: (await has('meta[name="robots"]')) ? await content('meta[name="robots"]') : null,
    meta,
    // Each block must be valid JSON: JSON.parse throws otherwise.
    jsonLd: blocks.map((text) => JSON.parse(text) as Record<string, unknown>),
  };
}

function ofType(head: Head, type: string): Record<string, unknown> {
  const block = head.jsonLd.find((b) => b["@type"] === type);
  if (!block)
    throw new Error(`no ${type} JSON-LD block, only ${head.jsonLd.map((b) => b["@type"]).join(", ") || "none"}`);
  return block;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Every public page type carries the same cards: checks them and the 1200×630 image behind og:image. */
async function expectSocialCards(head: Head, path: string, image: string): Promise<void> {
  expect(head.canonical).toBe(publicUrl(path));
  expect(head.robots).toBe("index, follow");
  expect(head.description?.length).toBeGreaterThan(50);
  expect(head.meta["og:url"]).toBe(publicUrl(path));
  expect(head.meta["og:type"]).toBe("website");
  expect(head.meta["og:site_name"]).toBe("First Kick Picks");
  expect(head.meta["og:description"]).toBe(head.description);
  expect(head.meta["og:image"]).toBe(publicUrl(image));
  expect(head.meta["og:image:width"]).toBe("1200");
  expect(head.meta["og:image:height"]).toBe("630");
  expect(head.meta["og:image:alt"]).toContain("First Kick Picks");
  expect(head.meta["twitter:card"]).toBe("summary_large_image");
  expect(head.meta["twitter:image"]).toBe(publicUrl(image));
  const response = await fetch(site.url + image);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(bytes.byteLength).toBeLessThan(150 * 1024);
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
}

beforeAll(async () => {
  analyticsHost = await startAnalyticsHost();
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(
    site,
    MATCH,
    (html) => html.includes("Manchester United vs Tottenham Hotspur Prediction"),
    "the match page",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await analyticsHost?.close();
});

describe("page metadata in Chromium", () => {
  it("home: title, description, canonical, cards and the Organization", async () => {
    const { page, problems } = await open("/");
    const head = await readHead(page);
    expect(head.title).toBe("First Kick Picks: Smart Picks. Fast Plays. Soccer Predictions & Betting Tips");
    await expectSocialCards(head, "/", "/social/card.png");
    expect(ofType(head, "Organization")).toMatchObject({
      "@context": "https://schema.org",
      name: "First Kick Picks",
      url: publicUrl("/"),
      logo: { url: publicUrl("/social/logo.png") },
      sameAs: ["https://x.com/firstkickpicks"],
    });
    expect(ofType(head, "WebSite")).toMatchObject({ name: "First Kick Picks", url: publicUrl("/") });
    const logo = await fetch(site.url + "/social/logo.png");
    expect(pngSize(new Uint8Array(await logo.arrayBuffer()))).toEqual({ width: 512, height: 512 });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("league page: the league's card and its breadcrumb", async () => {
    const { page, problems } = await open("/premier-league-predictions");
    const head = await readHead(page);
    expect(head.title).toBe("Premier League Predictions & Betting Tips | First Kick Picks");
    // Spec: "The top 3 matches feed page metadata".
    expect(head.description).toContain("Manchester United vs Tottenham Hotspur");
    await expectSocialCards(head, "/premier-league-predictions", "/social/premier-league.png");
    expect(ofType(head, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: publicUrl("/") },
      {
        "@type": "ListItem",
        position: 2,
        name: "Premier League Predictions",
        item: publicUrl("/premier-league-predictions"),
      },
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("match page: a SportsEvent with its teams, kick-off and ground, and the breadcrumb", async () => {
    const { page, problems } = await open(MATCH, 390);
    const head = await readHead(page);
    expect(head.title).toBe("Manchester United vs Tottenham Hotspur Prediction | First Kick Picks");
    await expectSocialCards(head, MATCH, "/social/premier-league.png");
    const event = ofType(head, "SportsEvent");
    expect(event).toMatchObject({
      name: "Manchester United vs Tottenham Hotspur",
      sport: "Soccer",
      startDate: "2026-02-07T12:30:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      location: {
        "@type": "Place",
        name: "Old Trafford",
        address: { addressLocality: "Manchester", addressCountry: "GB" },
      },
      homeTeam: {
        "@type": "SportsTeam",
        name: "Manchester United",
        url: publicUrl("/premier-league/teams/manchester-united"),
      },
      awayTeam: {
        "@type": "SportsTeam",
        name: "Tottenham Hotspur",
        url: publicUrl("/premier-league/teams/tottenham-hotspur"),
      },
      url: publicUrl(MATCH),
    });
    expect(ofType(head, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: publicUrl("/") },
      {
        "@type": "ListItem",
        position: 2,
        name: "Premier League Predictions",
        item: publicUrl("/premier-league-predictions"),
      },
      {
        "@type": "ListItem",
        position: 3,
        name: "Manchester United vs Tottenham Hotspur Prediction",
        item: publicUrl(MATCH),
      },
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("picks pages and a legal page: canonical and cards, a breadcrumb where the page shows one", async () => {
    const picks = await open("/picks");
    const picksHead = await readHead(picks.page);
    expect(picksHead.title).toBe("Picks & Parlays: This Week's Top 10 Soccer Picks | First Kick Picks");
    await expectSocialCards(picksHead, "/picks", "/social/card.png");
    // /picks shows no breadcrumb; its structured data is the questions it answers.
    expect(picksHead.jsonLd.map((block) => (block as { "@type": string })["@type"])).toEqual(["FAQPage"]);

    const leaguePicks = await open("/picks/epl");
    const leaguePicksHead = await readHead(leaguePicks.page);
    await expectSocialCards(leaguePicksHead, "/picks/epl", "/social/premier-league.png");
    expect(
      (ofType(leaguePicksHead, "BreadcrumbList").itemListElement as Array<{ name: string }>).map((item) => item.name),
    ).toEqual(["Home", "Picks & Parlays", "Premier League Picks"]);

    const terms = await open("/terms");
    const termsHead = await readHead(terms.page);
    expect(termsHead.title).toBe("Terms of Service | First Kick Picks");
    await expectSocialCards(termsHead, "/terms", "/social/card.png");
    // The terms hold no questions and answers: no FAQPage is made up for them.
    expect(termsHead.jsonLd).toEqual([]);

    const results = await open("/algo-results");
    await expectSocialCards(await readHead(results.page), "/algo-results", "/social/card.png");

    for (const opened of [picks, leaguePicks, terms, results]) {
      expect(opened.problems).toEqual([]);
      await opened.page.close();
    }
  });

  it("keeps the not-found pages out of search engines", async () => {
    const notFound = await open("/no-such-page");
    expect(notFound.status).toBe(404);
    const head = await readHead(notFound.page);
    expect(head.title).toBe("Page Not Found | First Kick Picks");
    expect(head.robots).toBe("noindex");
    expect(head.canonical).toBeNull();

    const noMatch = await open("/match/999999");
    expect(noMatch.status).toBe(404);
    const matchHead = await readHead(noMatch.page);
    expect(matchHead.title).toBe("Match Not Found | First Kick Picks");
    expect(matchHead.robots).toBe("noindex");
    await notFound.page.close();
    await noMatch.page.close();
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("lists match and team pages at their canonical URLs", async () => {
    const response = await fetch(site.url + "/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const xml = await response.text();
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>${publicUrl(MATCH)}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod></url>`,
      ),
    );
    expect(xml).toContain(`<loc>${publicUrl("/premier-league/teams/arsenal")}</loc>`);
    expect(xml).toContain(`<loc>${publicUrl("/ligue-1-predictions")}</loc>`);
  });

  it("robots.txt keeps crawlers out of the API and internal pages and points to the sitemap", async () => {
    const response = await fetch(site.url + "/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    for (const line of [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /test-api",
      "Disallow: /api-status",
      "Disallow: /preview",
      "Disallow: /admin",
    ]) {
      expect(text.split("\n")).toContain(line);
    }
    expect(text).toContain(`Sitemap: ${publicUrl("/sitemap.xml")}`);
  });
});

/** Polls the stand-in host until a hit matches or the deadline passes. */
async function waitForHit(
  host: AnalyticsHost,
  matches: (hit: AnalyticsHit) => boolean,
  what: string,
): Promise<AnalyticsHit> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const hit = host.hits().find(matches);
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} hit; the host saw: ${host.requests.join(", ") || "nothing"}`);
}

describe("analytics", () => {
  it("without configuration: no tag, no request to the host, nothing in the CSP", async () => {
    const { page, problems } = await open("/");
    const csp = (await fetch(site.url + "/")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(csp).not.toContain(analyticsHost.origin);
    expect(await page.locator("script[src*='gtag']").count()).toBe(0);
    expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe("undefined");
    // Past the moment the first page view would have gone out, and after a client-side navigation.
    await page.waitForFunction(() => performance.now() > 1500);
    await page.locator("nav[aria-label=Main]").getByRole("link", { name: "Picks & Parlays" }).click();
    await page.waitForURL(`${site.url}/picks`);
    await page.waitForLoadState("networkidle");
    expect(analyticsHost.requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  describe("with a measurement id and a tag-manager host", () => {
    let tagged: RunningSite;

    beforeAll(async () => {
      tagged = await startSite({
        WORKER: "off",
        ANALYTICS_HOST: analyticsHost.origin,
        ANALYTICS_MEASUREMENT_ID: MEASUREMENT_ID,
      });
    });
    afterAll(() => tagged?.stop());

    it("loads the tag allowed by the CSP, sends page_load, the first page view after 1 s and one per client-side navigation", async () => {
      const response = await fetch(tagged.url + "/");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(new RegExp(`script-src 'self'( 'sha256-[^']+')+ ${analyticsHost.origin};`));
      expect(csp).toContain(`connect-src 'self' ${analyticsHost.origin}`);

      const { page, problems } = await openPage(browser, tagged.url + "/");
      expect(await page.locator("head script[async]").getAttribute("src")).toBe(
        `${analyticsHost.origin}/gtag/js?id=${MEASUREMENT_ID}`,
      );
      expect(analyticsHost.requests[0]).toBe(`/gtag/js?id=${MEASUREMENT_ID}`);

      const pageLoad = await waitForHit(analyticsHost, (hit) => hit.en === "page_load", "page_load");
      expect(pageLoad.tid).toBe(MEASUREMENT_ID);
      const firstView = await waitForHit(analyticsHost, (hit) => hit.en === "page_view", "first page_view");
      expect(firstView).toMatchObject({ tid: MEASUREMENT_ID, dp: "/", dl: `${tagged.url}/` });
      expect(firstView.dt).toBe("First Kick Picks: Smart Picks. Fast Plays. Soccer Predictions & Betting Tips");
      expect(firstView.t).toBeGreaterThanOrEqual(1000);

      // A client-side navigation: the document stays, the path changes, one page view follows.
      await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
      await page.locator("nav[aria-label=Main]").getByRole("link", { name: "Picks & Parlays" }).click();
      await page.waitForURL(`${tagged.url}/picks`);
      const picksView = await waitForHit(
        analyticsHost,
        (hit) => hit.en === "page_view" && hit.dp === "/picks",
        "/picks page_view",
      );
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(picksView.dl).toBe(`${tagged.url}/picks`);
      expect(picksView.dt).toBe("Picks & Parlays: This Week's Top 10 Soccer Picks | First Kick Picks");
      expect(
        analyticsHost
          .hits()
          .filter((hit) => hit.en === "page_view")
          .map((hit) => hit.dp),
      ).toEqual(["/", "/picks"]);
      expect(problems).toEqual([]);
      await page.close();
    });
  });
});
