import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../shared/db";
import { testDatabases } from "../../shared/db/test-databases";
import { MODEL_VERSION, weekStart } from "../../shared/model";
import { replayedSeason, REPLAYED_SEASON_CLOCK as CLOCK, type ReplayedSeason } from "../test-support/replayed-season";
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
    const predicted = await rows<{ kickoff_at: Date | string; predicted_at: Date | string; model_version: string; state: string }>(`
      select f.kickoff_at, p.predicted_at, p.model_version, f.match_state as state
      from predictions p join fixtures f on f.id = p.fixture_id where f.season = '2526' order by f.kickoff_at`);
    const kickedOff = await rows<{ n: number }>(`select count(*)::int as n from fixtures where season = '2526' and kickoff_at <= '${CLOCK}'`);
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

  it("re-predicts only the upcoming matches on the next run, warm, reading only the current season, and never a kicked-off one", async () => {
    const before = await rows(`select * from predictions p join fixtures f on f.id = p.fixture_id where f.kickoff_at <= '${CLOCK}' order by p.fixture_id`);
    const run = await worker.run(createPredictionsJob({ engine: season.engine }));
    expect(run.rowsRead).toBe(130 + 20);
    const [logged] = await rows<{ details: { catchUpMatches: number; coldStarts: number; engineCalls: number } }>(
      `select details from sync_runs where id = ${run.id}`,
    );
    expect(logged.details).toMatchObject({ catchUpMatches: 0, coldStarts: 0, engineCalls: 1 });
    expect(await rows(`select * from predictions p join fixtures f on f.id = p.fixture_id where f.kickoff_at <= '${CLOCK}' order by p.fixture_id`)).toEqual(before);
  });

  it("locks every kicked-off match at its kick-off, settles the finished ones, and aggregates from the ledger", async () => {
    const locked = await worker.run(lockPicksJob);
    expect(locked).toMatchObject({ status: "ok", rowsWritten: 520 });
    const ledger = await rows<{ kickoff_at: Date | string; locked_at: Date | string; recorded_at: Date | string; source: string; source_ref: string }>(`
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
});
