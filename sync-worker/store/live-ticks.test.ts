import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@shared/db";
import { fixtures, LIVE_TICKS_PER_FIXTURE, liveEvents, predictions } from "@shared/db/schema";
import { insertSampleClubs, rejection, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases } from "@shared/db/test-databases";
import type { LiveProbabilityTick } from "@shared/model/live-probability-history";
import { jobDbOf } from "../jobs/job-db";
import type { JobDb } from "../jobs/types";
import { recordLiveTicks, storeTicks } from "./live-ticks";

const { arsenal, chelsea, liverpool, everton } = SAMPLE_TEAMS;
const PUBLISHED = { home: 0.52, draw: 0.27, away: 0.21, over25: 0.55, btts: 0.5 };

interface TickRow {
  period: string;
  minute: number;
  added_minute: number;
  home_score: number;
  away_score: number;
  home_red_cards: number;
  prob_home: number;
  prob_draw: number;
  prob_away: number;
  prob_over25: number;
  prob_btts: number;
}

describe.each(testDatabases())("live probability ticks on $driver", (testDb) => {
  let handle: DbHandle;
  let db: JobDb;

  beforeAll(async () => {
    handle = await testDb.open();
    db = jobDbOf(handle);
    await insertSampleClubs(handle.db);
  });
  afterAll(() => testDb.dispose());

  async function predictedFixture(homeTeamId: number, awayTeamId: number): Promise<number> {
    const [row] = await handle.db
      .insert(fixtures)
      .values({
        league: "premier-league",
        season: SAMPLE_SEASON,
        kickoffAt: new Date("2026-02-07T15:00:00Z"),
        homeTeamId,
        awayTeamId,
      })
      .returning({ id: fixtures.id });
    await handle.db.insert(predictions).values({
      fixtureId: row.id,
      modelVersion: "test",
      probHome: PUBLISHED.home,
      probDraw: PUBLISHED.draw,
      probAway: PUBLISHED.away,
      probOver25: PUBLISHED.over25,
      probBtts: PUBLISHED.btts,
      expectedGoalsHome: 1.6,
      expectedGoalsAway: 1.1,
      projectedHomeScore: 1,
      projectedAwayScore: 0,
      resultPick: "1",
      overUnderPick: "Over 2.5 Goals",
      bttsPick: "YES",
      bestPick: "Arsenal to Win",
      confidence: 52,
    });
    return row.id;
  }

  const setState = (id: number, values: Partial<typeof fixtures.$inferInsert>) =>
    handle.db.update(fixtures).set(values).where(eq(fixtures.id, id));
  const ticksOf = (id: number) =>
    handle.execute<TickRow>(
      `select period, minute, added_minute, home_score, away_score, home_red_cards, prob_home, prob_draw, prob_away, prob_over25, prob_btts
       from live_probability_ticks where fixture_id = ${id}
       order by case period when 'first-half' then 0 when 'half-time' then 1 when 'second-half' then 2 else 3 end, minute, added_minute`,
    );

  it("records the kick-off tick (the published forecast) and the tick now; a repeated reading writes nothing", async () => {
    const id = await predictedFixture(arsenal.id, chelsea.id);
    await setState(id, { matchState: "live", status: "1H", liveMinute: 12, homeScore: 0, awayScore: 0 });
    expect(await db.transaction((tx) => recordLiveTicks(tx, [id]))).toBe(2);
    expect(await db.transaction((tx) => recordLiveTicks(tx, [id]))).toBe(0);
    const rows = await ticksOf(id);
    expect(rows.map((r) => [r.period, r.minute])).toEqual([
      ["first-half", 0],
      ["first-half", 12],
    ]);
    expect(rows[0]).toMatchObject({
      home_score: 0,
      away_score: 0,
      prob_home: 0.52,
      prob_draw: 0.27,
      prob_away: 0.21,
      prob_over25: 0.55,
      prob_btts: 0.5,
    });
    expect(rows[1].prob_home + rows[1].prob_draw + rows[1].prob_away).toBeCloseTo(1, 3);

    // A goal in the same minute: the minute's row takes the new reading, no row is added.
    await setState(id, { homeScore: 1 });
    expect(await db.transaction((tx) => recordLiveTicks(tx, [id]))).toBe(1);
    const [, twelfth] = await ticksOf(id);
    expect(twelfth).toMatchObject({ minute: 12, home_score: 1 });
    expect(twelfth.prob_home).toBeGreaterThan(rows[1].prob_home);

    // A sending-off recorded with the events counts in the next tick.
    await handle.db
      .insert(liveEvents)
      .values({ fixtureId: id, minute: 20, side: "home", type: "Card", detail: "Red Card", teamId: arsenal.id });
    await setState(id, { liveMinute: 20 });
    await db.transaction((tx) => recordLiveTicks(tx, [id]));
    expect((await ticksOf(id)).at(-1)).toMatchObject({ minute: 20, home_red_cards: 1 });

    // Half-time, added time of the second half, then the whistle: the full-time tick is the result.
    await setState(id, { status: "HT", liveMinute: 45 });
    await db.transaction((tx) => recordLiveTicks(tx, [id]));
    await setState(id, { status: "2H", liveMinute: 90, injuryTime: 3, homeScore: 1, awayScore: 1 });
    await db.transaction((tx) => recordLiveTicks(tx, [id]));
    await setState(id, {
      matchState: "post-match",
      status: "FT",
      liveMinute: null,
      injuryTime: null,
      homeScore: 2,
      awayScore: 1,
    });
    await db.transaction((tx) => recordLiveTicks(tx, [id]));
    const all = await ticksOf(id);
    expect(all.map((r) => `${r.period} ${r.minute}+${r.added_minute}`)).toEqual([
      "first-half 0+0",
      "first-half 12+0",
      "first-half 20+0",
      "half-time 45+0",
      "second-half 90+3",
      "full-time 90+0",
    ]);
    expect(all.at(-1)).toMatchObject({
      home_score: 2,
      away_score: 1,
      prob_home: 1,
      prob_draw: 0,
      prob_away: 0,
      prob_over25: 1,
      prob_btts: 1,
    });

    // A replay of the same match (the worker restarted earlier) adds nothing; the full-time tick
    // of the later moment goes until the whistle comes again.
    await setState(id, {
      matchState: "live",
      status: "1H",
      liveMinute: 12,
      injuryTime: null,
      homeScore: 1,
      awayScore: 0,
    });
    await handle.db.delete(liveEvents);
    expect(await db.transaction((tx) => recordLiveTicks(tx, [id]))).toBe(1);
    expect((await ticksOf(id)).map((r) => r.period)).not.toContain("full-time");
    expect(await db.transaction((tx) => recordLiveTicks(tx, [id]))).toBe(0);
    await setState(id, { matchState: "post-match", status: "FT", liveMinute: null, homeScore: 2, awayScore: 1 });
    expect(await db.transaction((tx) => recordLiveTicks(tx, [id]))).toBe(1);
    expect(await ticksOf(id)).toHaveLength(6);
  });

  it("records nothing for a match without a prediction or not yet kicked off", async () => {
    const [row] = await handle.db
      .insert(fixtures)
      .values({
        league: "premier-league",
        season: SAMPLE_SEASON,
        kickoffAt: new Date("2026-02-07T15:00:00Z"),
        homeTeamId: liverpool.id,
        awayTeamId: everton.id,
        matchState: "live",
        status: "1H",
        liveMinute: 5,
        homeScore: 0,
        awayScore: 0,
      })
      .returning({ id: fixtures.id });
    expect(await db.transaction((tx) => recordLiveTicks(tx, [row.id]))).toBe(0);
    const pending = await predictedFixture(chelsea.id, liverpool.id);
    expect(await db.transaction((tx) => recordLiveTicks(tx, [pending]))).toBe(0);
  });

  it(`keeps at most ${LIVE_TICKS_PER_FIXTURE} rows a fixture, the full-time tick always among them`, async () => {
    const id = await predictedFixture(everton.id, arsenal.id);
    const tick = (minute: number, addedMinute: number): LiveProbabilityTick => ({
      period: "second-half",
      minute,
      addedMinute,
      score: { home: 0, away: 0 },
      redCards: { home: 0, away: 0 },
      ...PUBLISHED,
    });
    // More distinct readings than the bound, some in one statement, some one by one.
    const many = Array.from({ length: 45 }, (_, i) => 46 + i).flatMap((minute) =>
      [0, 1, 2, 3].map((added) => tick(minute, added)),
    );
    await db.transaction((tx) =>
      storeTicks(
        tx,
        many.slice(0, 100).map((t) => ({ fixtureId: id, tick: t })),
      ),
    );
    for (const t of many.slice(100, 160)) await db.transaction((tx) => storeTicks(tx, [{ fixtureId: id, tick: t }]));
    expect(await ticksOf(id)).toHaveLength(LIVE_TICKS_PER_FIXTURE - 1);
    const fullTime: LiveProbabilityTick = {
      ...tick(90, 0),
      period: "full-time",
      score: { home: 0, away: 0 },
      home: 0,
      draw: 1,
      away: 0,
      over25: 0,
      btts: 0,
    };
    expect(await db.transaction((tx) => storeTicks(tx, [{ fixtureId: id, tick: fullTime }]))).toBe(1);
    const rows = await ticksOf(id);
    expect(rows).toHaveLength(LIVE_TICKS_PER_FIXTURE);
    expect(rows.at(-1)).toMatchObject({ period: "full-time", prob_draw: 1 });
    // Another fixture's ticks are not limited by this one's.
    const other = await predictedFixture(liverpool.id, arsenal.id);
    expect(await db.transaction((tx) => storeTicks(tx, [{ fixtureId: other, tick: tick(50, 0) }]))).toBe(1);
  });

  it("refuses a tick outside the table's checks", async () => {
    const id = await predictedFixture(chelsea.id, everton.id);
    const error = await rejection(
      handle.execute(
        `insert into live_probability_ticks (fixture_id, period, minute, home_score, away_score, prob_home, prob_draw, prob_away, prob_over25, prob_btts)
         values (${id}, 'extra-time', 95, 0, 0, 0.5, 0.3, 0.2, 0.5, 0.5)`,
      ),
    );
    expect(error.message).toMatch(/live_probability_ticks_period_check/);
    const probability = await rejection(
      handle.execute(
        `insert into live_probability_ticks (fixture_id, period, minute, home_score, away_score, prob_home, prob_draw, prob_away, prob_over25, prob_btts)
         values (${id}, 'first-half', 5, 0, 0, 1.5, 0.3, 0.2, 0.5, 0.5)`,
      ),
    );
    expect(probability.message).toMatch(/live_probability_ticks_probabilities_check/);
  });
});
