/**
 * The editors' desk against a local site: the real JSON API (Remix's handler over the real
 * routes, served over HTTP) on a database the worker filled from the CSV fixtures at the default
 * replay moment (Arsenal v Sunderland live, Newcastle v Brentford to come), and the Studio's own
 * code reading it: the fixture list and its template, the 'Model & data' numbers against the
 * site's, the lock at kick-off, the "Needs review" rules in validateDocument, and /api-status's list.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@shared/config/env";
import { createContent, type Content } from "@shared/content/content";
import { localContentSource, serializeDataset } from "@shared/content/local-source";
import type { ContentDocument } from "@shared/content/source";
import { startSanityApiServer, type SanityApiServer } from "@shared/content/test-sanity-api";
import type { DbHandle } from "@shared/db";
import { predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { lockPicksJob } from "@sync-worker/jobs/lock-picks";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { standingsJob } from "@sync-worker/jobs/standings";
import { testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import { apiRequestHandler } from "../web/app/api/remix-handler.test-support";
import { listPreviewsNeedingReview } from "../web/app/features/internal/needs-review.server";
import type { AppContext } from "../web/app/load-context";
import { createPreviewSessions } from "../web/app/features/content/preview.server";
import { JSDOM } from "jsdom";
import { createElement, type ReactElement } from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { percent, modelData } from "./components/model-data";
import { fixtureEntries, fixtureKeyOf, fixtureLock, fixtureTemplate, resolutionOnPublish } from "./desk";
import { STUDIO_API_VERSION } from "./environment";
import { fetchFixtureData, fetchFixtureList, siteNow, pointStudioAt, type EditorMatchRecord } from "./site-api";
import { fixtureEntryIcon, fixtureEntryTitle } from "./structure";
import { AddCircleIcon, CheckmarkCircleIcon, LockIcon } from "@sanity/icons";

/** test-studio gives `window` the timers Sanity's validation expects, which PGlite would read as a browser: loaded once the database is open. */
let validateWithApi: typeof import("./test-studio").validateWithApi;

const MODEL = "test-model-1";
const newcastleBrentford = {
  league: "premier-league",
  season: "2526",
  homeTeam: "newcastle-united",
  awayTeam: "brentford",
} as const;
const arsenalSunderland = {
  league: "premier-league",
  season: "2526",
  homeTeam: "arsenal",
  awayTeam: "sunderland",
} as const;
const NEWCASTLE_PREVIEW = "matchPreview-2526-premier-league-newcastle-united-vs-brentford";

/** A published preview that contradicts the model: Brentford at 24%, given 80%. */
const publishedNewcastle: ContentDocument = {
  _id: NEWCASTLE_PREVIEW,
  _type: "matchPreview",
  _rev: "1",
  ...newcastleBrentford,
  kickoff: "2026-02-07T17:30:00Z",
  bestPick: "Brentford to Win",
  confidence: 80,
  projectedScore: "1-2",
  result: "2",
  requiresReview: true,
  reviewReasons: ["The model gives “Brentford to Win” 24%, under 40%"],
};

const prediction = {
  modelVersion: MODEL,
  probHome: 0.52,
  probDraw: 0.24,
  probAway: 0.24,
  probOver25: 0.61,
  probBtts: 0.55,
  expectedGoalsHome: 1.8,
  expectedGoalsAway: 1.1,
  projectedHomeScore: 2,
  projectedAwayScore: 1,
  resultPick: "1" as const,
  overUnderPick: "Over 2.5 Goals",
  bttsPick: "YES" as const,
  bttsConfidence: 55,
  predictedAt: new Date("2026-02-07T09:00:00Z"),
};

function contentOf(docs: ContentDocument[]): Content {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "desk-content-")), "dataset.ndjson");
  writeFileSync(file, serializeDataset(docs));
  return createContent(localContentSource(file), { cache: { maxAgeMs: 0 } });
}

describe.each(testDatabases())("the editors' desk against a local site on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let context: AppContext;
  let site: Server;
  let sanity: SanityApiServer;
  const siteRequests: string[] = [];

  const getSiteJson = async <T>(url: string): Promise<T> => {
    const address = site.address() as AddressInfo;
    return (await (await fetch(`http://127.0.0.1:${address.port}${url}`)).json()) as T;
  };

  beforeAll(async () => {
    db = await testDb.open();
    const content = contentOf([publishedNewcastle]);
    worker = testWorker(db, { content });
    for (const job of [referenceDataJob, backfillJob, liveJob, standingsJob])
      expect((await worker.run(job)).status).toBe("ok");
    const fixtureId = async (home: string, away: string) =>
      (
        await db.execute<{ id: number }>(
          `select id from fixtures where home_team_id = ${getTeamBySlug(home)!.id} and away_team_id = ${getTeamBySlug(away)!.id} and season = '2526'`,
        )
      )[0].id;
    await db.db.insert(predictions).values([
      {
        ...prediction,
        fixtureId: await fixtureId("arsenal", "sunderland"),
        bestPick: "Arsenal to Win",
        confidence: 81.5,
      },
      {
        ...prediction,
        fixtureId: await fixtureId("newcastle-united", "brentford"),
        bestPick: "Newcastle United to Win",
        confidence: 52,
      },
    ]);
    expect((await worker.run(lockPicksJob)).status).toBe("ok");
    ({ validateWithApi } = await import("./test-studio"));

    const env = parseEnv({
      CLOCK: `replay:${worker.clock.now().toISOString()}`,
      SESSION_SECRET: "a-test-session-secret-of-32-chars",
    });
    context = { env, clock: worker.clock, db, content, previewSessions: createPreviewSessions(env) } as AppContext;
    const handle = await apiRequestHandler();
    site = createServer(async (req, res) => {
      siteRequests.push(req.url ?? "");
      const response = await handle(
        new Request(`http://localhost${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
        }),
        context,
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    pointStudioAt(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    sanity = await startSanityApiServer({
      apiVersion: STUDIO_API_VERSION,
      dataset: "test",
      documents: [publishedNewcastle],
      readToken: "studio-token",
      writeToken: "write",
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => site?.close(() => resolve()) ?? resolve());
    await sanity?.close();
    await testDb.dispose();
  });

  it("starts a new tab on the site's clock another tab learnt, before the tab's own first answer", async () => {
    // The browser's storage, shared by the Studio's tabs; Node has none.
    const kept = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    });
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    try {
      pointStudioAt(url);
      await fetchFixtureList("premier-league");
      // A new tab: nothing read from the site yet, and already on its replayed clock (a form's
      // lock at kick-off is decided at its first render).
      const requests = siteRequests.length;
      pointStudioAt(url);
      expect(Math.abs(siteNow().getTime() - worker.clock.now().getTime())).toBeLessThan(5_000);
      expect(siteRequests.length).toBe(requests);
      // Another site's offset is not this one's.
      pointStudioAt("http://127.0.0.1:9/");
      expect(Math.abs(siteNow().getTime() - Date.now())).toBeLessThan(1_000);
    } finally {
      vi.unstubAllGlobals();
      pointStudioAt(url);
    }
  });

  describe("the fixture list and its template", () => {
    it("lists this week's and next week's fixtures with each one's preview status, from the site's JSON API", async () => {
      const list = (await fetchFixtureList("premier-league"))!;
      expect(siteRequests).toContain("/api/editor/fixtures/premier-league");
      // The site runs a replay: the Studio keeps its clock.
      expect(Math.abs(siteNow().getTime() - worker.clock.now().getTime())).toBeLessThan(5_000);
      const stored = [
        { _id: NEWCASTLE_PREVIEW, season: "2526", homeTeam: "newcastle-united", awayTeam: "brentford" },
        // A draft created from the "new document" menu, with a random id.
        { _id: "drafts.5f0c2a", season: "2526", homeTeam: "arsenal", awayTeam: "sunderland" },
      ];
      const entries = fixtureEntries(list.fixtures, stored);
      expect(entries.length).toBe(list.fixtures.length);
      expect(entries.length).toBeGreaterThanOrEqual(3);
      const newcastle = entries.find((entry) => entry.fixture.homeTeam.slug === "newcastle-united")!;
      expect(newcastle).toMatchObject({ status: "published", hasDraft: false, documentId: NEWCASTLE_PREVIEW });
      expect(fixtureEntryTitle(newcastle)).toBe("Newcastle v Brentford · Sat 7 Feb 17:30 · Published");
      const arsenal = entries.find((entry) => entry.fixture.homeTeam.slug === "arsenal")!;
      // A fixture that already has a preview opens that one.
      expect(arsenal).toMatchObject({ status: "draft", documentId: "5f0c2a" });
      expect(fixtureEntryTitle(arsenal)).toBe("Arsenal v Sunderland · Sat 7 Feb 15:00 · Locked, draft");
      expect(fixtureEntryIcon(newcastle)).toBe(CheckmarkCircleIcon);
      expect(fixtureEntryIcon(arsenal)).toBe(LockIcon);
      const next = entries.filter((entry) => entry.status === "none" && entry.fixture.kickoffAt >= "2026-02-09");
      expect(next.length).toBeGreaterThan(0);
      const fresh = next[0];
      expect(fixtureEntryTitle(fresh)).toMatch(/^.+ v .+ · \w{3} \d+ Feb \d\d:\d\d · No preview$/);
      expect(fixtureEntryIcon(fresh)).toBe(AddCircleIcon);
      expect(fresh.documentId).toBe(
        `matchPreview-2526-premier-league-${fresh.fixture.homeTeam.slug}-vs-${fresh.fixture.awayTeam.slug}`,
      );
      // The template pre-fills league, season, clubs, kick-off and the fixture's key.
      const value = await (fixtureTemplate.value as (p: unknown) => unknown)(fresh.template);
      expect(value).toEqual({
        league: "premier-league",
        season: "2526",
        homeTeam: fresh.fixture.homeTeam.slug,
        awayTeam: fresh.fixture.awayTeam.slug,
        kickoff: fresh.fixture.kickoffAt,
        matchId: `premier-league/${fresh.fixture.homeTeam.slug}-vs-${fresh.fixture.awayTeam.slug}`,
      });
      expect(fixtureKeyOf(value)).toEqual({
        league: "premier-league",
        season: "2526",
        homeTeam: fresh.fixture.homeTeam.slug,
        awayTeam: fresh.fixture.awayTeam.slug,
      });
    });

    it("a preview opened from a fixture passes validation with its pre-filled fields", async () => {
      const list = (await fetchFixtureList("premier-league"))!;
      const fresh = fixtureEntries(list.fixtures, []).find((entry) => entry.fixture.kickoffAt >= "2026-02-09")!;
      const value = (await (fixtureTemplate.value as (p: unknown) => unknown)(fresh.template)) as Record<
        string,
        unknown
      >;
      const markers = await validateWithApi(sanity.apiHost)({
        _id: `drafts.${fresh.documentId}`,
        _type: "matchPreview",
        ...value,
      });
      expect(markers.filter((marker) => marker.level === "error")).toEqual([]);
    });
  });

  describe("'Model & data'", () => {
    it("shows the site's own numbers for the fixture", async () => {
      const data = (await fetchFixtureData(newcastleBrentford))!;
      const record = await getSiteJson<EditorMatchRecord>("/api/match/premier-league/newcastle-united-vs-brentford");
      const view = modelData({ ...publishedNewcastle }, data);
      expect(view.probabilities).toEqual([
        { label: "1 · Newcastle United", value: percent(record.probabilities!.home) },
        { label: "X · Draw", value: percent(record.probabilities!.draw) },
        { label: "2 · Brentford", value: percent(record.probabilities!.away) },
        { label: "Over 2.5 goals", value: percent(record.probabilities!.over25) },
        { label: "Both teams to score", value: percent(record.probabilities!.btts) },
      ]);
      expect(view.probabilities.map((fact) => fact.value)).toEqual(["52.0%", "24.0%", "24.0%", "61.0%", "55.0%"]);
      expect(view.goals).toEqual([
        { label: "Expected goals Newcastle United", value: "1.80" },
        { label: "Expected goals Brentford", value: "1.10" },
        { label: "Projected score", value: "2-1" },
      ]);
      expect(view.bestPick).toEqual([
        { label: "Algorithm's best pick", value: "Newcastle United to Win" },
        { label: "Model probability", value: "52.0%" },
        { label: "Algorithm's confidence", value: "52%" },
      ]);
      expect(view.odds[0]).toEqual({
        market: "1 · Newcastle United",
        price: record.odds!.home!.toFixed(2),
        fair: percent(data.fairOdds!.home),
      });
      expect(view.form[0]).toMatchObject({ team: "Newcastle United", letters: record.homeForm });
      expect(view.form[0].matches).toHaveLength(record.form.home.length);
      expect(view.headToHead).toHaveLength(record.h2h.length);
      expect(
        view.table
          .filter((row) => row.highlighted)
          .map((row) => row.team)
          .sort(),
      ).toEqual(["Brentford", "Newcastle United"]);
      // On the site now: the published preview.
      expect(view.site.now).toEqual([
        { label: "Best pick", value: record.bestPick },
        { label: "Confidence", value: record.confidenceLabel },
        { label: "Score", value: record.projectedScore },
        { label: "From", value: "editorial" },
      ]);
      expect(record.bestPick).toBe("Brentford to Win");
    });

    it("what the site will show once a draft is published is what it shows after publishing", async () => {
      const draft = {
        ...publishedNewcastle,
        _id: `drafts.${NEWCASTLE_PREVIEW}`,
        bestPick: "Draw",
        confidence: 40,
        projectedScore: "1-1",
        result: "X",
      };
      const data = (await fetchFixtureData(newcastleBrentford))!;
      const expected = resolutionOnPublish(draft, data);
      expect(expected).toMatchObject({ bestPick: "Draw", confidenceLabel: "40%", score: "1-1", source: "editorial" });
      // Publish it on the site's content and read the site's answer again.
      const before = context.content;
      context.content = contentOf([{ ...draft, _id: NEWCASTLE_PREVIEW }]);
      try {
        const record = await getSiteJson<EditorMatchRecord & { pickSource: string }>(
          "/api/match/premier-league/newcastle-united-vs-brentford",
        );
        expect({
          bestPick: record.bestPick,
          confidenceLabel: record.confidenceLabel,
          score: record.projectedScore,
          source: record.resolutionSource,
        }).toEqual({
          bestPick: expected.bestPick,
          confidenceLabel: expected.confidenceLabel,
          score: expected.score,
          source: expected.source,
        });
        // Without a pick of its own the draft falls through to the algorithm's, as the site does.
        context.content = contentOf([
          { ...publishedNewcastle, bestPick: null, confidence: null, projectedScore: null, result: null },
        ]);
        const fallthrough = resolutionOnPublish(
          { ...draft, bestPick: null, confidence: null, projectedScore: null, result: null },
          data,
        );
        const algorithmRecord = await getSiteJson<EditorMatchRecord>(
          "/api/match/premier-league/newcastle-united-vs-brentford",
        );
        expect([fallthrough.bestPick, fallthrough.confidenceLabel, fallthrough.score]).toEqual([
          algorithmRecord.bestPick,
          algorithmRecord.confidenceLabel,
          algorithmRecord.projectedScore,
        ]);
      } finally {
        context.content = before;
      }
    });
  });

  describe("locked at kick-off", () => {
    it("locks a preview whose fixture kicked off by the site's clock, naming the pick on record", async () => {
      const live = (await fetchFixtureData(arsenalSunderland))!;
      const document = {
        _id: "drafts.5f0c2a",
        _type: "matchPreview",
        ...arsenalSunderland,
        kickoff: "2026-02-07T15:00:00Z",
        bestPick: "Draw",
      };
      expect(fixtureLock(document, live, siteNow())).toEqual({
        locked: true,
        reason:
          "Locked at kick-off: the pick on record is Arsenal to Win (81.5%, the algorithm's). A change now would not reach the site or the track record.",
      });
      const upcoming = (await fetchFixtureData(newcastleBrentford))!;
      expect(fixtureLock(publishedNewcastle, upcoming, siteNow())).toEqual({ locked: false, reason: null });
      // Without the site's answer, the document's kick-off against the site's clock.
      expect(fixtureLock(document, null, siteNow()).locked).toBe(true);
      expect(fixtureLock(publishedNewcastle, null, siteNow()).locked).toBe(false);
      expect(modelData(document, live).locked).toBe("Arsenal to Win (81.5%, the algorithm's)");
    });
  });

  describe("Needs review", () => {
    const validate = () => validateWithApi(sanity.apiHost);
    /** The warnings, each with the field it is shown on. */
    const warnings = async (document: Record<string, unknown>) =>
      (await validate()(document))
        .filter((marker) => marker.level === "warning")
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- these markers sit on top-level fields: every path segment is a field name (a string)
        .map((marker) => ({ field: marker.path.join("."), message: marker.message }));
    const draft = (fields: Record<string, unknown>) => ({
      _id: `drafts.${NEWCASTLE_PREVIEW}`,
      _type: "matchPreview",
      ...newcastleBrentford,
      kickoff: "2026-02-07T17:30:00Z",
      ...fields,
    });

    it("warns, without an error, on each rule, on the field it is about, with the site's numbers for the fixture", async () => {
      expect(
        await warnings(
          draft({ bestPick: "Newcastle United to Win", confidence: 60, result: "1", projectedScore: "2-0" }),
        ),
      ).toEqual([]);
      expect(
        await warnings(draft({ bestPick: "Brentford to Win", confidence: 30, result: "2", projectedScore: "0-1" })),
      ).toEqual([{ field: "bestPick", message: "Needs review: The model gives “Brentford to Win” 24%, under 40%" }]);
      expect(
        await warnings(
          draft({ bestPick: "Newcastle United to Win", confidence: 75, result: "1", projectedScore: "2-0" }),
        ),
      ).toEqual([
        {
          field: "confidence",
          message:
            "Needs review: The confidence of 75% is 23 points from the model's 52% for “Newcastle United to Win” (more than 20 apart)",
        },
      ]);
      expect(
        await warnings(
          draft({ bestPick: "Newcastle United to Win", confidence: 55, result: "1", projectedScore: "1-1" }),
        ),
      ).toEqual([
        {
          field: "projectedScore",
          message: "Needs review: The projected score 1-1 is a draw, but the 1X2 pick is 1 (a home win)",
        },
      ]);
      const all = await validate()(
        draft({ bestPick: "Brentford to Win", confidence: 90, result: "1", projectedScore: "0-2" }),
      );
      expect(all.filter((marker) => marker.level === "error")).toEqual([]);
      expect(
        await warnings(draft({ bestPick: "Brentford to Win", confidence: 90, result: "1", projectedScore: "0-2" })),
      ).toEqual([
        { field: "bestPick", message: "Needs review: The model gives “Brentford to Win” 24%, under 40%" },
        {
          field: "confidence",
          message:
            "Needs review: The confidence of 90% is 66 points from the model's 24% for “Brentford to Win” (more than 20 apart)",
        },
        {
          field: "projectedScore",
          message: "Needs review: The projected score 0-2 is an away win, but the 1X2 pick is 1 (a home win)",
        },
        {
          field: "bestPick",
          message: "Needs review: The best pick “Brentford to Win” is an away win, but the 1X2 pick is 1 (a home win)",
        },
      ]);
    });

    it("says when the 1X2 pick on the site is the algorithm's, the editor having left it empty", async () => {
      // The algorithm's 1X2 pick for the fixture is 1 (Newcastle United) and its projected score 2-1.
      expect(
        await warnings(draft({ bestPick: "Newcastle United to Win", confidence: 55, projectedScore: "1-1" })),
      ).toEqual([
        {
          field: "projectedScore",
          message:
            "Needs review: The projected score 1-1 is a draw, but the 1X2 pick is left empty, so the site shows the algorithm's: 1 (a home win)",
        },
      ]);
      // A best pick naming the other club than the 1X2 pick the site would show.
      expect(await warnings(draft({ bestPick: "Brentford to Win", confidence: 30 }))).toEqual([
        { field: "bestPick", message: "Needs review: The model gives “Brentford to Win” 24%, under 40%" },
        {
          field: "bestPick",
          message:
            "Needs review: The best pick “Brentford to Win” is an away win, but the 1X2 pick is left empty, so the site shows the algorithm's: 1 (a home win)",
        },
      ]);
    });

    it("lists the flagged published previews for operators on /api-status", async () => {
      expect(await listPreviewsNeedingReview(context)).toEqual([
        {
          league: "Premier League",
          match: "Newcastle United vs Brentford",
          href: "/premier-league-predictions/newcastle-united-vs-brentford-prediction",
          kickoffAt: "2026-02-07T17:30:00.000Z",
          flagged: true,
          reasons: [
            "The model gives “Brentford to Win” 24%, under 40%",
            "The confidence of 80% is 56 points from the model's 24% for “Brentford to Win” (more than 20 apart)",
          ],
        },
      ]);
      const data = (await fetchFixtureData(newcastleBrentford))!;
      expect(data.review.map((reason) => reason.rule)).toEqual(["low-probability", "confidence-gap"]);
    });
  });

  describe("custom components in a DOM, with the Studio's theme", () => {
    /** Renders into a jsdom document (set as the global one while it runs) and returns the text once `until` shows. */
    async function renderText(element: ReactElement, until: string): Promise<{ text: string; html: string }> {
      const dom = new JSDOM("<!doctype html><html><body><div id=root></div></body></html>", {
        pretendToBeVisual: true,
      });
      const globals = globalThis as Record<string, unknown>;
      const saved = Object.fromEntries(
        ["window", "document", "navigator", "HTMLElement", "Node", "getComputedStyle", "IS_REACT_ACT_ENVIRONMENT"].map(
          (k) => [k, globals[k]],
        ),
      );
      Object.assign(globals, {
        window: dom.window,
        document: dom.window.document,
        HTMLElement: dom.window.HTMLElement,
        Node: dom.window.Node,
        getComputedStyle: dom.window.getComputedStyle.bind(dom.window),
        IS_REACT_ACT_ENVIRONMENT: true,
      });
      Object.defineProperty(globals, "navigator", { value: dom.window.navigator, configurable: true, writable: true });
      const { ThemeProvider, studioTheme } = await import("@sanity/ui");
      const container = dom.window.document.getElementById("root")!;
      const root = createRoot(container);
      try {
        await act(async () => root.render(createElement(ThemeProvider, { theme: studioTheme }, element)));
        for (let i = 0; i < 100 && !(container.textContent ?? "").includes(until); i++) {
          await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
        }
        return { text: container.textContent ?? "", html: container.innerHTML };
      } finally {
        await act(async () => root.unmount());
        for (const [key, value] of Object.entries(saved)) {
          if (key === "navigator") Object.defineProperty(globals, key, { value, configurable: true, writable: true });
          else globals[key] = value;
        }
      }
    }

    it("'Model & data' renders the site's numbers, the review and what publishing shows", async () => {
      const { ModelDataView } = await import("./components/ModelDataView");
      const draft = {
        ...publishedNewcastle,
        _id: `drafts.${NEWCASTLE_PREVIEW}`,
        bestPick: "Brentford to Win",
        confidence: 80,
      };
      const { text, html } = await renderText(
        createElement(ModelDataView, { document: { displayed: draft } }),
        "League table around them",
      );
      expect(text).toContain("Newcastle United vs Brentford");
      expect(text).toContain("Calibrated probabilities");
      expect(text).toContain("1 · Newcastle United52.0%");
      expect(text).toContain("Expected goals Newcastle United1.80");
      expect(text).toContain("Needs review");
      expect(text).toContain("The model gives “Brentford to Win” 24%, under 40%");
      expect(text).toContain("Once this draft is publishedBest pickBrentford to WinConfidence80%");
      expect(text).toContain("margin removed");
      // Rendered with the Studio's theme: @sanity/ui's styled components carry their classes.
      expect(html).toMatch(/class="[^"]*sc-/);
    });

    it("'Model & data' says so when the site has no such fixture", async () => {
      const { ModelDataView } = await import("./components/ModelDataView");
      const { text } = await renderText(
        createElement(ModelDataView, {
          document: {
            displayed: { ...publishedNewcastle, homeTeam: "brentford", awayTeam: "newcastle-united", season: "2627" },
          },
        }),
        "no such fixture",
      );
      expect(text).toContain("The site has no such fixture this season.");
    });

    it("a kicked-off preview's actions render disabled with the pick on record, and its badge says so", async () => {
      const { lockedAtKickoff, LockedBadge } = await import("./actions");
      const publish = Object.assign(() => ({ label: "Publish", onHandle: () => undefined }), {
        action: "publish" as const,
      });
      const locked = lockedAtKickoff(publish);
      const props = (document: Record<string, unknown>) =>
        ({ id: String(document._id), type: "matchPreview", draft: document, published: null }) as never;
      const Harness = ({ document }: { document: Record<string, unknown> }) => {
        const action = locked(props(document));
        const badge = LockedBadge(props(document));
        return createElement(
          "p",
          null,
          `${action?.label}|${action?.disabled ? "disabled" : "enabled"}|${typeof action?.title === "string" ? action.title : ""}|${badge?.label ?? "no badge"}`,
        );
      };
      const arsenal = {
        _id: "drafts.5f0c2a",
        _type: "matchPreview",
        ...arsenalSunderland,
        kickoff: "2026-02-07T15:00:00Z",
      };
      const lockedText = (await renderText(createElement(Harness, { document: arsenal }), "the algorithm's")).text;
      expect(lockedText).toBe(
        "Publish|disabled|Locked at kick-off: the pick on record is Arsenal to Win (81.5%, the algorithm's). A change now would not reach the site or the track record.|Locked at kick-off",
      );
      const open = {
        ...publishedNewcastle,
        bestPick: "Newcastle United to Win",
        confidence: 55,
        result: "1",
        projectedScore: "2-0",
      };
      expect((await renderText(createElement(Harness, { document: open }), "no badge")).text).toBe(
        "Publish|enabled||no badge",
      );
      const flagged = { ...open, bestPick: "Brentford to Win", confidence: 30, result: "2", projectedScore: "0-1" };
      expect((await renderText(createElement(Harness, { document: flagged }), "Needs review")).text).toBe(
        "Publish|enabled||Needs review",
      );
    });
  });
});
