import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { ODDS_CHECK_MODEL_KEY, ODDS_CHECK_VERSION, type OddsCheckPayload } from "@shared/model/odds-check";
import { reliabilityBins } from "@shared/model/reliability";
import { jobDbOf } from "@sync-worker/jobs/job-db";
import { storeReadModel } from "@sync-worker/store/read-models";
import { readAlgoResultsPage } from "./algo-results-page.server";
import { AlgoResultsContent } from "./components/AlgoResultsContent";
import { ODDS_CHECK_PENDING_TEXT, ODDS_CHECK_TITLE, OddsCheckSection } from "./components/OddsCheckSection";
import { oddsCheckSchema } from "~/api/resources/odds-check.schema";
import type { AppContext } from "~/load-context";
import { getOddsCheck } from "./odds-check.server";
import { loader as apiLoader } from "~/routes/api.algo-performance.odds-check";
import { renderServerHtml } from "~/server-markup.server";

const SAMPLE_ODDS_CHECK: OddsCheckPayload = {
  version: ODDS_CHECK_VERSION,
  ranAt: "2026-02-07T04:30:00.000Z",
  outlook: {
    seasons: ["1617", "1718", "2425"],
    checkpoints: [10, 19, 28],
    leagueSeasons: 44,
    forecasts: 132,
    teamForecasts: 2574,
    simulations: 2000,
    metrics: [
      {
        key: "title",
        label: "Title",
        ours: 0.0148,
        baseline: 0.019,
        improvement: 1 - 0.0148 / 0.019,
        target: 0.2,
        met: true,
        reliability: reliabilityBins([]),
      },
      {
        key: "championsLeague",
        label: "Champions League places",
        ours: 0.0433,
        baseline: 0.0562,
        improvement: 1 - 0.0433 / 0.0562,
        target: 0.2,
        met: true,
        reliability: reliabilityBins([]),
      },
      {
        key: "relegation",
        label: "Relegation",
        ours: 0.057,
        baseline: 0.0644,
        improvement: 1 - 0.057 / 0.0644,
        target: 0.2,
        met: false,
        reliability: reliabilityBins([]),
      },
    ],
    elapsedMs: 17_000,
  },
  live: {
    seasons: ["2324", "2425", "2526"],
    matches: 4321,
    rps: { ours: 0.1432, preMatch: 0.1931, leaderRule: 0.2512 },
    ece: 0.0123,
    eceTarget: 0.02,
    met: true,
    reliability: reliabilityBins([]),
    elapsedMs: 90_000,
  },
  scoreline: {
    seasons: ["2324", "2425", "2526"],
    matches: 4102,
    logScore: { ours: 2.8912, baseline: 2.9137 },
    improvement: 1 - 2.8912 / 2.9137,
    oursHigher: 0.5312,
    elapsedMs: 1_200,
  },
  closingLine: {
    seasons: ["2324", "2425", "2526"],
    matches: 5210,
    byKind: [
      { kind: "best", picks: 5200, beatClose: 2704, beatCloseRate: 52, meanClv: -2.64 },
      { kind: "result", picks: 5210, beatClose: 2553, beatCloseRate: 49, meanClv: -3.1 },
      { kind: "over-under", picks: 5180, beatClose: 2590, beatCloseRate: 50, meanClv: 0.456 },
    ],
    byLeague: [{ league: "serie-a", picks: 1040, beatClose: 530, beatCloseRate: 50.96, meanClv: -2.5 }],
    elapsedMs: 300,
  },
};

describe.each(testDatabases())("the odds check on /algo-results on $driver", (testDb) => {
  let db: DbHandle;
  const render = async () =>
    renderServerHtml(createElement(AlgoResultsContent, { page: await readAlgoResultsPage({ db }) })).html ?? "";

  beforeAll(async () => {
    db = await testDb.open();
  });
  afterAll(() => testDb.dispose());

  it("says honestly that the check has not run before the worker stores one", async () => {
    expect(await getOddsCheck({ db })).toBeNull();
    const html = await render();
    expect(html).toContain(`<h2 id="odds-check-title">${ODDS_CHECK_TITLE}</h2>`);
    expect(html).toContain(ODDS_CHECK_PENDING_TEXT);
    expect(html).not.toContain('id="odds-check-outlook"');
  });

  it("shows the stored figures, run date and sample sizes with a plain-language line each", async () => {
    await storeReadModel(jobDbOf(db), ODDS_CHECK_MODEL_KEY, SAMPLE_ODDS_CHECK, "test");
    expect(await getOddsCheck({ db })).toEqual(SAMPLE_ODDS_CHECK);
    const html = (await render()).replace(/<!-- -->/g, "");
    expect(html).not.toContain(ODDS_CHECK_PENDING_TEXT);
    expect(html).toContain(
      "Replayed on 44 league seasons (2016-17 to 2024-25) from the table after matchweeks 10, 19, 28",
    );
    expect(html).toContain("2,574 club forecasts");
    expect(html).toContain(
      "Our title odds scored a Brier of 0.0148 against 0.0190 for a points-per-game baseline: 22% better.",
    );
    expect(html).toContain(
      "Our relegation odds scored a Brier of 0.0570 against 0.0644 for a points-per-game baseline: 11% better.",
    );
    expect(html).toMatch(
      /<tr data-metric="relegation"><th scope="row">Relegation<\/th><td>0\.0570<\/td><td>0\.0644<\/td><td>11% \(target missed\)<\/td><\/tr>/,
    );
    expect(html).toContain("4,321 matches of 2023-24 to 2025-26");
    expect(html).toContain(
      "At half-time our odds scored an RPS of 0.1432 against 0.1931 before kick-off (25% better) and 0.2512 for &quot;the half-time leader wins&quot;.",
    );
    expect(html).toContain(
      "off by 1.2 points on average (expected calibration error 0.0123; target at most 2 points: met)",
    );
    expect(html).toContain("4,102 matches of 2023-24 to 2025-26");
    expect(html).toContain(
      "Our chances of every final score scored a log score of 2.8912 against 2.9137 for independent Poisson goals fitted to the market&#x27;s prices: 0.77% better. Ours gave the actual score more probability in 53% of matches.",
    );
    expect(html).toMatch(
      /<tr data-forecast="market-poisson"><th scope="row">Independent Poisson goals fitted to the market<\/th><td>2\.9137<\/td><\/tr>/,
    );
    expect(html).toContain("5,210 matches of 2023-24 to 2025-26: each pick our model made a week ahead");
    expect(html).toMatch(
      /<tr data-kind="over-under"><th scope="row">Over\/Under 2\.5<\/th><td>5,180<\/td><td>50\.00%<\/td><td>\+0\.46%<\/td><\/tr>/,
    );
    expect(html).toMatch(
      /<tr data-league="serie-a"><th scope="row">Best pick, Serie A<\/th><td>1,040<\/td><td>50\.96%<\/td><td>−2\.50%<\/td><\/tr>/,
    );
    expect(html).toContain(
      "52.0% of our best picks were made at a better price than the close, with a mean closing-line value of −2.64%.",
    );
    expect(html).toContain('Latest check: <time dateTime="2026-02-07T04:30:00.000Z">February 7, 2026</time>');
  });

  it("serves the same figures as JSON at /api/algo-performance/odds-check, in the described shape", async () => {
    const response = await apiLoader({
      request: new Request("https://site.example/api/algo-performance/odds-check"),
      // The database and no preview session: all this endpoint's loader reads.
      context: { db, previewSessions: { isActive: async () => false } } as unknown as AppContext,
      params: {},
    });
    expect(response.status).toBe(200);
    const body = oddsCheckSchema.parse(await response.json());
    const { version: _version, ...figures } = SAMPLE_ODDS_CHECK;
    expect(body).toEqual(figures);
  });

  it("treats a stored payload of another version as not run yet", async () => {
    await storeReadModel(
      jobDbOf(db),
      ODDS_CHECK_MODEL_KEY,
      { ...SAMPLE_ODDS_CHECK, version: ODDS_CHECK_VERSION + 1 },
      "test",
    );
    expect(await getOddsCheck({ db })).toBeNull();
    expect(await render()).toContain(ODDS_CHECK_PENDING_TEXT);
  });
});

describe("the section's percentages", () => {
  it("never round a missed target up to it, nor a loss down", () => {
    const metric = SAMPLE_ODDS_CHECK.outlook!.metrics[2];
    const check: OddsCheckPayload = {
      ...SAMPLE_ODDS_CHECK,
      outlook: {
        ...SAMPLE_ODDS_CHECK.outlook!,
        metrics: [
          { ...metric, key: "title", label: "Title", improvement: 0.1996, met: false },
          { ...metric, key: "relegation", label: "Relegation", improvement: -0.1304, met: false },
        ],
      },
    };
    const html = (renderServerHtml(createElement(OddsCheckSection, { check })).html ?? "").replace(/<!-- -->/g, "");
    expect(html).toContain("<td>19% (target missed)</td>");
    expect(html).toContain("<td>−14% (target missed)</td>");
    expect(html).toContain(": 19% better.");
    expect(html).toContain(": 14% worse.");
  });
});
