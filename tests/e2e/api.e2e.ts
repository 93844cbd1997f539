import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveScoreSchema } from "~/api/resources/live.schema";
import { matchListSchema, matchRecordSchema } from "~/api/resources/matches.schema";
import { JSON_ANSWER_CSP } from "../../web/page-cache/answer-headers";
import { launchChromium, openPage, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  await waitForPage(
    site,
    "/api/matches/league/premier-league",
    (body) => body.includes("Manchester United to Win"),
    "predictions",
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the JSON API on the running site", () => {
  it("answers through the server with compressed JSON, ETags and the live score kept one polling interval by shared caches", async () => {
    const list = await fetch(`${site.url}/api/matches/league/premier-league`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get("Content-Encoding")).toBe("gzip");
    const matches = matchListSchema.parse(await list.json());
    const finished = matches.find((m) => m.homeTeam === "Manchester United")!;
    expect(finished).toMatchObject({
      finalScore: "2-0",
      confidenceLabel: "100%",
      bestPick: "Manchester United to Win",
    });

    const record = await fetch(`${site.url}/api/matches/${finished.id}`);
    expect(matchRecordSchema.parse(await record.json()).pickResults.best.outcome).toBe("hit");
    // The worker is still storing data in the background, so the record may change between two
    // requests: a 304 exactly when the body is unchanged, otherwise a 200 with a new ETag.
    let etag = record.headers.get("ETag")!;
    let notModified = false;
    for (let attempt = 0; attempt < 20 && !notModified; attempt++) {
      const again = await fetch(`${site.url}/api/matches/${finished.id}`, { headers: { "If-None-Match": etag } });
      if (again.status === 304) {
        expect(again.headers.get("ETag")).toBe(etag);
        expect(await again.text()).toBe("");
        notModified = true;
      } else {
        expect(again.status).toBe(200);
        expect(again.headers.get("ETag")).not.toBe(etag);
        etag = again.headers.get("ETag")!;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(notModified).toBe(true);

    const live = matches.find((m) => m.matchState === "live")!;
    const score = await fetch(`${site.url}${live.liveUrl}`);
    expect(score.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=15");
    expect(liveScoreSchema.parse(await score.json())).toMatchObject({ matchId: live.id, matchState: "live" });
  });

  it("sends JSON answers the security headers an API needs and none of those only a page uses", async () => {
    const documentOnly = ["x-frame-options", "cross-origin-opener-policy", "x-xss-protection", "origin-agent-cluster"];
    const page = await fetch(`${site.url}/`);
    for (const name of documentOnly) expect(page.headers.get(name), `page: ${name}`).not.toBeNull();
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);

    const matches = matchListSchema.parse(await (await fetch(`${site.url}/api/matches/league/premier-league`)).json());
    const live = matches.find((m) => m.matchState === "live")!;
    // From the cache, and rendered through the server's middleware (a request with Authorization
    // is one the cache may not answer): the same headers either way.
    const rendered = { authorization: "Bearer not-for-the-cache" };
    for (const [path, headers, outcome] of [
      ["/api/matches/league/premier-league", {}, /^(hit|miss|rerender)$/],
      [live.liveUrl, {}, /^(hit|miss|rerender)$/],
      [live.liveUrl, rendered, /^bypass$/],
      ["/api/matches/league/premier-league", rendered, /^bypass$/],
    ] as const) {
      const answer = await fetch(site.url + path, { headers });
      expect(answer.status, path).toBe(200);
      expect(/cache;desc=(\w+)/.exec(answer.headers.get("server-timing") ?? "")?.[1], path).toMatch(outcome);
      expect(answer.headers.get("content-security-policy"), path).toBe(JSON_ANSWER_CSP);
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(answer.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      for (const name of documentOnly) expect(answer.headers.get(name), `${path}: ${name}`).toBeNull();
    }
  });

  it("answers bad input with JSON 4xx", async () => {
    const cases: [string, RequestInit, number, unknown][] = [
      ["/api/standings/eredivisie", {}, 400, { error: "Unsupported league" }],
      ["/api/matches/99999999999", {}, 400, { error: "id must be a whole number from 1 to 2147483647" }],
      ["/api/matches/999999", {}, 404, { error: "Match not found" }],
      ["/api/matches", { method: "POST" }, 405, { error: "Use GET, HEAD." }],
      ["/api/no-such-endpoint", {}, 404, { error: "Not Found" }],
    ];
    for (const [path, init, status, body] of cases) {
      const response = await fetch(site.url + path, init);
      expect(response.status, path).toBe(status);
      expect(await response.json()).toEqual(body);
    }
  });

  it("shows the description as a page in Chromium at phone and desktop widths", async () => {
    for (const width of [390, 1280]) {
      const { page, problems, status } = await openPage(browser, `${site.url}/api`, { width, height: 900 });
      expect(status).toBe(200);
      expect(await page.locator("h1").textContent()).toBe("First Kick Picks API");
      expect(await page.locator("h2").allTextContents()).toContain("Match page blocks");
      expect(await page.locator(".op .path").allTextContents()).toContain("/api/live/{fixtureId}");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    }
    const json = await fetch(`${site.url}/api?format=json`);
    expect(await json.json()).toMatchObject({ openapi: "3.1.0" });
  });
});
