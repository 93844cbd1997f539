import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localContentSource } from "@shared/content/local-source";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { ALL_LEAGUES } from "@shared/domain/leagues";
import { teamsInLeague } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { fixturesAndOddsJob } from "@sync-worker/jobs/fixtures-and-odds";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { PUBLIC_PAGE_CACHE } from "~/cache-control";
import type { AppContext } from "~/load-context";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { getSitemapEntries, sitemapXml } from "./sitemap.server";
import { contentRouteContext } from "~/test-context";
import { createOperatorServices } from "@sync-worker/operations";

const ORIGIN = "https://firstkickpicks.example";
const DATASET = path.resolve(import.meta.dirname, "../../../../content/dataset.ndjson");

/** Each <url> of a sitemap as its loc and lastmod. */
function urls(xml: string): Map<string, string | null> {
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
  return new Map(entries.map((m) => [m[1], m[2] ?? null]));
}

describe("sitemapXml", () => {
  it("writes absolute, escaped locations and lastmod to the second", () => {
    const xml = sitemapXml(ORIGIN, [
      { path: "/", lastModified: new Date("2026-02-07T15:50:12.345Z") },
      { path: "/teams/a&b", lastModified: null },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "  <url><loc>https://firstkickpicks.example/</loc><lastmod>2026-02-07T15:50:12Z</lastmod></url>",
        "  <url><loc>https://firstkickpicks.example/teams/a&amp;b</loc></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});

describe("robots.txt", () => {
  it("allows every page, keeps crawlers out of the API, internal pages, /preview and the decoy paths, and names the sitemap", async () => {
    const context = contentRouteContext({ SITE_URL: ORIGIN }, localContentSource(DATASET)) as AppContext;
    const response = robotsLoader({ request: new Request(`${ORIGIN}/robots.txt`), context, params: {} });
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    expect(await response.text()).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /test-api",
        "Disallow: /api-status",
        "Disallow: /preview",
        "Disallow: /admin",
        "Disallow: /wp-admin",
        "Disallow: /administrator/login",
        "",
        "Sitemap: https://firstkickpicks.example/sitemap.xml",
        "",
      ].join("\n"),
    );
  });
});

describe.each(testDatabases())("the sitemap on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let context: AppContext;

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db);
    for (const job of [referenceDataJob, backfillJob, fixturesAndOddsJob]) {
      expect((await worker.run(job)).status).toBe("ok");
    }
    const routeContext = contentRouteContext({ SITE_URL: ORIGIN }, localContentSource(DATASET));
    context = {
      ...routeContext,
      db,
      clock: worker.clock,
      operations: createOperatorServices({ env: routeContext.env, db, clock: worker.clock }),
    };
  });
  afterAll(() => testDb.dispose());

  it("answers /sitemap.xml as XML, cached like the other public pages", async () => {
    const response = await sitemapLoader({ request: new Request(`${ORIGIN}/sitemap.xml`), context, params: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
    const body = await response.text();
    expect(
      body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(
      urls(body).has(`${ORIGIN}/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction`),
    ).toBe(true);
  });

  it("lists the home, picks, results and static pages, the legal ones dated", async () => {
    const listed = urls(sitemapXml(ORIGIN, await getSitemapEntries(context)));
    for (const page of [
      "/",
      "/picks",
      "/picks/epl",
      "/picks/laliga",
      "/picks/bundesliga",
      "/picks/seriea",
      "/picks/ligue1",
      "/algo-results",
      "/today",
      "/about",
    ]) {
      expect(listed.has(`${ORIGIN}${page}`), page).toBe(true);
    }
    for (const page of ["/terms", "/privacy", "/responsible-gambling"]) {
      expect(listed.get(`${ORIGIN}${page}`), page).toBe("2025-08-09T00:00:00Z");
    }
    // Stored matches changed: the pages showing them say when.
    expect(listed.get(`${ORIGIN}/`)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(listed.get(`${ORIGIN}/picks/epl`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // No La Liga match is stored: nothing to date its pages by.
    expect(listed.get(`${ORIGIN}/picks/laliga`)).toBeNull();
  });

  it("lists every league page, team list and team page of the season's clubs", async () => {
    const listed = urls(sitemapXml(ORIGIN, await getSitemapEntries(context)));
    for (const league of ["premier-league", "la-liga", "bundesliga", "serie-a", "ligue-1"]) {
      expect(listed.has(`${ORIGIN}/${league}-predictions`), league).toBe(true);
      expect(listed.has(`${ORIGIN}/${league}/teams`), league).toBe(true);
    }
    const teamPages = [...listed.keys()].filter((loc) => /\/teams\/[^/]+$/.test(loc));
    const clubs = ALL_LEAGUES.reduce((sum, league) => sum + teamsInLeague(league.key, "2526").length, 0);
    expect(clubs).toBe(20 + 20 + 18 + 20 + 18);
    expect(teamPages).toHaveLength(clubs);
    expect(listed.get(`${ORIGIN}/premier-league/teams/arsenal`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(listed.has(`${ORIGIN}/ligue-1/teams/monaco`)).toBe(true);
    expect(listed.get(`${ORIGIN}/la-liga/teams/barcelona`)).toBeNull();
  });

  it("lists every matchweek page of each league's season at its canonical URL", async () => {
    const listed = urls(sitemapXml(ORIGIN, await getSitemapEntries(context)));
    const weekPages = [...listed.keys()].filter((loc) => /\/matchweek-\d+$/.test(loc));
    expect(weekPages).toHaveLength(38 + 38 + 34 + 38 + 34);
    expect(listed.has(`${ORIGIN}/premier-league-predictions/matchweek-1`)).toBe(true);
    expect(listed.has(`${ORIGIN}/premier-league-predictions/matchweek-38`)).toBe(true);
    expect(listed.has(`${ORIGIN}/bundesliga-predictions/matchweek-34`)).toBe(true);
    expect(listed.has(`${ORIGIN}/bundesliga-predictions/matchweek-35`)).toBe(false);
    expect(listed.get(`${ORIGIN}/premier-league-predictions/matchweek-25`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("lists the match pages of this matchweek and the next ones at their canonical URL, not last week's", async () => {
    const entries = await getSitemapEntries(context);
    const matchPages = entries.filter((entry) => entry.path.endsWith("-prediction")).map((entry) => entry.path);
    expect(matchPages).toContain("/premier-league-predictions/manchester-united-vs-tottenham-hotspur-prediction");
    expect(matchPages).toContain("/premier-league-predictions/arsenal-vs-everton-prediction");
    expect(matchPages).not.toContain("/premier-league-predictions/chelsea-vs-arsenal-prediction");
    expect(
      entries.find((entry) => entry.path.endsWith("manchester-united-vs-tottenham-hotspur-prediction"))?.lastModified,
    ).toBeInstanceOf(Date);
    expect(new Set(entries.map((entry) => entry.path)).size).toBe(entries.length);
  });
});
