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
import { LEDGER_CSV_COLUMNS, type LedgerCsvRow } from "./csv";

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

/** A ledger row of Arsenal v Chelsea on 7 February 2026, locked on time by the algorithm: every other column empty unless given. */
export function ledgerCsvRow(values: Partial<LedgerCsvRow>): LedgerCsvRow {
  const empty = Object.fromEntries(LEDGER_CSV_COLUMNS.map((column) => [column, ""])) as LedgerCsvRow;
  return {
    ...empty,
    fixture_id: "10",
    league: "premier-league",
    season: "2526",
    home_team_id: "42",
    home_team: "Arsenal",
    away_team_id: "49",
    away_team: "Chelsea",
    kickoff: "2026-02-07T15:00:00.000000Z",
    source: "algorithm",
    source_ref: "model-1",
    recorded_at: "2026-02-07T15:00:31.250000Z",
    late: "false",
    ...values,
  };
}
