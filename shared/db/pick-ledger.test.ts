import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlePick } from "../domain/picks";
import { LEDGER_GENESIS_HASH } from "../ledger/canonical";
import { ledgerCsv, parseLedgerCsv, type LedgerCsvRow } from "../ledger/csv";
import { SAMPLE_PICK_TEXTS, SAMPLE_SCORES, SAMPLE_TEAMS as SAMPLE_PICK_TEAMS } from "../ledger/pick-text-samples";
import { isLedgerMarket, ledgerOutcome, ledgerSelection } from "../ledger/selection";
import { rechained } from "../ledger/test-ledger";
import { LEDGER_LATE_LOCK_AFTER_MS, verifyExtends, verifyLedger } from "../ledger/verify";
import type { DbHandle } from "./index";
import { readLedgerRows } from "./ledger-export";
import { fixtures, pickLedger, type NewPickLedgerRow, type PickLedgerRow } from "./schema";
import { insertSampleClubs, rejection, SAMPLE_SEASON, SAMPLE_TEAMS, testDatabases } from "./test-databases";

/** SQLSTATE the ledger's triggers raise. */
const RESTRICT_VIOLATION = "23001";
const KICKOFF = new Date("2026-02-07T15:00:00Z");

describe.each(testDatabases())("pick ledger on $driver", (testDb) => {
  let handle: DbHandle;
  let fixtureId: number;

  async function insertFixture(
    home: keyof typeof SAMPLE_TEAMS,
    away: keyof typeof SAMPLE_TEAMS,
    kickoffAt = KICKOFF,
  ): Promise<number> {
    const [fixture] = await handle.db
      .insert(fixtures)
      .values({
        league: "premier-league",
        season: SAMPLE_SEASON,
        kickoffAt,
        homeTeamId: SAMPLE_TEAMS[home].id,
        awayTeamId: SAMPLE_TEAMS[away].id,
      })
      .returning();
    return fixture.id;
  }

  const finish = (id: number, home: number, away: number, state: "live" | "post-match" = "post-match") =>
    handle.db
      .update(fixtures)
      .set({ matchState: state, status: state === "live" ? "2H" : "FT", homeScore: home, awayScore: away })
      .where(eq(fixtures.id, id));

  beforeAll(async () => {
    handle = await testDb.open();
    await insertSampleClubs(handle.db);
    fixtureId = await insertFixture("arsenal", "chelsea");
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
        lockedAt: KICKOFF,
        ...values,
      })
      .returning();
    return row;
  }

  const byId = (id: number) => eq(pickLedger.id, id);
  const rowOf = async (id: number) => (await handle.db.select().from(pickLedger).where(byId(id)))[0];

  it("records a locked pick, with what it claims read from its text", async () => {
    const row = await lock({ pickKind: "best" });
    expect(row).toMatchObject({ pick: "Arsenal to Win", confidence: 72.5, odds: 1.95, outcome: null, settledAt: null });
    expect(row).toMatchObject({ market: "result", selection: "1", lockedAt: KICKOFF, prevHash: LEDGER_GENESIS_HASH });
    expect(row.rowHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("stamps the kick-off and the database clock, whatever the client sent", async () => {
    const before = Date.now();
    const row = await lock({
      pickKind: "result",
      pick: "Draw",
      lockedAt: new Date("2026-01-01T00:00:00Z"),
      recordedAt: new Date("2026-01-01T00:00:00Z"),
      prevHash: "f".repeat(64),
      rowHash: "e".repeat(64),
    });
    expect(row.lockedAt).toEqual(KICKOFF);
    expect(row.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(row.recordedAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(row.prevHash).not.toBe("f".repeat(64));
    expect(row.rowHash).not.toBe("e".repeat(64));
    expect([row.market, row.selection]).toEqual(["result", "X"]);
  });

  it("refuses a settled insert: a back-dated hit cannot be written for a match not yet played", async () => {
    const unplayed = await insertFixture("liverpool", "everton", new Date(Date.now() + 86_400_000));
    const count = async () => (await handle.execute<{ n: number }>(`select count(*)::int as n from pick_ledger`))[0].n;
    const before = await count();
    const error = await rejection(
      handle.db.insert(pickLedger).values({
        fixtureId: unplayed,
        pickKind: "best",
        pick: "Liverpool to Win",
        confidence: 80,
        odds: 2,
        source: "algorithm",
        lockedAt: new Date("2026-01-01T00:00:00Z"),
        outcome: "hit",
        settledAt: new Date("2026-01-01T02:00:00Z"),
        profit: 1,
      }),
    );
    expect(error).toMatchObject({ code: RESTRICT_VIOLATION, message: expect.stringMatching(/inserted unsettled/) });
    expect(await count()).toBe(before);
  });

  it("refuses a market and selection the pick text contradicts", async () => {
    const error = await rejection(lock({ pickKind: "btts", pick: "BTTS: Yes", market: "btts", selection: "no" }));
    expect(error).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: 'pick_ledger: the pick "BTTS: Yes" reads as btts yes, not btts no',
    });
  });

  it("allows one pick of each kind per fixture", async () => {
    const error = await rejection(lock({ pickKind: "best", pick: "Draw" }));
    expect(error).toMatchObject({ code: "23505", constraint: "pick_ledger_fixture_kind_key" });
  });

  it("rejects any change to a locked pick", async () => {
    const other = await insertFixture("chelsea", "arsenal");
    const row = await lock({ fixtureId: other, pickKind: "result", pick: "1" });
    const changes: Partial<NewPickLedgerRow>[] = [
      { pick: "2" },
      { confidence: 90 },
      { source: "editorial" },
      { sourceRef: "edited" },
      { odds: 2.5 },
      { lockedAt: new Date("2026-02-07T16:00:00Z") },
      { recordedAt: new Date("2026-02-07T14:00:00Z") },
      { selection: "2" },
      { rowHash: "0".repeat(64) },
      // A change that rides along with a valid settlement is rejected too.
      { pick: "2", outcome: "hit", settledAt: new Date(), profit: 0.95 },
    ];
    for (const change of changes) {
      const error = await rejection(handle.db.update(pickLedger).set(change).where(byId(row.id)));
      expect(error.code).toBe(RESTRICT_VIOLATION);
      expect(error.message).toMatch(/is locked: only settled_at, outcome, profit and the closing line can be set/);
    }
    expect(await rowOf(row.id)).toEqual(row);
  });

  it("refuses to settle a match still in play, even as the result it has so far", async () => {
    const inPlay = await insertFixture("everton", "liverpool");
    const row = await lock({ fixtureId: inPlay, pickKind: "best", pick: "Everton to Win", odds: 3 });
    await finish(inPlay, 1, 0, "live");
    const error = await rejection(
      handle.db.update(pickLedger).set({ outcome: "hit", settledAt: new Date(), profit: 99 }).where(byId(row.id)),
    );
    expect(error).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: expect.stringMatching(
        /cannot be settled yet: its match \(fixture \d+\) is not final \(state live, score 1-0\)/,
      ),
    });
    const honest = await rejection(
      handle.db.update(pickLedger).set({ outcome: "hit", settledAt: new Date(), profit: 2 }).where(byId(row.id)),
    );
    expect(honest.message).toMatch(/is not final/);
    expect(await rowOf(row.id)).toEqual(row);
  });

  it("refuses a settlement that disagrees with the final score, in outcome or in profit", async () => {
    const played = await insertFixture("liverpool", "arsenal");
    const row = await lock({ fixtureId: played, pickKind: "over-under", pick: "Over 2.5 Goals", odds: 1.8 });
    await finish(played, 2, 1);
    const settledAt = new Date("2026-02-07T16:55:00Z");
    const wrong = await rejection(
      handle.db.update(pickLedger).set({ outcome: "miss", settledAt, profit: -1 }).where(byId(row.id)),
    );
    expect(wrong).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: `pick_ledger row ${row.id} cannot be settled as miss: the pick "Over 2.5 Goals" (over-under over 2.5) is a hit with the final score 2-1`,
    });
    const greedy = await rejection(
      handle.db.update(pickLedger).set({ outcome: "hit", settledAt, profit: 99 }).where(byId(row.id)),
    );
    expect(greedy).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: `pick_ledger row ${row.id} cannot be settled with profit 99.00: a hit at odds 1.80 pays 0.80`,
    });
    const early = await rejection(
      handle.db
        .update(pickLedger)
        .set({ outcome: "hit", settledAt: new Date("2026-02-07T14:00:00Z"), profit: 0.8 })
        .where(byId(row.id)),
    );
    expect(early.message).toMatch(/before its kick-off/);
    expect(await rowOf(row.id)).toEqual(row);
  });

  it("settles a pick once, from unsettled, after the final whistle, recording the score it was settled against", async () => {
    await finish(fixtureId, 3, 1);
    const row = await lock({ pickKind: "over-under", pick: "Over 2.5 Goals", odds: 1.8 });
    const settledAt = new Date("2026-02-07T16:55:00Z");
    await handle.db.update(pickLedger).set({ outcome: "hit", settledAt, profit: 0.8 }).where(byId(row.id));
    const settled = await rowOf(row.id);
    expect(settled).toMatchObject({
      outcome: "hit",
      settledAt,
      profit: 0.8,
      pick: "Over 2.5 Goals",
      finalHomeGoals: 3,
      finalAwayGoals: 1,
    });
    expect(settled.settlementSeq).toBeGreaterThanOrEqual(1);
    expect(settled.settlementHash).toMatch(/^[0-9a-f]{64}$/);
    expect(settled.rowHash).toBe(row.rowHash);

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
    const error = await rejection(
      handle.db.update(pickLedger).set({ outcome: "miss", profit: -1 }).where(byId(row.id)),
    );
    expect(error.constraint).toBe("pick_ledger_settlement_check");
  });

  it("never deletes", async () => {
    const before = await handle.db.select().from(pickLedger);
    expect(before.length).toBeGreaterThan(0);
    const deleted = await rejection(handle.db.delete(pickLedger).where(byId(before[0].id)));
    expect(deleted).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: "pick_ledger is append-only: DELETE is not allowed",
    });
    const truncated = await rejection(handle.execute(`truncate pick_ledger`));
    expect(truncated).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: "pick_ledger is append-only: TRUNCATE is not allowed",
    });
    // Nor through the fixture it belongs to.
    const fixtureDeleted = await rejection(handle.db.delete(fixtures).where(eq(fixtures.id, fixtureId)));
    expect(fixtureDeleted).toMatchObject({ code: "23503", constraint: "pick_ledger_fixture_id_fixtures_id_fk" });
    expect(await handle.db.select().from(pickLedger)).toHaveLength(before.length);
  });

  it("does not fork the chain under concurrent inserts and settlements", async () => {
    const pairs = [
      ["arsenal", "liverpool"],
      ["arsenal", "everton"],
      ["chelsea", "liverpool"],
      ["chelsea", "everton"],
      ["everton", "arsenal"],
      ["everton", "chelsea"],
    ] as const;
    const ids = await Promise.all(pairs.map(([home, away]) => insertFixture(home, away)));
    const kinds = ["best", "result", "over-under", "btts"] as const;
    // Each transaction writes its rows, then holds on before committing: on Postgres (a connection
    // each) the others queue behind it on the chain's lock; PGlite runs them in turn.
    await Promise.all(
      ids.map((id) =>
        handle.db.transaction(async (tx) => {
          for (const kind of kinds) {
            await tx.execute(
              sql`insert into pick_ledger (fixture_id, pick_kind, pick, confidence, odds, source) values (${id}, ${kind}, 'Draw', 30, 3.2, 'algorithm')`,
            );
          }
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    await Promise.all(ids.map((id, i) => finish(id, i % 2, i % 2)));
    await Promise.all(
      ids.map((id) =>
        handle.db.transaction(async (tx) => {
          await tx.execute(
            sql`update pick_ledger set settled_at = now(), outcome = 'hit', profit = 2.2 where fixture_id = ${id} and settled_at is null`,
          );
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    const verified = verifyLedger(parseLedgerCsv(ledgerCsv(await readLedgerRows(handle))));
    expect(verified.rows).toBe((await handle.db.select().from(pickLedger)).length);
    expect(verified.settled).toBeGreaterThanOrEqual(ids.length * kinds.length);
  });

  it("hashes every row into a chain the published CSV proves, and a tampered copy fails verification", async () => {
    const rows = await readLedgerRows(handle);
    const csv = ledgerCsv(rows);
    const verified = verifyLedger(parseLedgerCsv(csv));
    const [last] = await handle.execute<{ row_hash: string }>(
      `select row_hash from pick_ledger order by id desc limit 1`,
    );
    const [lastSettlement] = await handle.execute<{ settlement_hash: string }>(
      `select settlement_hash from pick_ledger where settlement_seq = (select max(settlement_seq) from pick_ledger)`,
    );
    expect(verified).toMatchObject({
      rows: rows.length,
      chainHead: last.row_hash,
      settlementHead: lastSettlement.settlement_hash,
    });
    // Most of these fixtures kicked off in February 2026, long before their rows were written.
    const all = await handle.db.select().from(pickLedger);
    const [{ ms }] = await handle.execute<{ ms: string }>(
      `select (extract(epoch from pick_ledger_late_after()) * 1000)::int::text as ms`,
    );
    expect(Number(ms)).toBe(LEDGER_LATE_LOCK_AFTER_MS);
    const late = all.filter((row) => row.recordedAt.getTime() - row.lockedAt.getTime() > LEDGER_LATE_LOCK_AFTER_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(verified.lateLocks).toBe(late.length);

    const settledIndex = rows.findIndex((row) => row.outcome === "hit");
    const tampered = (index: number, change: Partial<LedgerCsvRow>) =>
      rows.map((row, i) => (i === index ? { ...row, ...change } : row));
    const cases: Array<[string, string, RegExp]> = [
      [
        "a pick text rewritten",
        ledgerCsv(tampered(0, { pick: "Chelsea to Win" })),
        new RegExp(`^row ${rows[0].id} .*does not match its row_hash`),
      ],
      [
        "a confidence raised",
        ledgerCsv(tampered(1, { confidence: "99.0" })),
        new RegExp(`^row ${rows[1].id} .*does not match its row_hash`),
      ],
      [
        "a settled hit turned into a miss",
        ledgerCsv(tampered(settledIndex, { outcome: "miss", profit: "-1.00" })),
        new RegExp(`^row ${rows[settledIndex].id} .*says miss, but the pick`),
      ],
      [
        "a row removed",
        ledgerCsv(rows.filter((_, i) => i !== 1)),
        new RegExp(`^row ${rows[2].id} .*does not link to row ${rows[0].id}`),
      ],
      // A forger who recomputes every hash after an edit cannot also match the heads published before.
      [
        "every hash recomputed after an edit",
        withTrailerOf(rechained(tampered(0, { pick: "Chelsea to Win" })), csv),
        /^the trailer says chain_head=/,
      ],
    ];
    for (const [what, text, message] of cases) {
      expect(() => verifyLedger(parseLedgerCsv(text)), what).toThrow(message);
    }
    // With its own trailer the forged copy is consistent, but it does not extend the genuine one.
    const forged = parseLedgerCsv(ledgerCsv(rechained(tampered(0, { pick: "Chelsea to Win" }))));
    expect(verifyLedger(forged).rows).toBe(rows.length);
    expect(() => verifyExtends(parseLedgerCsv(csv), forged)).toThrow(
      `row ${rows[0].id} changed since the earlier copy: pick was "Arsenal to Win", now "Chelsea to Win"`,
    );
  });

  it("reads pick texts and settles them exactly as the domain does", async () => {
    const names = {
      home: JSON.stringify(SAMPLE_PICK_TEAMS.homeTeam),
      away: JSON.stringify(SAMPLE_PICK_TEAMS.awayTeam),
    };
    const read = await handle.execute<{ text: string; market: string; selection: string }>(sql`
      select t.text, c.market, c.selection
      from json_array_elements_text(${JSON.stringify(SAMPLE_PICK_TEXTS)}::json) with ordinality as t(text, n),
           pick_ledger_classify(t.text, array(select json_array_elements_text(${names.home}::json)),
             array(select json_array_elements_text(${names.away}::json))) as c
      order by t.n`);
    expect(read.map((r) => [r.text, r.market, r.selection])).toEqual(
      SAMPLE_PICK_TEXTS.map((text) => {
        const { market, selection } = ledgerSelection(text, SAMPLE_PICK_TEAMS);
        return [text, market, selection];
      }),
    );

    const grid = read.flatMap((r) => SAMPLE_SCORES.map((score) => ({ ...r, home: score.home, away: score.away })));
    const outcomes = await handle.execute<{ outcome: string | null }>(sql`
      select pick_ledger_outcome(t.market, t.selection, t.home, t.away) as outcome
      from json_to_recordset(${JSON.stringify(grid.map((cell, n) => ({ ...cell, n })))}::json)
        as t(market text, selection text, home int, away int, n int)
      order by t.n`);
    grid.forEach((cell, i) => {
      const score = { home: cell.home, away: cell.away };
      const what = `${JSON.stringify(cell.text)} at ${cell.home}-${cell.away}`;
      expect(outcomes[i].outcome ?? "pending", what).toBe(settlePick(cell.text, score, SAMPLE_PICK_TEAMS));
      expect(isLedgerMarket(cell.market) && ledgerOutcome(cell.market, cell.selection, score), what).toBe(
        outcomes[i].outcome ?? null,
      );
    });

    const profits = await handle.execute<{
      hit: string | null;
      low: string | null;
      unpriced: string | null;
      miss: string;
      void: string;
    }>(`
      select pick_ledger_profit('hit', 1.95)::text as hit, pick_ledger_profit('hit', 0.95)::text as low,
             pick_ledger_profit('hit', null)::text as unpriced, pick_ledger_profit('miss', 1.95)::text as miss,
             pick_ledger_profit('void', 1.95)::text as void`);
    expect(profits[0]).toEqual({ hit: "0.95", low: null, unpriced: null, miss: "-1", void: "0" });
  });
});

/** A CSV of these rows that keeps the trailer line of another. */
function withTrailerOf(rows: LedgerCsvRow[], original: string): string {
  const body = ledgerCsv(rows).trimEnd().split("\n").slice(0, -1);
  return `${[...body, original.trimEnd().split("\n").at(-1)].join("\n")}\n`;
}
