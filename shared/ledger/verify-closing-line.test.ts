/**
 * The closing line in the published ledger: settlements in format 2 carry it in their hash, the
 * verifier recomputes the CLV and beat-the-close columns, and a ledger published before the
 * closing line (format 1 throughout, without its columns) still reads and is extended by today's.
 */
import { describe, expect, it } from "vitest";
import { ledgerSettlementText } from "./canonical";
import { ledgerCsv, LEDGER_CSV_COLUMNS_V1, parseLedgerCsv, type LedgerCsvRow } from "./csv";
import { ledgerCsvRow, rechained } from "./test-ledger";
import { verifyExtends, verifyLedger } from "./verify";

/** Settled 2-1 unless given. */
const row = (values: Partial<LedgerCsvRow>) =>
  ledgerCsvRow({ confidence: "61.5", final_home_goals: "2", final_away_goals: "1", ...values });

/** Settled in format 1 before the closing line was recorded, then two settlements in format 2. */
const LEDGER = rechained([
  row({
    id: "1",
    pick_kind: "best",
    pick: "Arsenal to Win",
    market: "result",
    selection: "1",
    odds: "1.95",
    settlement_seq: "1",
    settlement_version: "1",
    settled_at: "2026-02-07T17:05:00.000000Z",
    outcome: "hit",
    profit: "0.95",
  }),
  row({
    id: "2",
    pick_kind: "result",
    pick: "Arsenal to Win",
    market: "result",
    selection: "1",
    odds: "2.10",
    settlement_seq: "2",
    settlement_version: "2",
    settled_at: "2026-02-14T17:05:00.000000Z",
    outcome: "hit",
    profit: "1.10",
    closing_source: "market-average",
    closing_odds: "1.95",
    closing_probability: "0.500000",
  }),
  row({
    id: "3",
    pick_kind: "btts",
    pick: "BTTS: Yes",
    market: "btts",
    selection: "yes",
    odds: "1.80",
    settlement_seq: "3",
    settlement_version: "2",
    settled_at: "2026-02-14T17:06:00.000000Z",
    outcome: "hit",
    profit: "0.80",
  }),
]);

const verified = (rows: LedgerCsvRow[]) => verifyLedger(parseLedgerCsv(ledgerCsv(rows)));

describe("the closing line in the published ledger", () => {
  it("derives CLV and beat-the-close from the locked odds and the close", () => {
    expect(LEDGER.map((r) => [r.id, r.settlement_version, r.clv, r.beat_close])).toEqual([
      ["1", "1", "", ""],
      // 2.10 × 0.5 − 1: +5% against a close of 1.95.
      ["2", "2", "0.0500", "true"],
      ["3", "2", "", ""],
    ]);
    expect(verified(LEDGER)).toMatchObject({ rows: 3, settled: 3 });
  });

  it("hashes the closing line in format 2 only", () => {
    const settlement = {
      settlement_seq: "2",
      id: "2",
      row_hash: "a".repeat(64),
      settled_at: "2026-02-14T17:05:00.000000Z",
      final_home_goals: "2",
      final_away_goals: "1",
      outcome: "hit",
      profit: "1.10",
      closing_source: "market-average",
      closing_odds: "1.95",
      closing_probability: "0.500000",
      prev_settlement_hash: "b".repeat(64),
    };
    expect(ledgerSettlementText(settlement, 2)).toBe(
      "pick_ledger settlement v2\nsettlement_seq=2\nid=2\nrow_hash=" +
        `${"a".repeat(64)}\nsettled_at=2026-02-14T17:05:00.000000Z\nfinal_home_goals=2\nfinal_away_goals=1\n` +
        "outcome=hit\nprofit=1.10\nclosing_source=market-average\nclosing_odds=1.95\nclosing_probability=0.500000\n" +
        `prev_settlement_hash=${"b".repeat(64)}\n`,
    );
    expect(ledgerSettlementText(settlement, 1)).not.toContain("closing");
  });

  it.each<[string, Partial<LedgerCsvRow>, string]>([
    [
      "a closing price changed after the fact",
      { closing_odds: "1.90" },
      "row 2's settlement (settlement_seq 2) does not match its settlement_hash",
    ],
    [
      "a closing line added to a format-1 settlement",
      { id: "1", closing_source: "pinnacle", closing_odds: "1.90", closing_probability: "0.520000" },
      "row 1 (record 1 of 3) was settled in format 1, which has no closing line, but has closing_source, closing_odds, closing_probability",
    ],
    [
      "part of a closing line",
      { closing_source: "" },
      "row 2 (record 2 of 3) has part of a closing line: only closing_odds, closing_probability",
    ],
    [
      "a closing probability out of range",
      { closing_probability: "1.000000" },
      'closing_probability "1.000000" is not a probability between 0 and 1 with six decimals',
    ],
    [
      "a closing line on a market without quoted prices",
      {
        id: "3",
        pick: "Arsenal or Draw",
        market: "double-chance",
        selection: "1X",
        closing_source: "bet365",
        closing_odds: "1.30",
        closing_probability: "0.740000",
      },
      "row 3 (record 3 of 3) has a closing line, but its market double-chance has no quoted prices",
    ],
  ])("fails %s, even with the chains recomputed", (_, change, message) => {
    const target = change.id ?? "2";
    const forged = LEDGER.map((r) => (r.id === target ? { ...r, ...change } : r));
    // A forger who recomputes the chains gets past the hashes, not the checks.
    const rechainedForgery = rechained(forged);
    const rows = message.includes("settlement_hash") ? forged : rechainedForgery;
    expect(() => verified(rows)).toThrow(message);
  });

  it("fails a CLV or beat-the-close column that its values do not give", () => {
    const inflated = LEDGER.map((r) => (r.id === "2" ? { ...r, clv: "0.0800" } : r));
    expect(() => verified(inflated)).toThrow(
      'row 2 (record 2 of 3) has clv "0.0800", but odds "2.10" at a closing probability "0.500000" give "0.0500"',
    );
    const claimed = LEDGER.map((r) => (r.id === "3" ? { ...r, beat_close: "true" } : r));
    expect(() => verified(claimed)).toThrow('row 3 (record 3 of 3) has beat_close "true"');
  });

  it("reads a ledger published before the closing line, and today's extends it", () => {
    const earlier = [LEDGER[0], { ...LEDGER[1], ...unsettled }];
    const lines = [
      LEDGER_CSV_COLUMNS_V1.join(","),
      ...earlier.map((r) => LEDGER_CSV_COLUMNS_V1.map((column) => r[column]).join(",")),
    ];
    const trailer = ledgerCsv(earlier).trimEnd().split("\n").at(-1)!;
    const old = parseLedgerCsv(`${[...lines, trailer].join("\n")}\n`);
    expect(old.rows.map((r) => [r.id, r.settlement_version, r.closing_source])).toEqual([
      ["1", "1", ""],
      ["2", "", ""],
    ]);
    expect(LEDGER_CSV_COLUMNS_V1).not.toContain("clv");
    const current = parseLedgerCsv(ledgerCsv(LEDGER));
    expect(verifyLedger(current)).toMatchObject({ settled: 3 });
    expect(verifyExtends(old, current)).toMatchObject({ previousRows: 2, addedRows: 1, newlySettled: 1 });
  });
});

const unsettled: Partial<LedgerCsvRow> = {
  settlement_seq: "",
  settlement_version: "",
  settled_at: "",
  final_home_goals: "",
  final_away_goals: "",
  outcome: "",
  profit: "",
  closing_source: "",
  closing_odds: "",
  closing_probability: "",
  clv: "",
  beat_close: "",
  prev_settlement_hash: "",
  settlement_hash: "",
};
