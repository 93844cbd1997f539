import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { ODDS_CHECK_MODEL_KEY, parseOddsCheckPayload } from "@shared/model/odds-check";
import { TEST_MODEL_OPTIONS } from "../test-support/replayed-season";
import { writeSyntheticSeasons } from "../test-support/synthetic-seasons";
import { testWorker, type TestWorker } from "../test-support/worker";
import { createOddsCheckJob } from "./odds-check";

/** Saturday 25 October 2025, 16:30 UTC: 13 rounds (130 matches) of the made-up 2025-26 season are played. */
const CLOCK = new Date("2025-10-25T16:30:00Z");
const CONFIG = {
  outlookSeasons: ["2324", "2425"],
  liveSeasons: ["2526"],
  simulations: 300,
  modelOptions: TEST_MODEL_OPTIONS,
};

describe.each(testDatabases())("the odds-check job on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let dataDir: string;
  const rows = <T = Record<string, unknown>>(query: string) => db.execute<T>(query);
  const storedRow = async () =>
    (
      await rows<{ inputs: string; payload: unknown }>(
        `select inputs, payload from read_models where key = '${ODDS_CHECK_MODEL_KEY}'`,
      )
    )[0];

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db, { now: CLOCK });
    dataDir = mkdtempSync(path.join(tmpdir(), "fkp-odds-check-"));
    writeSyntheticSeasons(dataDir, ["2223", "2324", "2425", "2526"]);
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await testDb.dispose();
  });

  it("records nothing without a local copy of the files, and says so", async () => {
    // The worker's settings have no FOOTBALL_DATA_DIR here.
    const unset = await worker.run(createOddsCheckJob({ config: CONFIG }));
    expect(unset).toMatchObject({ status: "skipped", rowsWritten: 0 });
    expect(unset.error).toMatch(/no local copy of the football-data\.co\.uk files \(FOOTBALL_DATA_DIR\)/);
    const missing = await worker.run(createOddsCheckJob({ dataDir: path.join(dataDir, "absent"), config: CONFIG }));
    expect(missing).toMatchObject({ status: "skipped", rowsWritten: 0 });
    expect(await storedRow()).toBeUndefined();
  });

  it("records nothing when the files hold no complete season and too few half-time scores", async () => {
    const early = testWorker(db, { now: new Date("2023-09-01T00:00:00Z") });
    const run = await early.run(createOddsCheckJob({ dataDir, config: CONFIG }));
    expect(run).toMatchObject({ status: "skipped", rowsWritten: 0 });
    expect(run.error).toMatch(/no complete league season of 2324 to 2425 and no half-time score of 2526/);
    expect(await storedRow()).toBeUndefined();
  });

  it("stores both checks' figures from the matches before the clock, then skips while its inputs are unchanged", async () => {
    const job = createOddsCheckJob({ dataDir, config: CONFIG });
    const first = await worker.run(job);
    expect(first).toMatchObject({ status: "ok", rowsWritten: 1 });

    const stored = await storedRow();
    expect(stored.inputs).toMatch(/^\d+ matches, 4 files; inputs:[0-9a-f]{64}; sha256:[0-9a-f]{64}$/);
    const payload = parseOddsCheckPayload(stored.payload)!;
    expect(payload.ranAt).toBe(CLOCK.toISOString());
    expect(payload.outlook).toMatchObject({
      seasons: ["2324", "2425"],
      checkpoints: [10, 19, 28],
      leagueSeasons: 2,
      forecasts: 6,
      teamForecasts: 120,
      simulations: 300,
    });
    expect(payload.outlook!.metrics.map((m) => m.key)).toEqual(["title", "championsLeague", "relegation"]);
    for (const metric of payload.outlook!.metrics) {
      expect(metric.improvement).toBeCloseTo(1 - metric.ours / metric.baseline, 9);
      expect(metric.met).toBe(metric.improvement >= 0.2);
    }
    // Only the 130 matches of 2025-26 played before the clock are scored.
    expect(payload.live).toMatchObject({ seasons: ["2526"], matches: 130, eceTarget: 0.02 });
    expect(payload.live!.rps.leaderRule).toBeGreaterThan(0);
    expect(payload.live!.met).toBe(payload.live!.ece <= 0.02);
    // The same 130 forecasts, each with the market's 1X2 and over/under prices, scored on their final score.
    expect(payload.scoreline).toMatchObject({ seasons: ["2526"], matches: 130 });
    const { logScore, improvement, oursHigher } = payload.scoreline!;
    // −ln of a final score's probability, between a sure thing (0) and a 1-in-150 score (5).
    for (const value of [logScore.ours, logScore.baseline]) {
      expect(value).toBeGreaterThan(0.5);
      expect(value).toBeLessThan(5);
    }
    expect(improvement).toBeCloseTo(1 - logScore.ours / logScore.baseline, 9);
    // The made-up seasons repeat a few scores under the same prices for every match: the model
    // learns the scores from the results, the baseline fitted to those prices cannot.
    expect(logScore.ours).toBeLessThan(logScore.baseline);
    expect(oursHigher).toBeGreaterThan(0.5);
    expect(oursHigher).toBeLessThanOrEqual(1);
    // The same forecasts' picks at their opening prices against the close of the same selection.
    const closing = payload.closingLine!;
    expect(closing).toMatchObject({ seasons: ["2526"], matches: 130 });
    expect(closing.byKind.map((row) => row.kind)).toEqual(["best", "result", "over-under"]);
    // The made-up seasons have closing prices for 1X2 only: every result pick is held against one.
    expect(closing.byKind.find((row) => row.kind === "result")).toMatchObject({ picks: 130 });
    for (const row of [...closing.byKind, ...closing.byLeague]) {
      expect(row.picks).toBeLessThanOrEqual(130);
      if (row.picks === 0) {
        expect(row).toMatchObject({ beatClose: 0, beatCloseRate: 0, meanClv: 0 });
        continue;
      }
      expect(row.beatCloseRate).toBeCloseTo((100 * row.beatClose) / row.picks, 2);
      // Opening and closing prices within a few percent of each other: a CLV of a few percent either way.
      expect(Math.abs(row.meanClv)).toBeLessThan(15);
    }
    // A league appears once it has a best pick held against a close.
    expect(closing.byLeague.every((row) => row.league === "premier-league" && row.picks > 0)).toBe(true);

    const again = await worker.run(job);
    expect(again).toMatchObject({ status: "ok", rowsWritten: 0 });
    expect((await storedRow()).inputs).toBe(stored.inputs);
  });

  it("runs again when a result it uses changes, and not for one after the clock", async () => {
    const job = createOddsCheckJob({ dataDir, config: CONFIG });
    const file = path.join(dataDir, "2526", "E0.csv");
    const original = readFileSync(file, "utf8");
    const lines = original.split("\n");
    // The last line is a May 2026 match, after the clock: changing it changes nothing the check uses.
    const last = lines.length - 2;
    lines[last] = lines[last].replace(/,(\d),(\d),([HDA]),/, ",7,0,H,");
    writeFileSync(file, lines.join("\n"));
    expect(await worker.run(job)).toMatchObject({ status: "ok", rowsWritten: 0 });

    // The first line is August 2025's, before the clock.
    lines[1] = lines[1].replace(/,(\d),(\d),([HDA]),(\d),(\d),([HDA]),/, ",6,0,H,3,0,H,");
    writeFileSync(file, lines.join("\n"));
    const before = await storedRow();
    expect(await worker.run(job)).toMatchObject({ status: "ok", rowsWritten: 1 });
    expect((await storedRow()).inputs).not.toBe(before.inputs);
    writeFileSync(file, original);
  });
});
