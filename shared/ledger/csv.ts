/**
 * The published ledger (/algo-results/ledger.csv): every ledger row in id order, with its locked
 * content, the final score it was settled against, its outcome and profit, and both hash chains;
 * then one trailer line with the chain heads:
 *
 *   # pick_ledger rows=<n> chain_head=<hex> settled=<m> settlement_head=<hex>
 *
 * The route also sends the heads as headers: X-Ledger-Rows, X-Ledger-Chain-Head, X-Ledger-Settled
 * and X-Ledger-Settlement-Head.
 *
 * RFC 4180 quoting (a cell with a comma, quote or line break is quoted, its quotes doubled), LF
 * line ends, UTF-8. Null values are empty cells. Every value is the exact string the hashes are
 * computed over (canonical.ts); league, season, team names, `late`, `clv` and `beat_close` are
 * there for reading and are not hashed (the verifier recomputes them: `clv` and `beat_close` from
 * the locked odds and the closing line, closing-line.ts).
 *
 * A settled row's settlement_version says in which format its settlement was hashed: 1 before
 * the closing line was recorded (its closing columns are empty), 2 since. A ledger published
 * before then has neither the version nor the closing columns (LEDGER_CSV_COLUMNS_V1): it is still
 * read, as format 1 throughout, so that an earlier copy can be checked against today's.
 */
import { parse } from "csv-parse/sync";
import { LEDGER_GENESIS_HASH } from "./canonical";

export const LEDGER_CSV_COLUMNS = [
  "id",
  "prev_hash",
  "row_hash",
  "fixture_id",
  "league",
  "season",
  "home_team_id",
  "home_team",
  "away_team_id",
  "away_team",
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
  "late",
  "settlement_seq",
  "settled_at",
  "final_home_goals",
  "final_away_goals",
  "outcome",
  "profit",
  "settlement_version",
  "closing_source",
  "closing_odds",
  "closing_probability",
  "clv",
  "beat_close",
  "prev_settlement_hash",
  "settlement_hash",
] as const;

/** The columns closing-line settlements added: absent from a ledger published before them. */
const CLOSING_LINE_COLUMNS = [
  "settlement_version",
  "closing_source",
  "closing_odds",
  "closing_probability",
  "clv",
  "beat_close",
] as const;

/** The columns of a ledger published before the closing line was recorded. */
export const LEDGER_CSV_COLUMNS_V1 = LEDGER_CSV_COLUMNS.filter(
  (column) => !(CLOSING_LINE_COLUMNS as readonly string[]).includes(column),
);

export type LedgerCsvColumn = (typeof LEDGER_CSV_COLUMNS)[number];
export type LedgerCsvRow = Record<LedgerCsvColumn, string>;

export interface LedgerHeads {
  rows: number;
  /** The row_hash of the last row (64 zeros for an empty ledger). */
  chainHead: string;
  settled: number;
  /** The settlement_hash of the highest settlement_seq (64 zeros before the first settlement). */
  settlementHead: string;
}

export const LEDGER_TRAILER_PREFIX = "# pick_ledger ";

/** The heads as the rows state them (the verifier recomputes them instead). */
export function ledgerHeads(rows: readonly LedgerCsvRow[]): LedgerHeads {
  const settled = rows.filter((row) => row.settlement_seq !== "");
  const last = settled.reduce<LedgerCsvRow | null>(
    (best, row) => (best === null || Number(row.settlement_seq) > Number(best.settlement_seq) ? row : best),
    null,
  );
  return {
    rows: rows.length,
    chainHead: rows.at(-1)?.row_hash ?? LEDGER_GENESIS_HASH,
    settled: settled.length,
    settlementHead: last?.settlement_hash ?? LEDGER_GENESIS_HASH,
  };
}

export function ledgerTrailer(heads: LedgerHeads): string {
  return `${LEDGER_TRAILER_PREFIX}rows=${heads.rows} chain_head=${heads.chainHead} settled=${heads.settled} settlement_head=${heads.settlementHead}`;
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function ledgerCsv(rows: readonly LedgerCsvRow[]): string {
  const lines = [LEDGER_CSV_COLUMNS.join(",")];
  for (const row of rows) lines.push(LEDGER_CSV_COLUMNS.map((column) => cell(row[column])).join(","));
  lines.push(ledgerTrailer(ledgerHeads(rows)));
  return `${lines.join("\n")}\n`;
}

export interface ParsedLedgerCsv {
  rows: LedgerCsvRow[];
  /** The heads the trailer states; null when the file has no trailer line. */
  trailer: LedgerHeads | null;
}

export class LedgerCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerCsvError";
  }
}

const TRAILER = /^# pick_ledger rows=(\d+) chain_head=([0-9a-f]{64}) settled=(\d+) settlement_head=([0-9a-f]{64})$/;

/** Reads a ledger CSV; throws LedgerCsvError when it is not one (wrong columns, broken quoting). */
export function parseLedgerCsv(text: string): ParsedLedgerCsv {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\n+$/, "")
    .split("\n");
  const last = (lines.at(-1) ?? "").replace(/\r$/, "");
  let trailer: LedgerHeads | null = null;
  if (last.startsWith(LEDGER_TRAILER_PREFIX)) {
    const match = TRAILER.exec(last);
    if (!match) {
      throw new LedgerCsvError(
        `the trailer line is not "# pick_ledger rows=<n> chain_head=<hex> settled=<m> settlement_head=<hex>": ${last}`,
      );
    }
    trailer = { rows: Number(match[1]), chainHead: match[2], settled: Number(match[3]), settlementHead: match[4] };
    lines.pop();
  }
  let records: string[][];
  try {
    records = parse(lines.join("\n"), { relax_column_count: true });
  } catch (error) {
    throw new LedgerCsvError(`not readable as CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  const columns =
    header?.join(",") === LEDGER_CSV_COLUMNS.join(",")
      ? LEDGER_CSV_COLUMNS
      : header?.join(",") === LEDGER_CSV_COLUMNS_V1.join(",")
        ? LEDGER_CSV_COLUMNS_V1
        : null;
  if (!columns) {
    throw new LedgerCsvError(`the header is not the ledger's columns (${LEDGER_CSV_COLUMNS.join(",")})`);
  }
  const rows = body.map((record, index) => {
    if (record.length !== columns.length) {
      throw new LedgerCsvError(`record ${index + 1} has ${record.length} cells, not ${columns.length}`);
    }
    const row = Object.fromEntries(columns.map((column, i) => [column, record[i]])) as Partial<LedgerCsvRow>;
    if (columns === LEDGER_CSV_COLUMNS) return row as LedgerCsvRow;
    // Published before the closing line: every settlement is in format 1, without one.
    const settled = row.settlement_seq !== "";
    return {
      ...row,
      settlement_version: settled ? "1" : "",
      closing_source: "",
      closing_odds: "",
      closing_probability: "",
      clv: "",
      beat_close: "",
    } as LedgerCsvRow;
  });
  return { rows, trailer };
}
