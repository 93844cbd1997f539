import { describe, expect, it } from "vitest";
import { resolvePick } from "../domain/resolution";
import { lockedPickFromLedger, type LedgerPickRow } from "./locked-pick";
import { ledgerSelection } from "./selection";

const teams = { homeTeam: ["Arsenal"], awayTeam: ["Chelsea"] };
const row = (
  pickKind: LedgerPickRow["pickKind"],
  pick: string,
  confidence: number,
  source: LedgerPickRow["source"] = "algorithm",
): LedgerPickRow => ({
  pickKind,
  pick,
  confidence,
  source,
  ...ledgerSelection(pick, teams),
});

const LOCKED: LedgerPickRow[] = [
  row("best", "Arsenal to Win", 64.2),
  row("result", "Arsenal to Win", 64.2),
  row("over-under", "Over 2.5 Goals", 57),
  row("btts", "BTTS: No", 61.5, "editorial"),
];

describe("the locked pick read back from the ledger's codes", () => {
  it("gives the codes the lock stored, the best pick's text, confidence and source", () => {
    expect(lockedPickFromLedger(LOCKED, "2-0")).toEqual({
      bestPick: "Arsenal to Win",
      result: "1",
      overUnder: "O2.5",
      btts: "NO",
      confidence: 64.2,
      bttsConfidence: 61.5,
      projectedScore: "2-0",
      source: "algorithm",
    });
  });

  it("reads draws, away wins, unders and other lines", () => {
    const picks = lockedPickFromLedger(
      [
        row("best", "Draw", 30),
        row("result", "Draw", 30),
        row("over-under", "Under 3.5 Goals", 70),
        row("btts", "BTTS: Yes", 52),
      ],
      null,
    );
    expect(picks).toMatchObject({ result: "X", overUnder: "U3.5", btts: "YES" });
    expect(
      lockedPickFromLedger([row("best", "Chelsea to Win", 40), row("result", "Chelsea to Win", 40)], null)?.result,
    ).toBe("2");
  });

  it("does not depend on the clubs' names: a club renamed after kick-off reads back the same pick", () => {
    // The lock read 'Arsenal to Win' with the names of the day; the page now knows the club as 'Arsenal FC'.
    const picks = lockedPickFromLedger(LOCKED, "2-0")!;
    const resolution = resolvePick({
      match: { state: "post-match", homeTeam: "Arsenal FC", awayTeam: "Chelsea", finalScore: { home: 2, away: 0 } },
      locked: picks,
    });
    expect(resolution.picks.result).toMatchObject({ code: "1", outcome: "hit" });
    expect(resolution.picks.result.text).toContain("Arsenal FC");
    expect(resolution.picks.overUnder).toMatchObject({ code: "O2.5", outcome: "miss" });
    expect(resolution.picks.btts).toMatchObject({ code: "NO", outcome: "hit" });
  });

  it("is null before the lock and for a match locked as Coming Soon", () => {
    expect(lockedPickFromLedger([], null)).toBeNull();
    expect(lockedPickFromLedger([row("best", "Coming Soon", 0, "coming-soon")], null)).toBeNull();
  });

  it("leaves a tracked pick the ledger does not hold, or holds in another market, empty", () => {
    const picks = lockedPickFromLedger(
      [row("best", "Arsenal or Draw", 70), row("result", "Arsenal or Draw", 70)],
      null,
    );
    expect(picks).toMatchObject({
      bestPick: "Arsenal or Draw",
      result: null,
      overUnder: null,
      btts: null,
      bttsConfidence: null,
    });
  });
});
