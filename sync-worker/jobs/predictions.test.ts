import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { MODEL_VERSION, weekStart } from "@shared/model";
import { engineThread, type PredictionEngine } from "../model/engine-client";
import { fitStateKey, modelOptionsOf, SEASONS_STATE_KEY } from "../model/engine-state";
import {
  replayedSeason,
  REPLAYED_SEASON_CLOCK as CLOCK,
  TEST_MODEL_OPTIONS,
  type ReplayedSeason,
} from "../test-support/replayed-season";
import type { TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { lockPicksJob } from "./lock-picks";
import { performanceJob } from "./performance";
import { createPredictionsJob } from "./predictions";
import { settlePicksJob } from "./settle-picks";

describe.each(testDatabases())("the predictions job and the walk-forward catch-up on $driver", (testDb) => {
  let db: DbHandle;
  let season: ReplayedSeason;
  let worker: TestWorker;
  const rows = <T = Record<string, unknown>>(sql: string) => db.execute<T>(sql);

  beforeAll(async () => {
    db = await testDb.open();
    season = replayedSeason(db);
    worker = season.worker;
    expect((await worker.run(backfillJob)).status).toBe("ok");
  });
  afterAll(async () => {
    await season.close();
    await testDb.dispose();
  });

  it("predicts every kicked-off match of the season as of the Monday of its week, and the next two weeks as of now", async () => {
    const run = await worker.run(createPredictionsJob({ engine: season.engine }));
    // Two finished seasons and 130 matches of this one, the 130 to catch up, the 20 upcoming.
    expect(run).toMatchObject({ status: "ok", rowsRead: 760 + 130 + 130 + 20 });
    const predicted = await rows<{
      kickoff_at: Date | string;
      predicted_at: Date | string;
      model_version: string;
      state: string;
    }>(`
      select f.kickoff_at, p.predicted_at, p.model_version, f.match_state as state
      from predictions p join fixtures f on f.id = p.fixture_id where f.season = '2526' order by f.kickoff_at`);
    const kickedOff = await rows<{ n: number }>(
      `select count(*)::int as n from fixtures where season = '2526' and kickoff_at <= '${CLOCK}'`,
    );
    const past = predicted.filter((p) => new Date(p.kickoff_at) <= new Date(CLOCK));
    // 13 Saturdays (2 August to 25 October) of 10 matches each, every one predicted.
    expect(past).toHaveLength(130);
    expect(past).toHaveLength(kickedOff[0].n);
    for (const p of past) {
      expect(new Date(p.predicted_at).getTime()).toBe(weekStart(new Date(p.kickoff_at).getTime()));
    }
    const future = predicted.filter((p) => new Date(p.kickoff_at) > new Date(CLOCK));
    // The two Saturdays after the clock.
    expect(future).toHaveLength(20);
    for (const p of future) expect(new Date(p.predicted_at).toISOString()).toBe(new Date(CLOCK).toISOString());
    expect(new Set(predicted.map((p) => p.model_version))).toEqual(new Set([MODEL_VERSION]));
    const [logged] = await rows<{ details: { catchUpMatches: number; catchUpWeeks: number; coldStarts: number } }>(
      `select details from sync_runs where id = ${run.id}`,
    );
    expect(logged.details).toMatchObject({ catchUpMatches: 130, catchUpWeeks: 13, coldStarts: 1 });
  });

  it("stores every scoreline with each prediction: 36 cells summing to 1, agreeing with its 1X2 and its projected score", async () => {
    const stored = await rows<{
      score_grid: number[] | null;
      prob_home: number;
      prob_draw: number;
      projected_home_score: number;
      projected_away_score: number;
      result_pick: string;
    }>(
      `select score_grid, prob_home, prob_draw, projected_home_score, projected_away_score, result_pick from predictions`,
    );
    expect(stored.length).toBe(150);
    for (const p of stored) {
      const grid = p.score_grid!.map(Number);
      expect(grid).toHaveLength(36);
      expect(grid.reduce((total, cell) => total + cell, 0)).toBeCloseTo(1, 4);
      const at = (h: number, a: number) => grid[h * 6 + a];
      let draw = 0;
      for (let g = 0; g < 5; g++) draw += at(g, g);
      // The draws below five goals a side: all but a sliver of the published draw.
      expect(draw).toBeLessThanOrEqual(p.prob_draw + 1e-4);
      expect(p.prob_draw - draw).toBeLessThan(0.01);
      // The projected score is the likeliest score with the picked result.
      const projected = at(p.projected_home_score, p.projected_away_score);
      for (let h = 0; h < 5; h++) {
        for (let a = 0; a < 5; a++) {
          const result = h > a ? "1" : h === a ? "X" : "2";
          if (result === p.result_pick) expect(at(h, a)).toBeLessThanOrEqual(projected + 1e-6);
        }
      }
    }
  });

  it("re-predicts only the upcoming matches on the next run, warm, reading only the current season, and never a kicked-off one", async () => {
    const before = await rows(
      `select * from predictions p join fixtures f on f.id = p.fixture_id where f.kickoff_at <= '${CLOCK}' order by p.fixture_id`,
    );
    const run = await worker.run(createPredictionsJob({ engine: season.engine }));
    expect(run.rowsRead).toBe(130 + 20);
    const [logged] = await rows<{ details: { catchUpMatches: number; coldStarts: number; engineCalls: number } }>(
      `select details from sync_runs where id = ${run.id}`,
    );
    // Nothing new learnt since the first run stored the engine's state: nothing stored again.
    expect(logged.details).toMatchObject({
      catchUpMatches: 0,
      coldStarts: 0,
      engineCalls: 1,
      engineStateSaved: { fitBytes: 0, seasonsBytes: 0 },
    });
    expect(
      await rows(
        `select * from predictions p join fixtures f on f.id = p.fixture_id where f.kickoff_at <= '${CLOCK}' order by p.fixture_id`,
      ),
    ).toEqual(before);
  });

  it("locks every kicked-off match at its kick-off, settles the finished ones, and aggregates from the ledger", async () => {
    const locked = await worker.run(lockPicksJob);
    expect(locked).toMatchObject({ status: "ok", rowsWritten: 520 });
    const ledger = await rows<{
      kickoff_at: Date | string;
      locked_at: Date | string;
      recorded_at: Date | string;
      source: string;
      source_ref: string;
    }>(`
      select f.kickoff_at, l.locked_at, l.recorded_at, l.source, l.source_ref from pick_ledger l join fixtures f on f.id = l.fixture_id`);
    expect(ledger).toHaveLength(520);
    for (const row of ledger) {
      expect(new Date(row.locked_at).getTime()).toBe(new Date(row.kickoff_at).getTime());
      // Written now (wall time), long after the replayed kick-off: the row says it was a late lock.
      expect(new Date(row.recorded_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect([row.source, row.source_ref]).toEqual(["algorithm", MODEL_VERSION]);
    }
    expect((await worker.run(settlePicksJob)).rowsWritten).toBe(520);
    expect((await worker.run(performanceJob)).status).toBe("ok");
    const [overall] = await rows<Record<string, number | string>>("select * from algo_performance_overall");
    expect(overall.total_matches_predicted).toBe(130);
    expect(Number(overall.best_pick_hits) + Number(overall.best_pick_misses)).toBeLessThanOrEqual(130);
    expect(Number(overall.best_pick_hits)).toBeGreaterThan(0);
    expect(overall.tracking_start_date).toBe("2025-08-02");
    const [days] = await rows<{ n: number }>("select count(*)::int as n from hit_rate_tracking where league = 'all'");
    expect(days.n).toBe(13);
  });
  const FIT_KEY = fitStateKey(modelOptionsOf(TEST_MODEL_OPTIONS));
  type RunDetails = {
    coldStarts: number;
    engineStart: string;
    engineStateSaved: { fitBytes: number; seasonsBytes: number };
  };
  const detailsOf = async (runId: number) =>
    (await rows<{ details: RunDetails }>(`select details from sync_runs where id = ${runId}`))[0].details;
  const engines: PredictionEngine[] = [];
  /** A new engine thread, as a restarted worker process has. */
  const newEngine = () => {
    const engine = engineThread({ modelOptions: TEST_MODEL_OPTIONS });
    engines.push(engine);
    return engine;
  };
  afterAll(() => Promise.all(engines.map((engine) => engine.close())));

  it("stored the engine's fit, with the results it learnt from, and the finished seasons after the first run", async () => {
    const states = await rows<{ key: string; fitted_through: string; bytes: number }>(
      "select key, fitted_through, length(payload) as bytes from engine_states order by key",
    );
    expect(states.map((s) => s.key)).toEqual([FIT_KEY, SEASONS_STATE_KEY]);
    const [fit, seasons] = states;
    const [latest] = await rows<{ kickoff_at: Date | string }>(
      `select max(kickoff_at) as kickoff_at from fixtures where match_state = 'post-match' and kickoff_at < '${CLOCK}'`,
    );
    // The 760 matches of the two finished seasons and the 130 of this one.
    expect(fit.fitted_through).toMatch(
      new RegExp(`^890 results, latest kick-off ${new Date(latest.kickoff_at).toISOString()}, digest \\S+$`),
    );
    expect(Number(fit.bytes)).toBeGreaterThan(10_000);
    // The current season is read every run: only the finished ones are stored.
    expect(Object.keys(JSON.parse(seasons.fitted_through))).toEqual(["premier-league|2324", "premier-league|2425"]);
  });

  it("starts a new process's engine from the stored state: warm, reading only the current season, predicting exactly what the warm engine did", async () => {
    const before = await rows("select * from predictions order by fixture_id");
    const run = await worker.run(createPredictionsJob({ engine: newEngine() }));
    // This season's 130 results and the 20 upcoming matches; the same forecasts, so nothing written.
    expect(run).toMatchObject({ status: "ok", rowsRead: 130 + 20, rowsWritten: 0 });
    expect(await detailsOf(run.id)).toMatchObject({
      coldStarts: 0,
      engineStart: "stored fit",
      engineStateSaved: { fitBytes: 0, seasonsBytes: 0 },
    });
    expect(await rows("select * from predictions order by fixture_id")).toEqual(before);
    expect(worker.log.lines.map((l) => l.line)).toContainEqual(
      expect.stringContaining("restored the prediction engine's stored state: 2 of 2 finished league seasons"),
    );
  });

  it("ends its engine's thread after a run whose state is stored, and starts the next run's thread warm from it", async () => {
    const before = await rows("select * from predictions order by fixture_id");
    const engine = newEngine();
    const first = await worker.run(createPredictionsJob({ engine, releaseEngine: true }));
    expect(first.status).toBe("ok");
    expect(engine.isFresh()).toBe(true);
    const next = await worker.run(createPredictionsJob({ engine, releaseEngine: true }));
    expect(next).toMatchObject({ status: "ok", rowsRead: 130 + 20, rowsWritten: 0 });
    expect(await detailsOf(next.id)).toMatchObject({ coldStarts: 0, engineStart: "stored fit" });
    expect(engine.isFresh()).toBe(true);
    expect(await rows("select * from predictions order by fixture_id")).toEqual(before);
  });

  it("ignores a stored fit of another model version, fits from scratch, and stores its own in its place", async () => {
    const [stored] = await rows<{ payload: string }>(
      `select encode(payload, 'base64') as payload from engine_states where key = '${FIT_KEY}'`,
    );
    const payload = JSON.parse(gunzipSync(Buffer.from(stored.payload, "base64")).toString("utf8"));
    const older = gzipSync(JSON.stringify({ ...payload, modelVersion: "dc-sot-market-0.9.0" })).toString("base64");
    await rows(`update engine_states set payload = decode('${older}', 'base64') where key = '${FIT_KEY}'`);
    // A row of an older format is not even read, and goes at the next save.
    await rows(
      `insert into engine_states (key, fitted_through, payload) values ('predictions-engine:fit:v0:old', 'old', '\\x00')`,
    );

    const run = await worker.run(createPredictionsJob({ engine: newEngine() }));
    expect(run.status).toBe("ok");
    const details = await detailsOf(run.id);
    expect(details).toMatchObject({ coldStarts: 1, engineStart: "from scratch" });
    expect(details.engineStateSaved.fitBytes).toBeGreaterThan(10_000);
    expect(worker.log.lines.map((l) => l.line)).toContainEqual(
      expect.stringContaining(
        `2 of 2 finished league seasons, no fit (made by model dc-sot-market-0.9.0, this is ${MODEL_VERSION})`,
      ),
    );
    expect((await rows<{ key: string }>("select key from engine_states order by key")).map((r) => r.key)).toEqual([
      FIT_KEY,
      SEASONS_STATE_KEY,
    ]);

    const next = await worker.run(createPredictionsJob({ engine: newEngine() }));
    expect(await detailsOf(next.id)).toMatchObject({ coldStarts: 0, engineStart: "stored fit" });
  });

  it("ignores damaged bytes: reads the seasons again, fits from scratch, and stores a good state", async () => {
    await rows("update engine_states set payload = '\\x1f8b00deadbeef'");
    const run = await worker.run(createPredictionsJob({ engine: newEngine() }));
    // Every season read again from the database.
    expect(run).toMatchObject({ status: "ok", rowsRead: 760 + 130 + 20 });
    const details = await detailsOf(run.id);
    expect(details).toMatchObject({ coldStarts: 1, engineStart: "from scratch" });
    expect(details.engineStateSaved.fitBytes).toBeGreaterThan(10_000);
    expect(details.engineStateSaved.seasonsBytes).toBeGreaterThan(1_000);

    const next = await worker.run(createPredictionsJob({ engine: newEngine() }));
    expect(next.rowsRead).toBe(130 + 20);
    expect(await detailsOf(next.id)).toMatchObject({ coldStarts: 0, engineStart: "stored fit" });
  });
});
