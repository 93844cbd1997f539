import { describe, expect, it } from "vitest";
import { pickProfit, settlePick } from "../domain/picks";
import { SAMPLE_PICK_TEXTS, SAMPLE_SCORES, SAMPLE_TEAMS } from "./pick-text-samples";
import { isCanonicalSelection, ledgerOutcome, ledgerProfit, ledgerSelection, type LedgerSelection } from "./selection";

describe("ledgerSelection", () => {
  it.each<[string, LedgerSelection]>([
    ["Arsenal to Win", { market: "result", selection: "1" }],
    ["Draw", { market: "result", selection: "X" }],
    ["Chelsea FC dnb", { market: "draw-no-bet", selection: "2" }],
    ["Draw or Arsenal", { market: "double-chance", selection: "1X" }],
    ["x/2", { market: "double-chance", selection: "X2" }],
    ["Under 02.50 goals", { market: "over-under", selection: "under 2.5" }],
    ["Over 3", { market: "over-under", selection: "over 3" }],
    ["BTTS - No", { market: "btts", selection: "no" }],
    ["Saka Anytime Scorer", { market: "unknown", selection: "" }],
    ["-", { market: "unknown", selection: "" }],
    ["Coming Soon", { market: "pending", selection: "" }],
  ])("%j → %j", (text, expected) => {
    expect(ledgerSelection(text, SAMPLE_TEAMS)).toEqual(expected);
  });

  it("always gives a canonical selection", () => {
    for (const text of SAMPLE_PICK_TEXTS) {
      const { market, selection } = ledgerSelection(text, SAMPLE_TEAMS);
      expect(
        isCanonicalSelection(market, selection),
        `${JSON.stringify(text)} → ${market} ${JSON.stringify(selection)}`,
      ).toBe(true);
    }
  });
});

describe("ledgerOutcome and ledgerProfit", () => {
  it("settle a selection exactly as settlePick settles the text it was read from", () => {
    for (const text of SAMPLE_PICK_TEXTS) {
      const { market, selection } = ledgerSelection(text, SAMPLE_TEAMS);
      for (const score of SAMPLE_SCORES) {
        const expected = settlePick(text, score, SAMPLE_TEAMS);
        expect(
          ledgerOutcome(market, selection, score) ?? "pending",
          `${JSON.stringify(text)} at ${score.home}-${score.away}`,
        ).toBe(expected);
      }
    }
  });

  it("refuses a selection that is not canonical", () => {
    expect(ledgerOutcome("over-under", "over 2.50", { home: 3, away: 0 })).toBeNull();
    expect(ledgerOutcome("result", "H", { home: 3, away: 0 })).toBeNull();
  });

  it.each([
    ["hit", "1.95", "0.95"],
    ["hit", "1.00", "0.00"],
    ["hit", "12.50", "11.50"],
    ["hit", "0.90", null],
    ["hit", null, null],
    ["miss", "1.95", "-1.00"],
    ["miss", null, "-1.00"],
    ["void", "2.10", "0.00"],
  ] as const)("a %s at odds %s pays %s, as pickProfit does", (outcome, odds, expected) => {
    expect(ledgerProfit(outcome, odds)).toBe(expected);
    const domain = pickProfit(outcome, odds === null ? null : Number(odds));
    expect(domain === null ? null : domain.toFixed(2)).toBe(expected);
  });
});
