/**
 * The live win probability in the JSON API: /api/live/{fixtureId} and /api/matches/{id} on a
 * database the worker filled from the CSV fixtures at the default replay moment (Arsenal v
 * Sunderland at half-time, Manchester United v Spurs finished), then later in the second half.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@shared/config/env";
import type { DbHandle } from "@shared/db";
import { liveEvents, predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { anchorToForecast } from "@shared/model/live-match-probability";
import { goalRateShareLeft, liveProbability } from "@shared/model/live-probability";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { liveJob } from "@sync-worker/jobs/live";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { emptyContent, testWorker, type TestWorker } from "@sync-worker/test-support/worker";
import type { AppContext } from "../load-context";
import { createPreviewSessions } from "../features/content/preview.server";
import { apiRequestHandler } from "./remix-handler.test-support";
import { liveScoreSchema } from "./resources/live.schema";
import { matchRecordSchema } from "./resources/matches.schema";
import { createOperatorServices } from "@sync-worker/operations";

const teamId = (slug: string) => getTeamBySlug(slug)!.id;
const EXPECTED_GOALS = { home: 1.9, away: 0.8 };
const PUBLISHED = { home: 0.6, draw: 0.22, away: 0.18, over25: 0.55, btts: 0.45 };

const prediction = {
  modelVersion: "test-model-1",
  probHome: PUBLISHED.home,
  probDraw: PUBLISHED.draw,
  probAway: PUBLISHED.away,
  probOver25: PUBLISHED.over25,
  probBtts: PUBLISHED.btts,
  expectedGoalsHome: EXPECTED_GOALS.home,
  expectedGoalsAway: EXPECTED_GOALS.away,
  projectedHomeScore: 2,
  projectedAwayScore: 0,
  resultPick: "1" as const,
  overUnderPick: "Over 2.5 Goals",
  bttsPick: "NO" as const,
  bestPick: "Home to Win",
  confidence: 60,
  predictedAt: new Date("2026-02-07T09:00:00Z"),
};

describe.each(testDatabases())("the live win probability in the API on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let context: AppContext;
  let handle: (request: Request, context: AppContext) => Promise<Response>;
  const ids: Record<string, number> = {};

  const fixtureIdOf = async (home: string, away: string) =>
    (
      await db.execute<{ id: number }>(
        `select id from fixtures where home_team_id = ${teamId(home)} and away_team_id = ${teamId(away)} order by kickoff_at desc limit 1`,
      )
    )[0].id;

  async function get<Schema extends typeof liveScoreSchema | typeof matchRecordSchema>(path: string, schema: Schema) {
    const response = await handle(new Request(`http://localhost${path}`), context);
    expect(response.status, path).toBe(200);
    return schema.parse(await response.json());
  }

  async function matchRecord(id: number) {
    const response = await handle(new Request(`http://localhost/api/matches/${id}`), context);
    expect(response.status).toBe(200);
    return matchRecordSchema.parse(await response.json());
  }

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db);
    for (const job of [referenceDataJob, backfillJob, liveJob]) expect((await worker.run(job)).status).toBe("ok");
    ids.arsenalSunderland = await fixtureIdOf("arsenal", "sunderland");
    ids.unitedSpurs = await fixtureIdOf("manchester-united", "tottenham-hotspur");
    ids.newcastleBrentford = await fixtureIdOf("newcastle-united", "brentford");
    await db.db
      .insert(predictions)
      .values([ids.arsenalSunderland, ids.unitedSpurs].map((fixtureId) => ({ ...prediction, fixtureId })));
    const env = parseEnv({
      CLOCK: `replay:${worker.clock.now().toISOString()}`,
      SESSION_SECRET: "a-test-session-secret-of-32-chars",
    });
    context = {
      env,
      clock: worker.clock,
      db,
      content: emptyContent(),
      previewSessions: createPreviewSessions(env),
      operations: createOperatorServices({ env, clock: worker.clock, db }),
    };
    handle = await apiRequestHandler();
  });
  afterAll(() => testDb.dispose());

  it("gives a live match's probabilities now, the same in the live score and the match record", async () => {
    const live = await get(`/api/live/${ids.arsenalSunderland}`, liveScoreSchema);
    expect(live).toMatchObject({ matchState: "live", status: "HT", liveMinute: 45 });
    // The model's numbers, moved towards the published ones by the share of the match left.
    const expected = anchorToForecast(
      liveProbability({
        period: "half-time",
        minute: 45,
        score: { home: live.homeScore!, away: live.awayScore! },
        expectedGoals: EXPECTED_GOALS,
      }),
      liveProbability({ period: "first-half", minute: 0, score: { home: 0, away: 0 }, expectedGoals: EXPECTED_GOALS }),
      PUBLISHED,
      goalRateShareLeft("half-time", 45),
    );
    const now = live.liveProbability!;
    expect(now.minute).toBe(45);
    for (const market of ["home", "draw", "away", "over25", "btts"] as const)
      expect(now[market]).toBeCloseTo(expected[market], 4);
    expect(now.home + now.draw + now.away).toBeCloseTo(1, 3);

    const record = await get(`/api/matches/${ids.arsenalSunderland}`, matchRecordSchema);
    expect(record.liveProbability).toEqual(now);
  });

  it("is null for a finished match, and for a match not started or without a prediction", async () => {
    expect((await get(`/api/live/${ids.unitedSpurs}`, liveScoreSchema)).liveProbability).toBeNull();
    expect((await get(`/api/matches/${ids.unitedSpurs}`, matchRecordSchema)).liveProbability).toBeNull();
    expect((await get(`/api/live/${ids.newcastleBrentford}`, liveScoreSchema)).liveProbability).toBeNull();
  });

  it("moves with the clock and against a side sent off", async () => {
    const atHalfTime = (await get(`/api/live/${ids.arsenalSunderland}`, liveScoreSchema)).liveProbability!;
    worker.setNow("2026-02-07T16:35:00Z");
    expect((await worker.run(liveJob)).status).toBe("ok");
    const later = await get(`/api/live/${ids.arsenalSunderland}`, liveScoreSchema);
    expect(later).toMatchObject({ status: "2H", liveMinute: 78 });
    expect(later.liveProbability).not.toEqual(atHalfTime);
    expect(later.liveProbability!.minute).toBe(78);

    await db.db.insert(liveEvents).values({
      fixtureId: ids.arsenalSunderland,
      minute: 70,
      side: "home",
      type: "Card",
      detail: "Red Card",
      playerName: "A Defender",
    });
    const carded = (await get(`/api/live/${ids.arsenalSunderland}`, liveScoreSchema)).liveProbability!;
    expect(carded.home).toBeLessThan(later.liveProbability!.home);
    expect(carded.away).toBeGreaterThan(later.liveProbability!.away);
  });

  it("gives the live probability through the match after the whistle: from the published forecast to the result", async () => {
    // Before the worker has recorded a reading with the prediction, the history is empty.
    expect((await matchRecord(ids.newcastleBrentford)).liveProbabilityHistory).toEqual([]);
    const during = (await matchRecord(ids.arsenalSunderland)).liveProbabilityHistory;
    expect(during.map((t) => `${t.period} ${t.minute}`)).toEqual(["first-half 0", "second-half 78"]);
    expect(during[0]).toMatchObject({ homeScore: 0, awayScore: 0, ...PUBLISHED });
    worker.setNow("2026-02-07T17:00:00Z");
    expect((await worker.run(liveJob)).status).toBe("ok");
    const record = await matchRecord(ids.arsenalSunderland);
    expect(record.matchState).toBe("post-match");
    const history = record.liveProbabilityHistory;
    expect(history.map((t) => `${t.period} ${t.minute}`)).toEqual(["first-half 0", "second-half 78", "full-time 90"]);
    expect(history.at(-1)).toMatchObject({ homeScore: 3, awayScore: 0, home: 1, draw: 0, away: 0, over25: 1, btts: 0 });
    // Running the job again at the same moment adds nothing.
    await worker.run(liveJob);
    expect((await matchRecord(ids.arsenalSunderland)).liveProbabilityHistory).toEqual(history);
  });
});
