import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localKickoffText } from "~/components/local-times/local-kickoff";
import { collectConsoleProblems, launchChromium, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const LEAGUE = "/premier-league-predictions";
const MATCH = "/premier-league-predictions/newcastle-united-vs-brentford-prediction";

const ZONES = [
  { zone: "America/New_York", name: "EST" },
  { zone: "Europe/Berlin", name: "CET" },
  { zone: "Asia/Tokyo", name: "GMT+9" },
];

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(
    site,
    LEAGUE,
    (html) => html.includes("Newcastle United") && html.includes(" UTC</time>"),
    "matches",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function kickoffTimes(page: Page): Promise<Array<{ iso: string; text: string; title: string | null }>> {
  return page.locator("time[datetime]").evaluateAll((times) =>
    times
      .filter((time) => /\d\d:\d\d /.test(time.textContent ?? ""))
      .map((time) => ({
        iso: time.getAttribute("datetime") ?? "",
        text: time.textContent ?? "",
        title: time.getAttribute("title"),
      })),
  );
}

async function expectLocalTimes(context: BrowserContext, path: string, zone: string, name: string) {
  const page = await context.newPage();
  const problems = collectConsoleProblems(page);
  await page.goto(site.url + path);
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () => ![...document.querySelectorAll("time[datetime]")].some((t) => t.textContent?.endsWith(" UTC")),
  );
  const times = await kickoffTimes(page);
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) {
    expect(time.text).toBe(localKickoffText(new Date(time.iso), zone));
    expect(time.text.endsWith(` ${name}`)).toBe(true);
    expect(time.title).toMatch(/^\w{3} \d{1,2} \w{3}, \d\d:\d\d UTC$/);
  }
  expect(problems).toEqual([]);
  await page.close();
  return times;
}

describe("kick-off times in the reader's time zone", () => {
  for (const { zone, name } of ZONES) {
    it(`rewrites the league page's and a match page's kick-offs for ${zone}`, async () => {
      const context = await browser.newContext({ timezoneId: zone, viewport: { width: 390, height: 800 } });
      await expectLocalTimes(context, LEAGUE, zone, name);
      await expectLocalTimes(context, MATCH, zone, name);
      await context.close();
    });
  }

  it("changes the day of a kick-off that crosses midnight", () => {
    expect(localKickoffText(new Date("2026-02-07T23:30:00Z"), "Europe/Berlin")).toBe("Sun 8 Feb, 00:30 CET");
    expect(localKickoffText(new Date("2026-02-07T20:00:00Z"), "Asia/Tokyo")).toBe("Sun 8 Feb, 05:00 GMT+9");
  });

  it("writes the league page's Tokyo kick-offs on the next day when they are past 15:00 UTC", async () => {
    const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
    const times = await expectLocalTimes(context, LEAGUE, "Asia/Tokyo", "GMT+9");
    const late = times.filter((time) => new Date(time.iso).getUTCHours() >= 15);
    expect(late.length).toBeGreaterThan(0);
    for (const time of late) expect(time.text.slice(0, 3)).not.toBe(time.title?.slice(0, 3));
    await context.close();
  });

  it("keeps the HTML as served in UTC, the same for every visitor", async () => {
    for (const path of [LEAGUE, MATCH]) {
      const html = await (await fetch(site.url + path)).text();
      // Server markup writes the attribute as React names it (dateTime); HTML ignores the case.
      expect(/<time datetime="[^"]+">\w{3} \d{1,2} \w{3}, \d\d:\d\d UTC<\/time>/i.test(html), path).toBe(true);
      expect(/ (CET|EST|GMT\+9)<\/time>/.test(html), path).toBe(false);
    }
  });
});
