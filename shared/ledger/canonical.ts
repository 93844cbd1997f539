/**
 * The canonical text encoding of the pick ledger's hash chains (version 1). The database computes
 * the hashes at insert and at settlement (migration 0007_ledger_integrity: pick_ledger_row_text,
 * pick_ledger_settlement_text); the verifier recomputes them from the published CSV with these
 * functions. Both must produce the same bytes; docs/decisions/006-verifiable-ledger.md describes
 * the format for anyone writing their own verifier.
 *
 * A text is a header line, then one `name=value` line per field, in the order below, each ended
 * by a line feed (LF, no CR). Values are the strings the ledger CSV publishes:
 * - integers in decimal ('42');
 * - numerics as Postgres writes them at the column's scale: confidence '72.5', odds and profit
 *   '1.95', '-1.00';
 * - instants in UTC with microseconds: '2026-02-07T15:00:00.000000Z';
 * - text as stored, with a backslash written '\\', a line feed '\n' and a carriage return '\r';
 * - a null as the empty string.
 * The hash is the SHA-256 of the text's UTF-8 bytes, in lowercase hexadecimal.
 *
 * Row chain (in id order; the first row's prev_hash is 64 zeros):
 *
 *   pick_ledger row v1
 *   id=… fixture_id=… home_team_id=… away_team_id=… kickoff=… pick_kind=… pick=… market=…
 *   selection=… confidence=… odds=… source=… source_ref=… recorded_at=… prev_hash=…
 *
 * Settlement chain (in settlement_seq order, 1, 2, 3…; the first prev_settlement_hash is 64 zeros).
 * Each settlement is hashed in the format its settlement_version says. Version 1 (settlements made
 * before the closing line was recorded, migration 0011_closing_line):
 *
 *   pick_ledger settlement v1
 *   settlement_seq=… id=… row_hash=… settled_at=… final_home_goals=… final_away_goals=…
 *   outcome=… profit=… prev_settlement_hash=…
 *
 * Version 2 (every settlement since), with the pick's closing line (closing-line.ts; empty values
 * for a market without quoted prices), closing_probability at 6 decimals ('0.523456'):
 *
 *   pick_ledger settlement v2
 *   settlement_seq=… id=… row_hash=… settled_at=… final_home_goals=… final_away_goals=…
 *   outcome=… profit=… closing_source=… closing_odds=… closing_probability=… prev_settlement_hash=…
 */
import { createHash } from "node:crypto";

export const LEDGER_GENESIS_HASH = "0".repeat(64);

export const LEDGER_ROW_HEADER = "pick_ledger row v1";
export const LEDGER_SETTLEMENT_HEADERS = { 1: "pick_ledger settlement v1", 2: "pick_ledger settlement v2" } as const;
/** The settlement formats, by settlement_version. */
export type LedgerSettlementVersion = keyof typeof LEDGER_SETTLEMENT_HEADERS;

export const LEDGER_ROW_FIELDS = [
  "id",
  "fixture_id",
  "home_team_id",
  "away_team_id",
  "kickoff",
  "pick_kind",
  "pick",
  "market",
  "selection",
  "confidence",
  "odds",
  "source",
  "source_ref",
  "recorded_at",
  "prev_hash",
] as const;

export const LEDGER_SETTLEMENT_FIELDS = [
  "settlement_seq",
  "id",
  "row_hash",
  "settled_at",
  "final_home_goals",
  "final_away_goals",
  "outcome",
  "profit",
  "prev_settlement_hash",
] as const;

export const LEDGER_SETTLEMENT_V2_FIELDS = [
  "settlement_seq",
  "id",
  "row_hash",
  "settled_at",
  "final_home_goals",
  "final_away_goals",
  "outcome",
  "profit",
  "closing_source",
  "closing_odds",
  "closing_probability",
  "prev_settlement_hash",
] as const;

const SETTLEMENT_FIELDS = { 1: LEDGER_SETTLEMENT_FIELDS, 2: LEDGER_SETTLEMENT_V2_FIELDS } as const;

export type LedgerRowContent = Record<(typeof LEDGER_ROW_FIELDS)[number], string>;
/** A settlement's values: the closing line's only in version 2. */
export type LedgerSettlementContent = Record<(typeof LEDGER_SETTLEMENT_FIELDS)[number], string> &
  Partial<Record<(typeof LEDGER_SETTLEMENT_V2_FIELDS)[number], string>>;

/** A value on its line: backslash, line feed and carriage return escaped. */
export function escapeLedgerValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

function canonicalText(header: string, fields: readonly string[], values: Record<string, string>): string {
  return `${header}\n${fields.map((field) => `${field}=${escapeLedgerValue(values[field])}\n`).join("")}`;
}

export function ledgerRowText(row: LedgerRowContent): string {
  return canonicalText(LEDGER_ROW_HEADER, LEDGER_ROW_FIELDS, row);
}

export function ledgerSettlementText(
  settlement: LedgerSettlementContent,
  version: LedgerSettlementVersion = 1,
): string {
  const values = { closing_source: "", closing_odds: "", closing_probability: "", ...settlement };
  return canonicalText(LEDGER_SETTLEMENT_HEADERS[version], SETTLEMENT_FIELDS[version], values);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export const ledgerRowHash = (row: LedgerRowContent): string => sha256Hex(ledgerRowText(row));
export const ledgerSettlementHash = (
  settlement: LedgerSettlementContent,
  version: LedgerSettlementVersion = 1,
): string => sha256Hex(ledgerSettlementText(settlement, version));
