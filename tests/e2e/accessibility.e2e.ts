import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_SEASONS_DIR } from "../../sync-worker/test-support/csv-origin";
import { describeViolations, seriousAxeViolations } from "./support/axe";
import { launchChromium, openPage, startSite, waitForPage, type RunningSite } from "./support/site";

let site: RunningSite;
let browser: Browser;

/** One page of each page type, at its canonical path, as the embedded default serves it. */
const PAGE_TYPES: ReadonlyArray<readonly [string, string]> = [
  ["home", "/"],
  ["league", "/premier-league-predictions"],
  ["finished match", "/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction"],
  ["live match", "/premier-league-predictions/arsenal-vs-sunderland-prediction"],
  ["picks", "/picks"],
  ["league picks", "/picks/epl"],
  ["results", "/algo-results"],
  ["about", "/about"],
  ["terms", "/terms"],
  ["privacy", "/privacy"],
  ["responsible gambling", "/responsible-gambling"],
  ["team list", "/premier-league/teams"],
  ["team", "/premier-league/teams/arsenal"],
  ["squad", "/premier-league/teams/arsenal/players"],
  ["social card", "/preview"],
  ["API description", "/api"],
  ["not found", "/no-such-page"],
];

beforeAll(async () => {
  site = await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR });
  browser = await launchChromium();
  await waitForPage(site, "/premier-league-predictions", (html) => html.includes("Arsenal to Win"), "matches");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("axe-core finds no serious or critical violations", () => {
  for (const width of [1280, 390]) {
    for (const [name, path] of PAGE_TYPES) {
      it(`on the ${name} page at ${width} px`, async () => {
        const { page, problems } = await openPage(browser, site.url + path, { width, height: 900 });
        try {
          const violations = await seriousAxeViolations(page);
          expect(describeViolations(violations)).toBe("");
          expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }
});
