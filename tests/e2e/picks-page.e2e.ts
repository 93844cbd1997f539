/**
 * /picks on the running site in Chromium with a Sunday parlay over the fixture seasons (the
 * default replay moment: Saturday 7 February 2026, 15:50): the legs settled from their matches'
 * final scores and marked as the editors' selection, and the top-10 API's league marks.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeDataset } from "@shared/content/local-source";
import type { ContentDocument } from "@shared/content/source";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { launchChromium, openPage, startSite, waitForPage, type RunningSite } from "./support/site";

const root = path.resolve(import.meta.dirname, "../..");
const contentDirectory = mkdtempSync(path.join(tmpdir(), "e2e-picks-content-"));
const contentFile = path.join(contentDirectory, "dataset.ndjson");
let site: RunningSite;
let browser: Browser;

const leg = (
  key: string,
  league: string,
  homeTeam: string,
  awayTeam: string,
  selection: string,
  predictedScore: string,
) => ({
  _key: key,
  _type: "parlayLeg",
  league,
  homeTeam,
  awayTeam,
  selection,
  predictedScore,
  confidence: 68,
});

/** The editors' parlay of the weekend: three matches over, one live, one to come. */
const weekendParlay: ContentDocument = {
  _id: "sundayParlay",
  _type: "sundayParlay",
  _rev: "weekend-1",
  title: "Sunday 5-Team Cross-League Parlay",
  lastUpdated: "2026-02-05",
  legs: [
    // United won 2-0, and the algorithm's locked pick on the match page is United to win.
    leg("l1", "premier-league", "manchester-united", "tottenham-hotspur", "Tottenham Hotspur to Win", "1-2"),
    leg("l2", "premier-league", "chelsea", "arsenal", "Draw", "1-1"),
    leg("l3", "bundesliga", "sc-freiburg", "hamburger-sv", "Freiburg to Win", "2-0"),
    leg("l4", "premier-league", "arsenal", "sunderland", "Arsenal to Win", "2-0"),
    leg("l5", "premier-league", "newcastle-united", "brentford", "Newcastle United to Win", "2-1"),
  ],
};

beforeAll(async () => {
  const seeded = readFileSync(path.join(root, "content/dataset.ndjson"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ContentDocument)
    .filter((document) => document._type !== "sundayParlay");
  writeFileSync(contentFile, serializeDataset([...seeded, weekendParlay]));
  site = await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, LOCAL_CONTENT_FILE: contentFile });
  browser = await launchChromium();
  // The worker fills the database in the background after start.
  await waitForPage(
    site,
    "/picks",
    (html) => html.includes("Final Score 2-0") && html.includes("Add to Parlay Builder"),
    "settled legs",
    120_000,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(contentDirectory, { recursive: true, force: true });
});

describe("the Sunday parlay on /picks", () => {
  it("says the legs are the editors' selection and shows HIT or MISS from each finished match's final score", async () => {
    const { page, problems } = await openPage(browser, site.url + "/picks");
    const section = page.locator("section[aria-labelledby=sunday-parlay-title]");
    expect(await section.locator(".parlay-legs__note").textContent()).toContain(
      "Editors' selection. Our editors chose these five legs; a leg's selection can differ from the algorithm's best pick on its match page.",
    );
    const legs = section.locator(".parlay-leg");
    expect(await legs.count()).toBe(5);
    const selectionOf = (index: number) =>
      legs
        .nth(index)
        .locator("dt", { hasText: "Editors' selection" })
        .locator("xpath=following-sibling::dd[1]")
        .textContent();
    expect(await selectionOf(0)).toBe("Tottenham Hotspur to Win");

    const results = await legs.evaluateAll((items) =>
      items.map((item) => [
        item.querySelector(".parlay-leg__match")?.textContent,
        item.querySelector(".parlay-leg__result span")?.textContent ?? null,
        item.querySelector(".outcome")?.textContent ?? null,
      ]),
    );
    expect(results).toEqual([
      ["Manchester United vs Tottenham Hotspur", "Final Score 2-0", "✗ MISS"],
      ["Chelsea vs Arsenal", "Final Score 1-1", "✓ HIT"],
      ["SC Freiburg vs Hamburger SV", "Final Score 1-0", "✓ HIT"],
      // Live and still to come: no result yet.
      ["Arsenal vs Sunderland", null, null],
      ["Newcastle United vs Brentford", null, null],
    ]);

    // The first leg's match page shows the algorithm's pick, which is not the editors' selection;
    // both agree on the final score.
    const link = legs.first().getByRole("link");
    expect(await link.getAttribute("href")).toBe(
      "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction",
    );
    await link.click();
    await page.waitForURL(/manchester-united-vs-tottenham-hotspur-prediction$/);
    await page.locator("h1").waitFor();
    const pagePick = await page.locator(".match-hero .pick-box__pick").textContent();
    expect(pagePick).toBe("Manchester United to Win");
    expect(pagePick).not.toBe("Tottenham Hotspur to Win");
    expect(await page.locator(".match-hero__teams").textContent()).toContain("2 - 0");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("GET /api/picks/top10", () => {
  it("gives every pick its league's mark, an SVG the site serves for caches to keep", async () => {
    const body = (await (await fetch(`${site.url}/api/picks/top10`)).json()) as {
      picks: { leagueKey: string; leagueBadgePath: string }[];
    };
    expect(body.picks.length).toBeGreaterThan(0);
    const leagues = new Set(body.picks.map((pick) => pick.leagueKey));
    expect(leagues.size).toBeGreaterThan(1);
    for (const pick of body.picks) expect(pick.leagueBadgePath).toBe(`/badges/leagues/${pick.leagueKey}.svg?v=1`);

    for (const league of leagues) {
      const badge = body.picks.find((pick) => pick.leagueKey === league)!.leagueBadgePath;
      const response = await fetch(site.url + badge);
      expect(response.status, badge).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    // A document the browser reads as an image (it also asks for /favicon.ico, hence no console check).
    const { page, status } = await openPage(browser, `${site.url}/badges/leagues/premier-league.svg?v=1`);
    expect(status).toBe(200);
    expect(await page.locator("svg title").textContent()).toBe("Premier League");
    await page.close();
    expect((await fetch(`${site.url}/badges/leagues/mls.svg?v=1`)).status).toBe(404);
  });
});
