import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { readLedgerRows } from "@shared/db/ledger-export";
import { predictions } from "@shared/db/schema";
import { testDatabases } from "@shared/db/test-databases";
import { matchweekFor } from "@shared/domain/matchweek";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { matchUrl } from "@shared/domain/urls";
import { ledgerCsv, parseLedgerCsv } from "@shared/ledger/csv";
import { verifyLedger } from "@shared/ledger/verify";
import { parseTrackRecordPayload, TRACK_RECORD_MODEL_KEY } from "@shared/model/track-record-view";
import { testWorker, type TestWorker } from "../test-support/worker";
import { backfillJob } from "./backfill";
import { lockPicksJob } from "./lock-picks";
import { matchOfTheWeekJob } from "./match-of-the-week";
import { performanceJob } from "./performance";
import { resultsJob } from "./results";
import { settlePicksJob } from "./settle-picks";

const id = (slug: string) => getTeamBySlug(slug)!.id;
const MODEL = "test-model-1";

describe.each(testDatabases())("pick locking, settlement and the track record on $driver", (testDb) => {
  let db: DbHandle;
  let worker: TestWorker;
  let newcastleBrentford: number;

  const rows = <T = Record<string, unknown>>(sql: string) => db.execute<T>(sql);

  beforeAll(async () => {
    db = await testDb.open();
    worker = testWorker(db);
    await worker.run(backfillJob);
    const fixtureOf = async (home: string, away: string) =>
      (
        await rows<{ id: number }>(
          `select id from fixtures where home_team_id = ${id(home)} and away_team_id = ${id(away)}`,
        )
      )[0].id;
    newcastleBrentford = await fixtureOf("newcastle-united", "brentford");
    const prediction = {
      modelVersion: MODEL,
      probHome: 0.47,
      probDraw: 0.25,
      probAway: 0.28,
      probOver25: 0.62,
      probBtts: 0.57,
      expectedGoalsHome: 1.7,
      expectedGoalsAway: 1.3,
      projectedHomeScore: 2,
      projectedAwayScore: 1,
      resultPick: "1" as const,
      overUnderPick: "Over 2.5 Goals",
      bttsPick: "YES" as const,
      bestPick: "Over 2.5 Goals",
      confidence: 64.2,
      resultConfidence: 48.5,
      overUnderConfidence: 64.2,
      bttsConfidence: 58,
      bestPickOdds: 1.64,
      overUnderOdds: 1.64,
      bttsOdds: 1.8,
    };
    // Made before Newcastle v Brentford kicked off (17:30), and after Arsenal v Sunderland had (15:00).
    await db.db.insert(predictions).values([
      { ...prediction, fixtureId: newcastleBrentford, predictedAt: new Date("2026-02-07T15:45:00Z") },
      {
        ...prediction,
        confidence: 55,
        fixtureId: await fixtureOf("arsenal", "sunderland"),
        predictedAt: new Date("2026-02-07T15:45:00Z"),
      },
    ]);
  });
  afterAll(() => testDb.dispose());

  it("locks nothing before kick-off, and never a prediction made after kick-off", async () => {
    worker.setNow("2026-02-07T17:29:00Z");
    expect(await worker.run(lockPicksJob)).toMatchObject({ status: "ok", rowsWritten: 0 });
    expect(await rows("select * from pick_ledger")).toEqual([]);
  });

  it("freezes the effective pick at kick-off: best pick and the three tracked picks, with odds", async () => {
    worker.setNow("2026-02-07T17:31:00Z");
    expect(await worker.run(lockPicksJob)).toMatchObject({ status: "ok", rowsWritten: 4 });
    const ledger = await rows<{
      pick_kind: string;
      pick: string;
      confidence: string;
      odds: string;
      source: string;
      source_ref: string;
    }>("select pick_kind, pick, confidence, odds, source, source_ref from pick_ledger order by id");
    expect(
      ledger.map((r) => [r.pick_kind, r.pick, Number(r.confidence), Number(r.odds), r.source, r.source_ref]),
    ).toEqual([
      ["best", "Over 2.5 Goals", 64.2, 1.64, "algorithm", MODEL],
      // No price came with the result pick: the market's opening price for a home win.
      ["result", "Newcastle United to Win", 48.5, 1.89, "algorithm", MODEL],
      ["over-under", "Over 2.5 Goals", 64.2, 1.64, "algorithm", MODEL],
      ["btts", "BTTS: Yes", 58, 1.8, "algorithm", MODEL],
    ]);
    expect((await worker.run(lockPicksJob)).rowsWritten).toBe(0);
  });

  it("settles the picks after the final whistle, once: hit, miss and profit at the locked odds", async () => {
    expect((await worker.run(settlePicksJob)).rowsWritten).toBe(0);
    worker.setNow("2026-02-07T19:40:00Z");
    await worker.run(resultsJob);
    const run = await worker.run(settlePicksJob);
    expect(run).toMatchObject({ status: "ok", rowsWritten: 4, next: ["performance"] });
    const settled = await rows<{ pick_kind: string; outcome: string; profit: string }>(
      "select pick_kind, outcome, profit from pick_ledger order by id",
    );
    expect(settled.map((r) => [r.pick_kind, r.outcome, Number(r.profit)])).toEqual([
      ["best", "hit", 0.64],
      ["result", "miss", -1],
      ["over-under", "hit", 0.64],
      ["btts", "hit", 0.8],
    ]);
    expect((await worker.run(settlePicksJob)).rowsWritten).toBe(0);
  });

  it("records each settled pick's closing line, hashed into the settlement chain in format 2", async () => {
    const prices = await rows<{ source: string; market: string; home_price: string; over_price: string }>(
      `select source, market, home_price, over_price from fixture_odds
       where fixture_id = ${newcastleBrentford} and kind = 'closing' order by source, market`,
    );
    const closing = await rows<{
      pick_kind: string;
      closing_source: string | null;
      closing_odds: string | null;
      closing_probability: string | null;
      settlement_version: number;
    }>(
      "select pick_kind, closing_source, closing_odds, closing_probability, settlement_version from pick_ledger order by id",
    );
    // The fixture's closing prices: the market's average for both markets (preferred), Pinnacle for 1X2.
    expect(prices.map((p) => [p.source, p.market, p.home_price ?? p.over_price])).toEqual([
      ["market-average", "1x2", "1.93"],
      ["market-average", "ou25", "1.62"],
      ["pinnacle", "1x2", "1.97"],
    ]);
    expect(
      closing.map((r) => [r.pick_kind, r.closing_source, r.closing_odds, r.closing_probability, r.settlement_version]),
    ).toEqual([
      ["best", "market-average", "1.62", "0.589344", 2],
      ["result", "market-average", "1.93", "0.498728", 2],
      ["over-under", "market-average", "1.62", "0.589344", 2],
      // No both-teams-to-score prices: no closing line, still format 2.
      ["btts", null, null, null, 2],
    ]);
    // The published ledger carries it, with the CLV and beat-the-close, and verifies: the
    // database's format-2 hashes are the canonical ones.
    const csv = ledgerCsv(await readLedgerRows(db));
    const parsed = parseLedgerCsv(csv);
    expect(verifyLedger(parsed)).toMatchObject({ rows: 4, settled: 4 });
    expect(parsed.rows.map((r) => [r.pick_kind, r.odds, r.closing_odds, r.clv, r.beat_close])).toEqual([
      // 1.64 beats a close of 1.62, but the close's fair chance (58.9%) is below the 61.0% that
      // 1.64 needs: a closing-line value of −3.35%.
      ["best", "1.64", "1.62", "-0.0335", "true"],
      ["result", "1.89", "1.93", "-0.0574", "false"],
      ["over-under", "1.64", "1.62", "-0.0335", "true"],
      ["btts", "1.80", "", "", ""],
    ]);
  });

  it("computes accuracy, the recent matches and daily hit rates from the ledger, and writes nothing the second time", async () => {
    expect((await worker.run(performanceJob)).status).toBe("ok");
    const [overall] = await rows("select * from algo_performance_overall");
    expect(overall).toMatchObject({
      total_matches_predicted: 1,
      best_pick_hits: 1,
      best_pick_misses: 0,
      ou_goals_hits: 1,
      btts_hits: 1,
      tracking_start_date: "2026-02-07",
    });
    expect(Number(overall.best_pick_accuracy)).toBe(100);
    const leagues = await rows<{ league: string; total_matches_predicted: number }>(
      "select league, total_matches_predicted from algo_performance_league order by league",
    );
    expect(leagues).toHaveLength(5);
    expect(leagues.find((l) => l.league === "premier-league")?.total_matches_predicted).toBe(1);
    expect(leagues.find((l) => l.league === "serie-a")?.total_matches_predicted).toBe(0);

    const hitRates = await rows<{
      league: string;
      date: string;
      total_picks: number;
      successful_picks: number;
      hit_rate: string;
      matchweek: number;
    }>(
      "select league, date::text as date, total_picks, successful_picks, hit_rate, matchweek from hit_rate_tracking order by league",
    );
    const day = {
      date: "2026-02-07",
      total_picks: 3,
      successful_picks: 2,
      hit_rate: "66.67",
      matchweek: matchweekFor("2026-02-07T12:00:00Z"),
    };
    expect(hitRates).toEqual([
      { league: "all", ...day },
      { league: "premier-league", ...day },
    ]);

    const recent = await rows(
      "select league, home_team, away_team, final_score, best_pick, best_pick_result, match_url, display_order from algo_recent_matches",
    );
    expect(recent).toEqual([
      {
        league: "premier-league",
        home_team: "Newcastle United",
        away_team: "Brentford",
        final_score: "2-3",
        best_pick: "Over 2.5 Goals",
        best_pick_result: "hit",
        match_url: matchUrl("premier-league", "newcastle-united", "brentford"),
        display_order: 0,
      },
    ]);
    expect((await worker.run(performanceJob)).rowsWritten).toBe(0);
  });

  it("stores /algo-results's view model with the aggregates, and rewrites it only when it changes", async () => {
    const storedModel = async () =>
      (
        await rows<{ inputs: string; payload: string; computed_at: string }>(
          `select inputs, payload::text as payload, computed_at::text as computed_at from read_models where key = '${TRACK_RECORD_MODEL_KEY}'`,
        )
      )[0];
    const stored = await storedModel();
    expect(stored.inputs).toMatch(/^4 settled picks; sha256:[0-9a-f]{64}$/);
    const view = parseTrackRecordPayload(JSON.parse(stored.payload));
    expect(view?.overall).toMatchObject({
      totalMatchesPredicted: 1,
      bestPickHits: 1,
      bestPickAccuracy: 100,
      trackingStartDate: "2026-02-07",
      lastUpdated: new Date("2026-02-07T19:40:00Z"),
    });
    expect(view?.leagues.map((l) => [l.league, l.totalMatchesPredicted])).toEqual([
      ["premier-league", 1],
      ["la-liga", 0],
      ["bundesliga", 0],
      ["serie-a", 0],
      ["ligue1", 0],
    ]);
    expect(view?.recent["premier-league"]).toEqual([
      {
        fixtureId: newcastleBrentford,
        league: "premier-league",
        matchDate: "2026-02-07",
        homeTeam: "Newcastle United",
        awayTeam: "Brentford",
        finalScore: "2-3",
        bestPick: "Over 2.5 Goals",
        bestPickResult: "hit",
        bestPickProfit: 0.64,
        matchUrl: matchUrl("premier-league", "newcastle-united", "brentford"),
      },
    ]);
    expect(view?.reliability.best).toMatchObject({ picks: 1 });
    expect(view?.market.result).toMatchObject({ picks: 1, hits: 0, profit: -1, marketImpliedRate: 52.91 });
    expect(view?.market.btts).toMatchObject({ picks: 1, hits: 1, profit: 0.8 });

    // The same ledger: nothing written, the stored model untouched.
    expect((await worker.run(performanceJob)).rowsWritten).toBe(0);
    expect(await storedModel()).toEqual(stored);

    // Missing (a database upgraded to this version) or computed from other inputs: the next run
    // writes it, and only it.
    await rows(`delete from read_models where key = '${TRACK_RECORD_MODEL_KEY}'`);
    expect((await worker.run(performanceJob)).rowsWritten).toBe(1);
    await rows(`update read_models set inputs = 'older inputs' where key = '${TRACK_RECORD_MODEL_KEY}'`);
    expect((await worker.run(performanceJob)).rowsWritten).toBe(1);
    const rewritten = await storedModel();
    expect([rewritten.inputs, JSON.parse(rewritten.payload)]).toEqual([stored.inputs, JSON.parse(stored.payload)]);
    expect((await worker.run(performanceJob)).rowsWritten).toBe(0);
  });

  it("features a league a week in rotation, with its most promising match", async () => {
    const first = await worker.run(matchOfTheWeekJob);
    expect(first.rowsWritten).toBe(1);
    expect(
      await rows("select last_featured_league, week_start_date::text as week, fixture_id from match_of_the_week"),
    ).toEqual([{ last_featured_league: "premier-league", week: "2026-02-02", fixture_id: newcastleBrentford }]);
    expect((await worker.run(matchOfTheWeekJob)).rowsWritten).toBe(0);

    worker.setNow("2026-02-10T09:00:00Z");
    expect((await worker.run(matchOfTheWeekJob)).rowsWritten).toBe(1);
    const weeks = await rows<{ last_featured_league: string; week: string; fixture_id: number | null }>(
      "select last_featured_league, week_start_date::text as week, fixture_id from match_of_the_week order by week_start_date",
    );
    expect(weeks[1]).toEqual({ last_featured_league: "la-liga", week: "2026-02-09", fixture_id: null });
  });
});
