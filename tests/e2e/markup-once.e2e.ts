/**
 * Server markup travels once (docs/decisions/005-server-markup.md): a page's server-rendered
 * sections are in its HTML and not again in the loader data the HTML carries for hydration,
 * which stays at most 15% of the page. In Chromium the sections survive hydration as the server
 * sent them, and a client-side navigation (whose data request carries the markup) shows them.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineLoaderDataBytes as inlineDataBytes, inlineLoaderDataShare } from "../../web/bench/inline-data";
import { launchChromium, openPage, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const INLINE_DATA_SHARE_LIMIT = 0.15;
const SCREENSHOTS = path.resolve(import.meta.dirname, "../../.cache/screenshots/markup-once");
const PAGES = [
  "/",
  "/premier-league-predictions",
  "/premier-league-predictions/arsenal-vs-sunderland-prediction",
  "/premier-league-predictions/matchweek-25",
  "/premier-league/teams/arsenal",
  "/picks",
  "/algo-results",
  "/about",
];

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  // The track record fills once the worker has settled the fixture matches.
  await waitForPage(site, "/algo-results", (html) => html.includes("HIT"), "track record", 90_000);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("server markup, sent once", () => {
  it("keeps every page type's inline loader data within 15% of its HTML", async () => {
    const shares = new Map<string, { share: number; label: string }>();
    for (const path of PAGES) {
      const response = await fetch(site.url + path, { headers: { Accept: "text/html" } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // Every page sends some data (its meta, the root's texts): the count would catch a lost script.
      expect(inlineDataBytes(html), path).toBeGreaterThan(0);
      const share = inlineLoaderDataShare(html);
      shares.set(path, {
        share,
        label: `${(share * 100).toFixed(1)}% of ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`,
      });
    }
    console.log(`inline loader data: ${JSON.stringify(Object.fromEntries([...shares].map(([p, s]) => [p, s.label])))}`);
    for (const [path, { share, label }] of shares)
      expect(share, `${path}: ${label}`).toBeLessThanOrEqual(INLINE_DATA_SHARE_LIMIT);
  });

  it("sends a section's markup in the HTML only, and in a navigation's data request", async () => {
    const path = "/premier-league-predictions";
    const html = await (await fetch(site.url + path, { headers: { Accept: "text/html" } })).text();
    // The footer is markup the server renders: in the page once, not again in its loader data.
    expect(html.split("site-footer__copyright")).toHaveLength(2);
    const data = await (await fetch(`${site.url}${path}.data`)).text();
    expect(data).toContain("site-footer__copyright");
  });

  it("keeps the server's sections through hydration and shows them after a client-side navigation", async () => {
    const { page, problems } = await openPage(browser, `${site.url}/premier-league-predictions`);
    await page.waitForSelector("html[data-hydrated]");
    const footer = page.locator("footer.site-footer");
    await expect.poll(() => footer.getByRole("heading", { name: "Quick Links" }).count()).toBe(1);
    const standings = page.locator("main [data-markup]").first();
    const before = await standings.innerHTML();
    expect(before.length).toBeGreaterThan(100);

    // Client-side: to the home page and back; the sections come from the data requests.
    await footer.getByRole("link", { name: "Algo Results" }).click();
    await page.waitForURL(`${site.url}/algo-results`);
    await expect.poll(() => page.locator("main h1").textContent()).toMatch(/\S/);
    expect(await page.locator("main [data-markup]").count()).toBeGreaterThan(0);
    expect((await page.locator("main [data-markup]").first().innerHTML()).length).toBeGreaterThan(100);
    await page.goBack();
    await page.waitForURL(`${site.url}/premier-league-predictions`);
    await expect.poll(() => page.locator("main [data-markup]").first().innerHTML()).toBe(before);
    expect(await footer.getByRole("heading", { name: "Quick Links" }).count()).toBe(1);
    expect(problems).toEqual([]);
    // For a look: the page after hydration and two navigations, at both widths.
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `league-after-navigation-${width}.png`), fullPage: true });
    }
    await page.close();
  });
});
