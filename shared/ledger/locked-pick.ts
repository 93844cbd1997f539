/**
 * The ledger's rows of one match read back as the pick frozen at kick-off (LockedPick), from the
 * codes the lock stored (market and canonical selection, shared/ledger/selection.ts), never by
 * matching pick texts against team names: a club renamed since kick-off reads back the same.
 * Pure, no I/O.
 */
import type { BttsCode, ResultCode } from "../domain/picks";
import type { LockedPick, PickSource } from "../domain/resolution";
import type { LedgerMarket } from "./selection";

/** The columns of a pick_ledger row this reads. */
export interface LedgerPickRow {
  pickKind: "best" | "result" | "over-under" | "btts";
  pick: string;
  confidence: number;
  source: PickSource | "coming-soon";
  market: LedgerMarket;
  selection: string;
}

/** '1', 'X', '2' from a result selection; null for any other market. */
export function resultCodeOf(row: Pick<LedgerPickRow, "market" | "selection"> | undefined): ResultCode | null {
  return row?.market === "result" && (row.selection === "1" || row.selection === "X" || row.selection === "2")
    ? row.selection
    : null;
}

/** 'O2.5', 'U3' from an over/under selection ('over 2.5'); null for any other market. */
export function overUnderCodeOf(row: Pick<LedgerPickRow, "market" | "selection"> | undefined): string | null {
  if (row?.market !== "over-under") return null;
  const [side, line] = row.selection.split(" ");
  return `${side === "over" ? "O" : "U"}${line}`;
}

/** 'YES' or 'NO' from a BTTS selection; null for any other market. */
export function bttsCodeOf(row: Pick<LedgerPickRow, "market" | "selection"> | undefined): BttsCode | null {
  return row?.market === "btts" ? (row.selection === "yes" ? "YES" : "NO") : null;
}

/**
 * The locked pick of one match, or null before the lock (or for a match locked as Coming Soon).
 * The ledger keeps no projected score, so the caller passes the one of the pick that was locked.
 */
export function lockedPickFromLedger(rows: readonly LedgerPickRow[], projectedScore: string | null): LockedPick | null {
  const byKind = new Map(rows.map((row) => [row.pickKind, row]));
  const best = byKind.get("best");
  if (!best || best.source === "coming-soon") return null;
  const btts = byKind.get("btts");
  return {
    bestPick: best.pick,
    result: resultCodeOf(byKind.get("result")),
    overUnder: overUnderCodeOf(byKind.get("over-under")),
    btts: bttsCodeOf(btts),
    confidence: best.confidence,
    bttsConfidence: btts?.confidence ?? null,
    projectedScore,
    source: best.source,
  };
}
