import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./index";
import { fixtures, pickLedger, type NewPickLedgerRow, type PickLedgerRow } from "./schema";
import { insertSampleClubs, rejection, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases } from "./test-databases";

/** SQLSTATE the append-only trigger raises. */
const RESTRICT_VIOLATION = "23001";

describe.each(testDatabases())("pick ledger on $driver", (testDb) => {
  let handle: DbHandle;
  let fixtureId: number;

  beforeAll(async () => {
    handle = await testDb.open();
    await insertSampleClubs(handle.db);
    const [fixture] = await handle.db
      .insert(fixtures)
      .values({
        league: "premier-league",
        season: SAMPLE_SEASON,
        kickoffAt: new Date("2026-02-07T15:00:00Z"),
        homeTeamId: SAMPLE_TEAMS.arsenal.id,
        awayTeamId: SAMPLE_TEAMS.chelsea.id,
      })
      .returning();
    fixtureId = fixture.id;
  });
  afterAll(() => testDb.dispose());

  async function lock(values: Partial<NewPickLedgerRow> & Pick<NewPickLedgerRow, "pickKind">): Promise<PickLedgerRow> {
    const [row] = await handle.db
      .insert(pickLedger)
      .values({
        fixtureId,
        pick: "Arsenal to Win",
        confidence: 72.5,
        odds: 1.95,
        source: "algorithm",
        sourceRef: "model-1",
        lockedAt: new Date("2026-02-07T15:00:00Z"),
        ...values,
      })
      .returning();
    return row;
  }

  const byId = (id: number) => eq(pickLedger.id, id);

  it("records a locked pick", async () => {
    const row = await lock({ pickKind: "best" });
    expect(row).toMatchObject({ pick: "Arsenal to Win", confidence: 72.5, odds: 1.95, outcome: null, settledAt: null });
  });

  it("allows one pick of each kind per fixture", async () => {
    const error = await rejection(lock({ pickKind: "best", pick: "Draw" }));
    expect(error).toMatchObject({ code: "23505", constraint: "pick_ledger_fixture_kind_key" });
  });

  it("rejects any change to a locked pick", async () => {
    const row = await lock({ pickKind: "result", pick: "1" });
    const changes: Partial<NewPickLedgerRow>[] = [
      { pick: "2" },
      { confidence: 90 },
      { source: "editorial" },
      { sourceRef: "edited" },
      { odds: 2.5 },
      { lockedAt: new Date("2026-02-07T16:00:00Z") },
      // A change that rides along with a valid settlement is rejected too.
      { pick: "2", outcome: "hit", settledAt: new Date(), profit: 0.95 },
    ];
    for (const change of changes) {
      const error = await rejection(handle.db.update(pickLedger).set(change).where(byId(row.id)));
      expect(error.code).toBe(RESTRICT_VIOLATION);
      expect(error.message).toMatch(/is locked: only settled_at, outcome and profit can be set/);
    }
    const [unchanged] = await handle.db.select().from(pickLedger).where(byId(row.id));
    expect(unchanged).toEqual(row);
  });

  it("settles a pick once, from unsettled", async () => {
    const row = await lock({ pickKind: "over-under", pick: "Over 2.5 Goals", odds: 1.8 });
    const settledAt = new Date("2026-02-07T16:55:00Z");
    await handle.db.update(pickLedger).set({ outcome: "hit", settledAt, profit: 0.8 }).where(byId(row.id));
    const [settled] = await handle.db.select().from(pickLedger).where(byId(row.id));
    expect(settled).toMatchObject({ outcome: "hit", settledAt, profit: 0.8, pick: "Over 2.5 Goals" });

    for (const change of [
      { outcome: "miss", profit: -1 },
      { outcome: null, settledAt: null, profit: null },
    ] as const) {
      const error = await rejection(handle.db.update(pickLedger).set(change).where(byId(row.id)));
      expect(error).toMatchObject({ code: RESTRICT_VIOLATION, message: expect.stringMatching(/already settled/) });
    }
  });

  it("rejects a settlement without its time", async () => {
    const row = await lock({ pickKind: "btts", pick: "YES" });
    const error = await rejection(handle.db.update(pickLedger).set({ outcome: "miss", profit: -1 }).where(byId(row.id)));
    expect(error.constraint).toBe("pick_ledger_settlement_check");
  });

  it("never deletes", async () => {
    const before = await handle.db.select().from(pickLedger);
    expect(before.length).toBeGreaterThan(0);
    const deleted = await rejection(handle.db.delete(pickLedger).where(byId(before[0].id)));
    expect(deleted).toMatchObject({ code: RESTRICT_VIOLATION, message: "pick_ledger is append-only: DELETE is not allowed" });
    const truncated = await rejection(handle.execute(`truncate pick_ledger`));
    expect(truncated).toMatchObject({ code: RESTRICT_VIOLATION, message: "pick_ledger is append-only: TRUNCATE is not allowed" });
    // Nor through the fixture it belongs to.
    const fixtureDeleted = await rejection(handle.db.delete(fixtures).where(eq(fixtures.id, fixtureId)));
    expect(fixtureDeleted).toMatchObject({ code: "23503", constraint: "pick_ledger_fixture_id_fixtures_id_fk" });
    expect(await handle.db.select().from(pickLedger)).toHaveLength(before.length);
  });
});
