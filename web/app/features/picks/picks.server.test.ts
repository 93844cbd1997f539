import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentDocument } from "@shared/content/source";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { testWorker } from "@sync-worker/test-support/worker";
import { formatParlayDate, getSundayParlayView } from "./picks.server";
import { localContext, removeTemporaryDatasets, temporaryDataset } from "~/test-context";

const seed = path.resolve(import.meta.dirname, "../../../../content/dataset.ndjson");

afterAll(removeTemporaryDatasets);

const leg = (key: string, league: string, homeTeam: string, awayTeam: string, selection: string) => ({
  _key: key,
  _type: "parlayLeg",
  league,
  homeTeam,
  awayTeam,
  selection,
  predictedScore: "1-0",
  confidence: 60,
});

/**
 * A parlay over the fixture files at the default replay moment (Saturday 7 February 2026,
 * 15:50): two finished Premier League matches, one Bundesliga match, one live and one to come.
 */
const weekendParlay: ContentDocument = {
  _id: "sundayParlay",
  _type: "sundayParlay",
  _rev: "weekend-1",
  title: "Sunday 5-Team Cross-League Parlay",
  lastUpdated: "2026-02-05",
  legs: [
    // Finished 2-0 to United: the editors backed Spurs.
    leg("l1", "premier-league", "manchester-united", "tottenham-hotspur", "Tottenham Hotspur to Win"),
    // Finished 1-1.
    leg("l2", "premier-league", "chelsea", "arsenal", "Draw"),
    // Finished 1-0; the selection names the club by its short name.
    leg("l3", "bundesliga", "sc-freiburg", "hamburger-sv", "Freiburg to Win"),
    leg("l4", "premier-league", "arsenal", "sunderland", "Arsenal to Win"),
    leg("l5", "premier-league", "newcastle-united", "brentford", "Newcastle United to Win"),
  ],
};

describe("formatParlayDate", () => {
  it("dates the parlay the spec's way", () => {
    expect(formatParlayDate("2025-10-05")).toBe("October 5th, 2025");
    expect(formatParlayDate("2025-11-22")).toBe("November 22nd, 2025");
    expect(formatParlayDate("2026-03-11T10:00:00Z")).toBe("March 11th, 2026");
  });
});

describe.each(testDatabases())("the Sunday parlay of /picks on $driver", (testDb) => {
  let db: DbHandle;

  beforeAll(async () => {
    db = await testDb.open();
    const worker = testWorker(db);
    for (const job of [referenceDataJob, backfillJob, liveJob]) expect((await worker.run(job)).status).toBe("ok");
  });
  afterAll(() => testDb.dispose());

  const contextOf = (dataset: string) => ({ ...localContext({}, dataset), db });

  it("reads the seeded 5-team parlay with its legs linked to the match pages", async () => {
    const parlay = await getSundayParlayView(contextOf(temporaryDataset(seed)), false);
    expect(parlay).not.toBeNull();
    expect(parlay!.title).toBe("Sunday 5-Team Cross-League Parlay");
    expect(parlay!.lastUpdated).toBe("October 5th, 2025");
    expect(parlay!.legs).toHaveLength(5);
    expect(new Set(parlay!.legs.map((leg) => leg.league)).size).toBe(5);
    for (const leg of parlay!.legs) {
      expect(leg.matchPageLink).toMatch(/^\/[a-z0-9-]+-predictions\/[a-z0-9-]+-vs-[a-z0-9-]+-prediction$/);
      expect(leg.confidence).toBeGreaterThan(0);
      // The fixture files hold none of these matches: nothing to settle.
      expect(leg.result).toBeNull();
    }
  });

  it("settles each leg's selection against its match's final score, and leaves unfinished ones open", async () => {
    const parlay = await getSundayParlayView(contextOf(temporaryDataset([weekendParlay])), false);
    expect(parlay!.legs.map((leg) => [leg.match, leg.selection, leg.result])).toEqual([
      ["Manchester United vs Tottenham Hotspur", "Tottenham Hotspur to Win", { finalScore: "2-0", outcome: "miss" }],
      ["Chelsea vs Arsenal", "Draw", { finalScore: "1-1", outcome: "hit" }],
      ["SC Freiburg vs Hamburger SV", "Freiburg to Win", { finalScore: "1-0", outcome: "hit" }],
      ["Arsenal vs Sunderland", "Arsenal to Win", null],
      ["Newcastle United vs Brentford", "Newcastle United to Win", null],
    ]);
  });

  it("looks for the legs' matches in the season of the parlay's date", async () => {
    // In 2024/25 the files hold United 1-1 Spurs only.
    const lastSeason = { ...weekendParlay, _rev: "weekend-2", lastUpdated: "2024-08-30" };
    const parlay = await getSundayParlayView(contextOf(temporaryDataset([lastSeason])), false);
    expect(parlay!.legs.map((leg) => leg.result)).toEqual([
      { finalScore: "1-1", outcome: "miss" },
      null,
      null,
      null,
      null,
    ]);
  });

  it("is null when the content source has no parlay", async () => {
    expect(await getSundayParlayView(contextOf(temporaryDataset([])), false)).toBeNull();
  });
});
