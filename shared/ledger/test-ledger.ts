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
import type { LedgerCsvRow } from "./csv";

export function rechained(rows: readonly LedgerCsvRow[]): LedgerCsvRow[] {
  let previous = LEDGER_GENESIS_HASH;
  const chained = rows.map((row) => {
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
    row.settlement_hash = ledgerSettlementHash({ ...row, prev_settlement_hash: previousSettlement });
    previousSettlement = row.settlement_hash;
  }
  return chained;
}
