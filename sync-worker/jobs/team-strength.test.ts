import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { teamStrengthKey, teamStrengthPoints } from "@shared/model/team-strength-view";
import { replayedSeason, TEST_MODEL_OPTIONS, type ReplayedSeason } from "../test-support/replayed-season";
import type { TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { createTeamStrengthJob } from "./team-strength";

describe.each(testDatabases())("the team-strength job on $driver", (testDb) => {
  let db: DbHandle;
  let season: ReplayedSeason;
  let worker: TestWorker;
  const job = createTeamStrengthJob({ modelOptions: TEST_MODEL_OPTIONS });
  const stored = async () =>
    (
      await db.execute<{ inputs: string; payload: unknown; computed_at: unknown }>(
        `select inputs, payload, computed_at from read_models where key = '${teamStrengthKey("premier-league")}'`,
      )
    )[0];

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

  it("stores every club's weekly strength over last season and this one, by the model and by the market", async () => {
    const run = await worker.run(job);
    expect(run).toMatchObject({ status: "ok", rowsWritten: 1 });
    const row = await stored();
    expect(row.inputs).toMatch(/^2425, 2526: \d+ matches; inputs:[0-9a-f]{64}; sha256:[0-9a-f]{64}$/);
    const arsenal = teamStrengthPoints(row.payload, getTeamBySlug("arsenal")!.id)!;
    expect(arsenal.seasons).toEqual(["2425", "2526"]);
    // A point a week: the whole of 2024/25 (its 38 Saturdays) and 2025/26 up to the clock (13 rounds).
    const [first, last] = [arsenal.points[0], arsenal.points.at(-1)!];
    expect(first.date < "2024-09-01").toBe(true);
    expect(last.date <= "2025-10-27").toBe(true);
    expect(arsenal.points.length).toBeGreaterThan(45);
    const dates = arsenal.points.map((p) => p.date);
    expect([...dates].sort()).toEqual(dates);
    for (const point of arsenal.points) {
      expect(new Date(`${point.date}T00:00:00Z`).getUTCDay()).toBe(1);
      // Goal difference per match against an average side: a few goals either way at most.
      for (const value of [point.model, point.market]) {
        expect(value).not.toBeNull();
        expect(Math.abs(value!)).toBeLessThan(3);
      }
    }
    // The model and the market read the same club the same way round: their points agree in sign
    // and size more often than not over the two seasons.
    const agreeing = arsenal.points.filter((p) => Math.abs(p.model! - p.market!) < 0.75).length;
    expect(agreeing / arsenal.points.length).toBeGreaterThan(0.5);
    // A club of one season only has that season's weeks.
    expect(teamStrengthPoints(row.payload, 999_999)).toBeNull();
  });

  it("skips while its matches and week are unchanged, and recomputes when a result changes", async () => {
    const before = await stored();
    expect(await worker.run(job)).toMatchObject({ status: "ok", rowsWritten: 0 });
    expect(await stored()).toEqual(before);
    await db.execute(
      `update fixtures set home_score = home_score + 3 where id = (select id from fixtures where season = '2526' and match_state = 'post-match' order by kickoff_at desc, id limit 1)`,
    );
    expect(await worker.run(job)).toMatchObject({ status: "ok", rowsWritten: 1 });
    expect((await stored()).inputs).not.toBe(before.inputs);
  });
});
