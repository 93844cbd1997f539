import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@shared/db";
import { countQueries } from "@shared/db/query-count";
import { testDatabases } from "@shared/db/test-databases";
import { hitRate } from "@shared/domain/picks";
import { FORECAST_CSV_COLUMNS } from "@shared/model";
import { parseTrackRecordPayload, TRACK_RECORD_MODEL_KEY } from "@shared/model/track-record-view";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { lockPicksJob } from "@sync-worker/jobs/lock-picks";
import { performanceJob } from "@sync-worker/jobs/performance";
import { createPredictionsJob } from "@sync-worker/jobs/predictions";
import { settlePicksJob } from "@sync-worker/jobs/settle-picks";
import { replayedSeason, type ReplayedSeason } from "@sync-worker/test-support/replayed-season";
import { readAlgoResultsPage } from "./algo-results-page.server";
import {
  getAlgoPerformance,
  getConfidenceReliability,
  getForecastCsv,
  getMarketComparison,
  getRecentSettledMatches,
  getTrackRecord,
} from "./track-record.server";

describe.each(testDatabases())("the track record's read functions on $driver", (testDb) => {
  let db: DbHandle;
  let season: ReplayedSeason;
  const ledgerCount = async (kind: string, outcome: string) =>
    (
      await db.execute<{ n: number }>(
        `select count(*)::int as n from pick_ledger where pick_kind = '${kind}' and outcome = '${outcome}'`,
      )
    )[0].n;

  beforeAll(async () => {
    db = await testDb.open();
    season = replayedSeason(db);
    for (const job of [
      backfillJob,
      createPredictionsJob({ engine: season.engine }),
      lockPicksJob,
      settlePicksJob,
      performanceJob,
    ]) {
      expect((await season.worker.run(job)).status).toBe("ok");
    }
  });
  afterAll(async () => {
    await season.close();
    await testDb.dispose();
  });

  it("reads accuracy overall and per league, as the ledger has it", async () => {
    const { overall, leagues } = await getAlgoPerformance({ db });
    const bestHits = await ledgerCount("best", "hit");
    const bestMisses = await ledgerCount("best", "miss");
    expect(overall).toMatchObject({
      trackingStartDate: "2025-08-02",
      totalMatchesPredicted: 130,
      bestPickHits: bestHits,
      bestPickMisses: bestMisses,
      bestPickAccuracy: hitRate(bestHits, bestHits + bestMisses),
      ouGoalsHits: await ledgerCount("over-under", "hit"),
      bttsMisses: await ledgerCount("btts", "miss"),
    });
    expect(leagues.map((l) => [l.league, l.leagueName, l.totalMatchesPredicted])).toEqual([
      ["premier-league", "Premier League", 130],
      ["la-liga", "La Liga", 0],
      ["bundesliga", "Bundesliga", 0],
      ["serie-a", "Serie A", 0],
      ["ligue1", "Ligue 1", 0],
    ]);
  });

  it("reads each league's ten latest settled matches, newest first", async () => {
    const recent = await getRecentSettledMatches({ db });
    const premierLeague = recent.get("premier-league")!;
    expect(premierLeague).toHaveLength(10);
    expect(premierLeague[0].matchDate).toBe("2025-10-25");
    expect(premierLeague.every((m) => m.bestPickResult === "hit" || m.bestPickResult === "miss")).toBe(true);
    expect(premierLeague[0].matchUrl).toMatch(/^\/premier-league-predictions\/.+-prediction$/);
    // The best pick's profit is the ledger's: odds minus 1 for a hit, -1 for a miss, none when unpriced.
    for (const match of premierLeague) {
      const [ledger] = await db.execute<{ profit: string | null }>(
        `select profit from pick_ledger where pick_kind = 'best' and fixture_id = ${match.fixtureId}`,
      );
      expect(match.bestPickProfit).toBe(ledger.profit === null ? null : Number(ledger.profit));
      if (match.bestPickResult === "miss") expect(match.bestPickProfit).toBe(-1);
    }
    expect(recent.get("serie-a")).toEqual([]);
    expect([...(await getRecentSettledMatches({ db }, "premier-league")).keys()]).toEqual(["premier-league"]);
  });

  it("bins the confidences shown against how often the picks won", async () => {
    const reliability = await getConfidenceReliability({ db });
    const settledBest = (await ledgerCount("best", "hit")) + (await ledgerCount("best", "miss"));
    expect(reliability.best.picks).toBe(settledBest);
    expect(reliability.best.bins).toHaveLength(10);
    expect(reliability.best.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(settledBest);
    expect(reliability.btts.ece).toBeGreaterThanOrEqual(0);
  });

  it("compares the result picks with the prices they were made at", async () => {
    const market = await getMarketComparison({ db });
    // Every synthetic match has opening prices, so every settled result pick is priced.
    expect(market.result.picks).toBe((await ledgerCount("result", "hit")) + (await ledgerCount("result", "miss")));
    expect(market.result.hits).toBe(await ledgerCount("result", "hit"));
    expect(market.result.marketImpliedRate).toBeGreaterThan(20);
    expect(market.result.marketImpliedRate).toBeLessThan(50);
  });

  it("writes every stored forecast as CSV, with the final score once there is one", async () => {
    const lines = (await getForecastCsv({ db })).trimEnd().split("\n");
    expect(lines[0]).toBe(FORECAST_CSV_COLUMNS.join(","));
    // 130 kicked-off matches and the 20 of the next two Saturdays.
    expect(lines).toHaveLength(151);
    const first = Object.fromEntries(lines[1].split(",").map((value, i) => [FORECAST_CSV_COLUMNS[i], value]));
    expect(first.kickoff_utc).toBe("2025-08-02T14:00:00.000Z");
    expect(first.home_goals).toMatch(/^\d+$/);
    const last = Object.fromEntries(lines[150].split(",").map((value, i) => [FORECAST_CSV_COLUMNS[i], value]));
    expect(last.home_goals).toBe("");
    expect(Number(last.p_home) + Number(last.p_draw) + Number(last.p_away)).toBeCloseTo(1, 5);
  });
  const storedPayload = async () =>
    (
      await db.execute<{ payload: string }>(
        `select payload::text as payload from read_models where key = '${TRACK_RECORD_MODEL_KEY}'`,
      )
    )[0]?.payload;
  const renderAlgoResults = () => readAlgoResultsPage({ db });

  it("renders /algo-results from the view the worker stored, in one statement", async () => {
    const view = parseTrackRecordPayload(JSON.parse(await storedPayload()))!;
    const { result, queries } = await countQueries(renderAlgoResults);
    expect(queries).toBe(1);
    const page = result;
    expect(page.overall).toEqual({ ...view.overall, closingLine: view.closingLine.overall });
    expect(page.leagues.map(({ recent, ...record }) => [record, recent])).toEqual(
      view.leagues.map((l) => [{ ...l, closingLine: view.closingLine.leagues[l.league] }, view.recent[l.league]]),
    );
    expect(page.reliability).toEqual(view.reliability.best);
    expect(page.market.map(({ kind, label: _label, ...comparison }) => [kind, comparison])).toEqual(
      (["best", "result", "over-under", "btts"] as const).map((kind) => [
        kind,
        { ...view.market[kind], closingLine: view.closingLine.byKind[kind] },
      ]),
    );
    // The home page's Algo Lab and the JSON endpoints read the same row.
    expect((await countQueries(() => getAlgoPerformance({ db }))).queries).toBe(1);
  });

  it("shows the stored numbers, not numbers computed per request", async () => {
    const original = await storedPayload();
    await db.execute(
      `update read_models set payload = jsonb_set(jsonb_set(payload, '{overall,bestPickHits}', '9999'), '{market,best,profit}', '123.45'),
       computed_at = now() where key = '${TRACK_RECORD_MODEL_KEY}'`,
    );
    try {
      expect((await getAlgoPerformance({ db })).overall?.bestPickHits).toBe(9999);
      expect((await renderAlgoResults()).market[0].profit).toBe(123.45);
    } finally {
      await db.execute(
        sql`update read_models set payload = ${original}::jsonb, computed_at = now() where key = ${TRACK_RECORD_MODEL_KEY}`,
      );
    }
  });

  it("computes the same view once from the ledger while none is stored, until the worker stores it", async () => {
    const stored = await getTrackRecord({ db });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      // A payload of another shape (written by another version) counts as missing.
      await db.execute(
        `update read_models set payload = '{"version": 0}'::jsonb, computed_at = now() where key = '${TRACK_RECORD_MODEL_KEY}'`,
      );
      expect(await getTrackRecord({ db })).toEqual(stored);
      await db.execute(`delete from read_models where key = '${TRACK_RECORD_MODEL_KEY}'`);
      const [first, second] = await Promise.all([getTrackRecord({ db }), getAlgoPerformance({ db })]);
      expect(first).toEqual(stored);
      expect(second.overall).toEqual({ ...stored.overall, closingLine: stored.closingLine.overall });
      // Computed once and shared for a while, not once per request.
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
    // The worker's next run stores it again, and the page reads it back.
    expect((await season.worker.run(performanceJob)).rowsWritten).toBe(1);
    expect((await countQueries(() => getTrackRecord({ db }))).queries).toBe(1);
    expect(await getTrackRecord({ db })).toEqual(stored);
  });
});
