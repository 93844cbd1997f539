import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { httpSource } from "../providers/football-data-csv/source";
import { startCsvOrigin, unreachableBaseUrl, type CsvOrigin, type OriginBehaviour } from "../test-support/csv-origin";
import { REPLAY_MOMENT, snapshotOf, testWorker, type TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { fixturesAndOddsJob } from "./fixtures-and-odds";
import { resultsJob } from "./results";

const failures: [OriginBehaviour, RegExp][] = [
  ["error-500", /football-data: http:\/\/127\.0\.0\.1:\d+\/mmz4281\/2526\/\w+\.csv answered HTTP 500$/],
  ["garbage", /2526\/\w+\.csv is not a football-data\.co\.uk CSV file/],
  ["slow", /did not answer within 0\.3 s/],
];

describe.each(testDatabases())("a match-data source failing for a whole job, on $driver", (testDb) => {
  let db: DbHandle;
  let origin: CsvOrigin;
  let worker: TestWorker;
  let stored: unknown[][];

  const snapshot = async () => [
    await snapshotOf(db, "fixtures"),
    await snapshotOf(db, "fixture_odds"),
    await snapshotOf(db, "seasons", "league, season"),
  ];

  beforeAll(async () => {
    db = await testDb.open();
    origin = await startCsvOrigin();
    expect((await testWorker(db, { source: httpSource(origin.baseUrl) }).run(backfillJob)).status).toBe("ok");
    // Four hours on, the season files have new results to write. A short timeout makes "slow" quick to see.
    worker = testWorker(db, {
      source: httpSource(origin.baseUrl, { timeoutMs: 300 }),
      now: new Date(REPLAY_MOMENT.getTime() + 4 * 60 * 60_000),
    });
    stored = await snapshot();
  });
  afterAll(async () => {
    await origin.close();
    await testDb.dispose();
  });
  beforeEach(() => {
    origin.behaviour = "ok";
    origin.only = null;
  });

  it.each(failures)(
    "fails cleanly when the source answers %s, keeps the previous data, and the next run recovers",
    async (behaviour, error) => {
      origin.behaviour = behaviour;
      for (const job of [fixturesAndOddsJob, resultsJob]) {
        const run = await worker.run(job);
        expect(run.status).toBe("failed");
        expect(run.error).toMatch(error);
        const [logged] = await db.execute<{ status: string; error: string }>(
          `select status, error from sync_runs where id = ${run.id}`,
        );
        expect(logged).toEqual({ status: "failed", error: run.error });
      }
      expect(await snapshot()).toEqual(stored);
    },
  );

  it("writes nothing when one league's file fails half-way through the job", async () => {
    origin.behaviour = "error-500";
    origin.only = "/2526/D1.csv";
    const run = await worker.run(resultsJob);
    expect(run).toMatchObject({ status: "failed", rowsWritten: 0 });
    expect(await snapshot()).toEqual(stored);
  });

  it("fails cleanly when nothing answers at the configured origin, naming what to configure", async () => {
    const down = testWorker(db, { source: httpSource(await unreachableBaseUrl()), now: worker.clock.now() });
    const run = await down.run(resultsJob);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/mmz4281\/2526\/E0\.csv \(ECONNREFUSED\) \(set FOOTBALL_DATA_DIR/,
    );
    expect(await snapshot()).toEqual(stored);
  });

  it("recovers on the next run once the source answers again", async () => {
    const run = await worker.run(resultsJob);
    expect(run.status).toBe("ok");
    expect(run.rowsWritten).toBeGreaterThan(0);
    const [newcastle] = await db.execute<{ match_state: string; home_score: number }>(
      "select f.match_state, f.home_score from fixtures f join teams t on t.id = f.home_team_id where t.slug = 'newcastle-united'",
    );
    expect(newcastle).toEqual({ match_state: "post-match", home_score: 2 });
  });
});
