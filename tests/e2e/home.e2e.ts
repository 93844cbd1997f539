import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectConsoleProblems, launchChromium, startSite, type RunningSite } from "./support/site";

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the home page in Chromium", () => {
  it("renders the hero, the banner and the footer links from the first HTML, without console errors", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = collectConsoleProblems(page);

    const response = await page.goto(site.url + "/");
    expect(response?.status()).toBe(200);
    // Inline scripts run by hash, so the cached page carries no nonce (and the console stays clean).
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(response?.headers()["content-security-policy"]).not.toContain("nonce-");

    await expect.poll(() => page.locator("h1").textContent()).toBe("Smart Picks. Fast Plays.");
    expect(
      await page.getByText("Save time and win smarter with our AI algorithm-driven soccer predictions.").count(),
    ).toBe(1);
    expect(await page.locator(".hero a.button").getAttribute("href")).toBe("/picks");
    expect(await page.getByText("IF YOU BET, BET RESPONSIBLY").isVisible()).toBe(true);
    // The league list comes from the database through the loader.
    expect(await page.locator(".hero__leagues li").allTextContents()).toEqual([
      "Premier League",
      "La Liga",
      "Bundesliga",
      "Serie A",
      "Ligue 1",
    ]);

    const footerLinks = await page
      .locator("footer nav a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const href of ["/", "/picks", "/algo-results", "/about", "/terms", "/privacy", "/responsible-gambling"]) {
      expect(footerLinks).toContain(href);
    }
    // The decoy admin links are in the markup but nobody sees them.
    expect(await page.locator("footer .decoy-links a").count()).toBeGreaterThan(0);
    expect(await page.locator("footer .decoy-links").isVisible()).toBe(false);

    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens the menu on a phone, closes it on an outside click, and shows the empty Parlay Builder notice", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(site.url + "/");
    await page.waitForLoadState("networkidle");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    expect(await menu.isVisible()).toBe(true);
    await page
      .getByRole("button", { name: /^(PB )?Parlay Builder, 0 picks$/ })
      .last()
      .click();
    // The button's code loads as the pointer reaches it: the click is answered once it has.
    await expect
      .poll(
        () =>
          page
            .getByText(
              "Your Parlay Builder is empty — start by adding a pick from any match page. You can add up to 10 picks before sharing.",
            )
            .first()
            .isVisible(),
        { timeout: 5_000 },
      )
      .toBe(true);
    await page.mouse.click(200, 700);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.close();
  });

  it("serves the not-found page with a 404 and redirects aliases of the home page", async () => {
    const page = await browser.newPage();
    const missing = await page.goto(site.url + "/no-such-page");
    expect(missing?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page Not Found");

    const alias = await page.goto(site.url + "/home");
    expect(alias?.url()).toBe(site.url + "/");
    const redirect = await alias?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    expect(await page.locator("h1").textContent()).toBe("Smart Picks. Fast Plays.");
    await page.close();
  });
});
