/**
 * My Teams: the stars on team pages and team lists, kept in the browser's localStorage, and the
 * home page's strip of each favourite's next match and pick, drawn after hydration. The pages'
 * HTML stays the same for every visitor, so the page cache keeps serving it, and no cookie is
 * ever sent.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import {
  MY_TEAMS_FULL_MESSAGE,
  MY_TEAMS_KEY,
  MY_TEAMS_LIMIT,
  type MyTeam,
} from "~/features/team/components/my-teams/my-teams";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import {
  collectConsoleProblems,
  launchChromium,
  startSite,
  visitsBetweenTicks,
  waitForPage,
  type RunningSite,
} from "./support/site";

let site: RunningSite;
let browser: Browser;

const TEAM = "/premier-league/teams/arsenal";
const TEAM_LIST = "/premier-league/teams";
const ARSENAL: MyTeam = { id: getTeamBySlug("arsenal")!.id, name: "Arsenal", url: TEAM };
const CHELSEA: MyTeam = { id: getTeamBySlug("chelsea")!.id, name: "Chelsea", url: "/premier-league/teams/chelsea" };

beforeAll(async () => {
  site = await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR });
  browser = await launchChromium();
  await waitForPage(site, "/premier-league-predictions", (html) => html.includes("Arsenal to Win"), "matches");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A fresh browser profile; every request's Cookie header is recorded. */
async function profile(width: number, stored?: MyTeam[]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (stored)
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      [MY_TEAMS_KEY, JSON.stringify(stored)],
    );
  const cookies: string[] = [];
  context.on("request", (request) => {
    request.allHeaders().then(
      (headers) => {
        if (headers.cookie) cookies.push(`${request.url()}: ${headers.cookie}`);
      },
      // A request still in flight when the test closes the profile has no headers left to read.
      () => {},
    );
  });
  return { context, cookies };
}

async function open(context: BrowserContext, path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = collectConsoleProblems(page);
  await page.goto(site.url + path);
  await page.waitForLoadState("networkidle");
  return { page, problems };
}

const storedTeams = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as MyTeam[], MY_TEAMS_KEY);

/** The element lies inside the viewport's width (nothing to scroll sideways to reach it). */
async function expectWithinWidth(page: Page, selector: string, width: number) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

describe("My Teams", () => {
  it("sends the stars hidden, the same for everyone, and the home page without a strip", async () => {
    const team = await (await fetch(site.url + TEAM)).text();
    expect(team).toMatch(new RegExp(`<button [^>]*data-my-team="${ARSENAL.id}"[^>]*hidden=""`));
    expect(team).toContain(`data-team-url="${TEAM}"`);
    const list = await (await fetch(site.url + TEAM_LIST)).text();
    expect(list.match(/data-my-team="/g)).toHaveLength(20);
    expect(await (await fetch(site.url + "/")).text()).not.toContain("My Teams");
  });

  for (const width of [390, 1280]) {
    it(`adds and removes a club with the star on its team page, remembered across reloads, at ${width} px`, async () => {
      const { context, cookies } = await profile(width);
      const { page, problems } = await open(context, TEAM);
      const star = page.getByRole("button", { name: "Add Arsenal to My Teams" });
      await expect.poll(() => star.isVisible()).toBe(true);
      expect(await star.getAttribute("aria-pressed")).toBe("false");
      await expectWithinWidth(page, ".team-hero .my-team-star", width);

      // The keyboard: Enter presses the focused star, and Space below.
      await star.focus();
      await page.keyboard.press("Enter");
      expect(await star.getAttribute("aria-pressed")).toBe("true");
      expect(await storedTeams(page)).toEqual([ARSENAL]);

      await page.reload();
      await page.waitForLoadState("networkidle");
      await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");

      await star.focus();
      await page.keyboard.press("Space");
      expect(await star.getAttribute("aria-pressed")).toBe("false");
      expect(await page.evaluate((key) => localStorage.getItem(key), MY_TEAMS_KEY)).toBeNull();

      expect(problems).toEqual([]);
      expect(cookies).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      await context.close();
    });

    it(`shows each favourite's next match and pick on the home page after hydration, at ${width} px`, async () => {
      const { context, cookies } = await profile(width);
      // Stars on the team list: Chelsea, then Arsenal.
      const list = await open(context, TEAM_LIST);
      for (const club of [CHELSEA, ARSENAL]) {
        const star = list.page.getByRole("button", { name: `Add ${club.name} to My Teams` });
        await expect.poll(() => star.isVisible()).toBe(true);
        await star.click();
        // A first press with nothing stored is answered at once; a later one before the list's
        // code has loaded waits for it (the stars' rules): either way it ends pressed.
        await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
      }
      await expectWithinWidth(list.page, ".team-grid__star", width);
      expect(await storedTeams(list.page)).toEqual([CHELSEA, ARSENAL]);

      const { page, problems } = await open(context, "/");
      const strip = page.locator("section.my-teams");
      await expect.poll(() => strip.locator(".my-teams__pick").count()).toBeGreaterThan(0);
      expect(await strip.locator("h2").textContent()).toBe("My Teams");
      const items = strip.locator(".my-teams__item");
      expect(await items.locator(".my-teams__team").allTextContents()).toEqual(["Chelsea", "Arsenal"]);
      const arsenal = items.nth(1);
      await expect.poll(() => arsenal.textContent()).toContain("Arsenal to Win");
      // The replay's Saturday: Arsenal v Sunderland is in play.
      expect(await arsenal.locator(".my-teams__match").textContent()).toBe("Next Sunderland (H)");
      expect(await arsenal.locator(".live-badge").textContent()).toBe("LIVE");
      expect(await arsenal.locator(".my-teams__match a").getAttribute("href")).toBe(
        "/premier-league-predictions/arsenal-vs-sunderland-prediction",
      );
      await expectWithinWidth(page, ".my-teams__item", width);
      // On a phone the second club is cut at the edge of a sideways-scrolling row: a hint says so.
      const hint = strip.locator(".my-teams__hint");
      if (width === 390) {
        expect(await strip.locator(".my-teams__list").evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(
          true,
        );
        expect(await hint.isVisible()).toBe(true);
        expect(await hint.textContent()).toBe("2 clubs · swipe for more →");
      } else {
        expect(await hint.isVisible()).toBe(false);
      }
      expect(describeViolations(await seriousAxeViolations(page))).toBe("");

      // Each item links to the club's page.
      await arsenal.getByRole("link", { name: "Arsenal" }).click();
      await page.waitForURL(site.url + TEAM);
      // A client-side navigation: the address changes before the page does.
      await expect.poll(() => page.locator("h1").textContent()).toBe("Arsenal");

      expect(problems).toEqual([]);
      expect(cookies).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      await context.close();
    });
  }

  it("answers a first press at once, before the list's code has loaded, and a second press when the code arrives", async () => {
    const { context } = await profile(1280);
    const page = await context.newPage();
    const problems = collectConsoleProblems(page);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/build\/_shared\/my-team-star-presses-\w+\.js$/, async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    await page.goto(site.url + TEAM_LIST);
    const chelsea = page.getByRole("button", { name: "Add Chelsea to My Teams" });
    const arsenal = page.getByRole("button", { name: "Add Arsenal to My Teams" });
    await expect.poll(() => chelsea.isVisible()).toBe(true);
    // Nothing stored: the page's first load has not asked for the list's code.
    expect(asked).toBe(0);

    await chelsea.click();
    expect(await chelsea.getAttribute("aria-pressed")).toBe("true");
    expect(await storedTeams(page)).toEqual([CHELSEA]);
    await expect.poll(() => asked).toBe(1);

    // A list is stored now: this press waits for the code, which applies the full rules.
    await arsenal.click();
    expect(await arsenal.getAttribute("aria-pressed")).toBe("false");
    expect(await storedTeams(page)).toEqual([CHELSEA]);
    release();
    await expect.poll(() => arsenal.getAttribute("aria-pressed")).toBe("true");
    expect(await storedTeams(page)).toEqual([CHELSEA, ARSENAL]);
    expect(await chelsea.getAttribute("aria-pressed")).toBe("true");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("serves the same cached home page with and without favourites", async () => {
    const visit = async (stored?: MyTeam[]) => {
      const { context } = await profile(1280, stored);
      const page = await context.newPage();
      const response = await page.goto(site.url + "/");
      const html = await response!.text();
      const cache = /cache;desc=(\w+)/.exec((await response!.allHeaders())["server-timing"] ?? "")?.[1];
      await page.waitForLoadState("networkidle");
      expect(await page.locator("section.my-teams").count()).toBe(stored ? 1 : 0);
      await context.close();
      return { html, cache };
    };
    const { before, probed, after } = await visitsBetweenTicks(
      () => visit(),
      () => visit([ARSENAL]),
      (a, b) => a.html === b.html,
    );
    expect(after.html, "the home page changed between every pair of visits").toBe(before.html);
    expect(probed.html).toBe(before.html);
    expect(probed.cache).toBe("hit");
  });

  it("shows no strip at all without favourites, nor for a list that holds none", async () => {
    for (const stored of [undefined, [] as MyTeam[], [{ id: "x" }] as unknown as MyTeam[]]) {
      const { context } = await profile(390, stored);
      const { page, problems } = await open(context, "/");
      expect(await page.locator("section.my-teams, .my-teams__list").count()).toBe(0);
      expect(await page.getByText("My Teams").count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it(`holds at most ${MY_TEAMS_LIMIT} clubs, and says so`, async () => {
    const full = Array.from({ length: MY_TEAMS_LIMIT }, (_, i) => ({
      id: 900_000 + i,
      name: `Club ${i}`,
      url: `/premier-league/teams/club-${i}`,
    }));
    const { context } = await profile(1280, full);
    const { page } = await open(context, TEAM);
    const star = page.getByRole("button", { name: "Add Arsenal to My Teams" });
    await expect.poll(() => star.isVisible()).toBe(true);
    await star.click();
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => page.getByText(MY_TEAMS_FULL_MESSAGE).count()).toBe(1);
    expect((await storedTeams(page)).map((t) => t.id)).toEqual(full.map((t) => t.id));
    await context.close();
  });
});
