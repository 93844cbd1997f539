import { and, asc, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./index";
import {
  algoPerformanceOverall,
  fixtureOdds,
  fixtures,
  liveEvents,
  predictions,
  teams,
  type NewFixtureRow,
} from "./schema";
import { insertSampleClubs, rejection, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases } from "./test-databases";

const { arsenal, chelsea, liverpool, everton } = SAMPLE_TEAMS;

describe.each(testDatabases())("schema on $driver", (testDb) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await testDb.open();
    await insertSampleClubs(handle.db);
  });
  afterAll(() => testDb.dispose());

  async function insertFixture(values: Partial<NewFixtureRow> & Pick<NewFixtureRow, "homeTeamId" | "awayTeamId">) {
    const [row] = await handle.db
      .insert(fixtures)
      .values({
        league: "premier-league",
        season: SAMPLE_SEASON,
        kickoffAt: new Date("2026-02-07T15:00:00Z"),
        ...values,
      })
      .returning();
    return row;
  }

  it("fills the spec's defaults", async () => {
    const fixture = await insertFixture({ homeTeamId: arsenal.id, awayTeamId: chelsea.id });
    expect(fixture).toMatchObject({
      matchState: "pre-match",
      isActive: true,
      requiresReview: false,
      homeScore: null,
      kickoffAt: new Date("2026-02-07T15:00:00Z"),
    });
    expect(fixture.createdAt).toBeInstanceOf(Date);

    const [performance] = await handle.db.insert(algoPerformanceOverall).values({}).returning();
    expect(performance).toMatchObject({
      trackingStartDate: "2025-10-04",
      totalMatchesPredicted: 0,
      bestPickHits: 0,
      bestPickAccuracy: 0,
      ouGoalsAccuracy: 0,
      bttsAccuracy: 0,
    });
  });

  it("keeps confidence to one decimal up to 100.0 and odds to two decimals", async () => {
    const fixture = await insertFixture({ homeTeamId: liverpool.id, awayTeamId: everton.id });
    await handle.db.insert(predictions).values({
      fixtureId: fixture.id,
      modelVersion: "test",
      probHome: 0.61,
      probDraw: 0.22,
      probAway: 0.17,
      probOver25: 0.58,
      probBtts: 0.51,
      expectedGoalsHome: 1.9,
      expectedGoalsAway: 0.8,
      projectedHomeScore: 2,
      projectedAwayScore: 0,
      resultPick: "1",
      overUnderPick: "Over 2.5 Goals",
      bttsPick: "NO",
      bestPick: "Liverpool to Win",
      confidence: 100.0,
      bttsConfidence: 85.5,
      resultOdds: 12.5,
      bttsOdds: 1.875,
    });
    const stored = await handle.db.query.predictions.findFirst({ where: eq(predictions.fixtureId, fixture.id) });
    expect(stored).toMatchObject({ confidence: 100, bttsConfidence: 85.5, resultOdds: 12.5, bttsOdds: 1.88 });

    const [raw] = await handle.execute<{ confidence: string; btts_confidence: string; result_odds: string }>(
      `select confidence, btts_confidence, result_odds from predictions where fixture_id = ${fixture.id}`,
    );
    expect(raw).toEqual({ confidence: "100.0", btts_confidence: "85.5", result_odds: "12.50" });

    const outOfRange = await rejection(
      handle.db.update(predictions).set({ confidence: 100.1 }).where(eq(predictions.fixtureId, fixture.id)),
    );
    expect(outOfRange.constraint).toBe("predictions_confidence_check");
  });

  it("rejects a match state outside pre-match, live and post-match", async () => {
    const error = await rejection(
      handle.execute(`update fixtures set match_state = 'half-time' where home_team_id = ${arsenal.id}`),
    );
    expect(error).toMatchObject({ code: "23514", constraint: "fixtures_match_state_check" });
  });

  it("keeps team slugs unique", async () => {
    const error = await rejection(
      handle.db.insert(teams).values({ ...arsenal, id: 9999, league: "premier-league", code: "ARX" }),
    );
    expect(error).toMatchObject({ code: "23505", constraint: "teams_slug_unique" });
  });

  it("allows each pairing once per league season", async () => {
    // Arsenal v Chelsea exists from the defaults test; the reverse fixture is a different pairing.
    await insertFixture({ homeTeamId: chelsea.id, awayTeamId: arsenal.id });
    const error = await rejection(insertFixture({ homeTeamId: arsenal.id, awayTeamId: chelsea.id }));
    expect(error).toMatchObject({ code: "23505", constraint: "fixtures_natural_key" });
  });

  it("keeps one price row per fixture, source, market and kind, with only that market's prices", async () => {
    const fixture = await insertFixture({ homeTeamId: everton.id, awayTeamId: arsenal.id });
    const closing1x2 = { fixtureId: fixture.id, source: "bet365", market: "1x2", kind: "closing" } as const;
    await handle.db.insert(fixtureOdds).values({ ...closing1x2, homePrice: 4.2, drawPrice: 3.6, awayPrice: 1.85 });
    await handle.db
      .insert(fixtureOdds)
      .values({ ...closing1x2, kind: "opening", homePrice: 4.0, drawPrice: 3.5, awayPrice: 1.9 });

    const duplicate = await rejection(
      handle.db.insert(fixtureOdds).values({ ...closing1x2, homePrice: 4.3, drawPrice: 3.6, awayPrice: 1.83 }),
    );
    expect(duplicate).toMatchObject({ code: "23505", constraint: "fixture_odds_key" });
    const mixedMarkets = await rejection(
      handle.db
        .insert(fixtureOdds)
        .values({ ...closing1x2, market: "ou25", homePrice: 4.3, overPrice: 1.9, underPrice: 1.95 }),
    );
    expect(mixedMarkets.constraint).toBe("fixture_odds_prices_match_market_check");

    // The upsert a sync job does: the same key replaces the prices.
    await handle.db
      .insert(fixtureOdds)
      .values({ ...closing1x2, homePrice: 4.33, drawPrice: 3.6, awayPrice: 1.83 })
      .onConflictDoUpdate({
        target: [fixtureOdds.fixtureId, fixtureOdds.source, fixtureOdds.market, fixtureOdds.kind],
        set: { homePrice: 4.33, awayPrice: 1.83 },
      });
    const rows = await handle.db.query.fixtureOdds.findMany({
      where: eq(fixtureOdds.fixtureId, fixture.id),
      orderBy: asc(fixtureOdds.kind),
    });
    expect(rows.map((r) => [r.kind, r.homePrice, r.awayPrice])).toEqual([
      ["closing", 4.33, 1.83],
      ["opening", 4, 1.9],
    ]);
  });

  it("stores a live event once however often it is upserted", async () => {
    const fixture = await insertFixture({
      homeTeamId: liverpool.id,
      awayTeamId: chelsea.id,
      kickoffAt: new Date("2026-02-08T16:30:00Z"),
      matchState: "live",
    });
    const goal = {
      fixtureId: fixture.id,
      minute: 90,
      teamId: liverpool.id,
      side: "home",
      type: "Goal",
      detail: "Normal Goal",
      playerName: "M. Salah",
    } as const;
    for (let i = 0; i < 3; i++) await handle.db.insert(liveEvents).values(goal).onConflictDoNothing();
    await handle.db
      .insert(liveEvents)
      .values({ ...goal, extraMinute: 3 })
      .onConflictDoNothing();
    const events = await handle.db.query.liveEvents.findMany({ where: eq(liveEvents.fixtureId, fixture.id) });
    expect(events.map((e) => e.extraMinute).sort()).toEqual([3, null]);
  });

  it("reads a league season's fixtures in kick-off order, with teams and prediction", async () => {
    const kickoffs = ["2026-03-14T17:30:00Z", "2026-03-14T12:30:00Z", "2026-03-15T16:30:00Z"];
    await insertFixture({ homeTeamId: chelsea.id, awayTeamId: liverpool.id, kickoffAt: new Date(kickoffs[0]) });
    await insertFixture({ homeTeamId: everton.id, awayTeamId: chelsea.id, kickoffAt: new Date(kickoffs[1]) });
    await insertFixture({ homeTeamId: arsenal.id, awayTeamId: liverpool.id, kickoffAt: new Date(kickoffs[2]) });

    const weekend = await handle.db
      .select({ kickoffAt: fixtures.kickoffAt, homeTeamId: fixtures.homeTeamId })
      .from(fixtures)
      .where(
        and(
          eq(fixtures.league, "premier-league"),
          eq(fixtures.season, SAMPLE_SEASON),
          gte(fixtures.kickoffAt, new Date("2026-03-14T00:00:00Z")),
          lt(fixtures.kickoffAt, new Date("2026-03-16T00:00:00Z")),
        ),
      )
      .orderBy(asc(fixtures.kickoffAt));
    expect(weekend.map((f) => f.kickoffAt.toISOString())).toEqual(
      [...kickoffs].sort().map((k) => new Date(k).toISOString()),
    );
    expect(weekend.map((f) => f.homeTeamId)).toEqual([everton.id, chelsea.id, arsenal.id]);

    const withRelations = await handle.db.query.fixtures.findMany({
      where: and(eq(fixtures.league, "premier-league"), eq(fixtures.homeTeamId, liverpool.id)),
      with: { homeTeam: true, awayTeam: true, prediction: true },
      orderBy: asc(fixtures.kickoffAt),
    });
    expect(withRelations.map((f) => [f.homeTeam.slug, f.awayTeam.slug, f.prediction?.bestPick ?? null])).toEqual([
      ["liverpool", "everton", "Liverpool to Win"],
      ["liverpool", "chelsea", null],
    ]);
  });
});
