/**
 * Test support: ledger rows with both chains computed from their content, as the database
 * computes them (or as a forger who knows the encoding would, after editing a row).
 */
import {
  LEDGER_GENESIS_HASH,
  LEDGER_ROW_FIELDS,
  ledgerRowHash,
  ledgerSettlementHash,
  type LedgerRowContent,
} from "./canonical";
import { ledgerBeatClose, ledgerClosingLineValue } from "./closing-line";
import type { LedgerCsvRow } from "./csv";

/**
 * The rows with both chains recomputed, and the columns derived from their content filled in: a
 * settled row without a settlement_version is in format 1; clv and beat_close follow from the
 * locked odds and the closing line.
 */
export function rechained(rows: readonly LedgerCsvRow[]): LedgerCsvRow[] {
  let previous = LEDGER_GENESIS_HASH;
  const chained = rows.map((given) => {
    const row = {
      ...given,
      settlement_version: given.settlement_version || (given.settlement_seq === "" ? "" : "1"),
      clv: ledgerClosingLineValue(given.odds, given.closing_probability),
      beat_close: ledgerBeatClose(given.odds, given.closing_odds),
    };
    const content = Object.fromEntries(
      LEDGER_ROW_FIELDS.map((field) => [field, field === "prev_hash" ? previous : row[field]]),
    );
    const next = { ...row, prev_hash: previous, row_hash: ledgerRowHash(content as LedgerRowContent) };
    previous = next.row_hash;
    return next;
  });
  let previousSettlement = LEDGER_GENESIS_HASH;
  const settled = chained
    .filter((row) => row.settlement_seq !== "")
    .sort((a, b) => Number(a.settlement_seq) - Number(b.settlement_seq));
  for (const row of settled) {
    row.prev_settlement_hash = previousSettlement;
    row.settlement_hash = ledgerSettlementHash(
      { ...row, prev_settlement_hash: previousSettlement },
      row.settlement_version === "2" ? 2 : 1,
    );
    previousSettlement = row.settlement_hash;
  }
  return chained;
}
