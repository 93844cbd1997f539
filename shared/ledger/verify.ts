/**
 * Verifies a published ledger (csv.ts) without trusting any hash in it: every row hash and
 * settlement hash is recomputed from the row's content with the canonical encoding
 * (canonical.ts), each link is checked against the recomputed hash of the row before, every
 * settled row's outcome and profit are re-derived from its final score (selection.ts), and the
 * trailer's heads must be the recomputed ones. Given an earlier copy, it proves the new one
 * extends it: the same rows in the same order with the same content, settlements unchanged,
 * only new rows and new settlements added.
 */
import { PICK_KINDS, PICK_OUTCOMES, PICK_SOURCES } from "../db/schema/predictions";
import {
  LEDGER_GENESIS_HASH,
  LEDGER_ROW_FIELDS,
  ledgerRowHash,
  ledgerSettlementHash,
  type LedgerRowContent,
} from "./canonical";
import type { LedgerCsvColumn, LedgerCsvRow, ParsedLedgerCsv } from "./csv";
import { CLOSING_LINE_MARKETS, ledgerBeatClose, ledgerClosingLineValue } from "./closing-line";
import { isCanonicalSelection, isLedgerMarket, ledgerOutcome, ledgerProfit } from "./selection";

/**
 * A pick recorded more than this long after its kick-off is a late lock: the database's
 * pick_ledger_late_after(), and the worker's LATE_LOCK_AFTER_MS.
 */
export const LEDGER_LATE_LOCK_AFTER_MS = 15 * 60_000;
const LATE_LOCK_AFTER_MICROSECONDS = LEDGER_LATE_LOCK_AFTER_MS * 1000;

export interface LedgerVerification {
  rows: number;
  settled: number;
  lateLocks: number;
  firstId: number | null;
  lastId: number | null;
  /** Recomputed: the hash of the last row (64 zeros for an empty ledger). */
  chainHead: string;
  /** Recomputed: the hash of the last settlement (64 zeros before the first). */
  settlementHead: string;
}

export class LedgerVerificationError extends Error {
  constructor(
    message: string,
    /** The id of the first bad row, when the problem is in a row. */
    readonly rowId: string | null = null,
  ) {
    super(message);
    this.name = "LedgerVerificationError";
  }
}

const POSITIVE = /^[1-9][0-9]*$/;
const GOALS = /^(0|[1-9][0-9]*)$/;
const HASH = /^[0-9a-f]{64}$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/;
const CONFIDENCE = /^[0-9]{1,3}\.[0-9]$/;
const ODDS = /^[0-9]{1,3}\.[0-9]{2}$/;
const PROFIT = /^-?[0-9]{1,3}\.[0-9]{2}$/;
const SETTLEMENT_COLUMNS = [
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
] as const satisfies readonly LedgerCsvColumn[];
const CLOSING_COLUMNS = [
  "closing_source",
  "closing_odds",
  "closing_probability",
] as const satisfies readonly LedgerCsvColumn[];
const PROBABILITY = /^0\.[0-9]{6}$/;

/** Microseconds since the epoch of a canonical instant. */
function microseconds(instant: string): number {
  const m = INSTANT.exec(instant)!;
  const millis = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return millis * 1000 + Number(m[7]);
}

function rowContent(row: LedgerCsvRow, prevHash: string): LedgerRowContent {
  const content = Object.fromEntries(
    LEDGER_ROW_FIELDS.map((field) => [field, field === "prev_hash" ? prevHash : row[field]]),
  );
  return content as LedgerRowContent;
}

function formatProblem(row: LedgerCsvRow): string | null {
  const bad = (column: LedgerCsvColumn, expected: string) => `${column} "${row[column]}" is not ${expected}`;
  for (const column of ["fixture_id", "home_team_id", "away_team_id"] as const) {
    if (!POSITIVE.test(row[column])) return bad(column, "a positive integer");
  }
  for (const column of ["prev_hash", "row_hash"] as const)
    if (!HASH.test(row[column])) return bad(column, "a SHA-256 in hexadecimal");
  for (const column of ["kickoff", "recorded_at"] as const) {
    if (!INSTANT.test(row[column])) return bad(column, "an instant such as 2026-02-07T15:00:00.000000Z");
  }
  if (!(PICK_KINDS as readonly string[]).includes(row.pick_kind)) return bad("pick_kind", PICK_KINDS.join(", "));
  if (!(PICK_SOURCES as readonly string[]).includes(row.source)) return bad("source", PICK_SOURCES.join(", "));
  if (!CONFIDENCE.test(row.confidence)) return bad("confidence", "a number with one decimal");
  if (row.odds !== "" && !ODDS.test(row.odds)) return bad("odds", "empty or a number with two decimals");
  if (!isLedgerMarket(row.market)) return bad("market", "a ledger market");
  if (!isCanonicalSelection(row.market, row.selection))
    return bad("selection", `a canonical selection of the ${row.market} market`);
  if (row.late !== "true" && row.late !== "false") return bad("late", "true or false");
  return null;
}

function settlementProblem(row: LedgerCsvRow): string | null {
  const present = SETTLEMENT_COLUMNS.filter((column) => row[column] !== "");
  if (row.settlement_seq === "") {
    return present.length === 0 ? null : `is unsettled (no settlement_seq) but has ${present.join(", ")}`;
  }
  const bad = (column: LedgerCsvColumn, expected: string) => `${column} "${row[column]}" is not ${expected}`;
  if (!POSITIVE.test(row.settlement_seq)) return bad("settlement_seq", "a positive integer");
  if (!INSTANT.test(row.settled_at)) return bad("settled_at", "an instant such as 2026-02-07T17:00:00.000000Z");
  for (const column of ["final_home_goals", "final_away_goals"] as const)
    if (!GOALS.test(row[column])) return bad(column, "a number of goals");
  if (!(PICK_OUTCOMES as readonly string[]).includes(row.outcome)) return bad("outcome", PICK_OUTCOMES.join(", "));
  if (row.profit !== "" && !PROFIT.test(row.profit)) return bad("profit", "empty or a number with two decimals");
  for (const column of ["prev_settlement_hash", "settlement_hash"] as const) {
    if (!HASH.test(row[column])) return bad(column, "a SHA-256 in hexadecimal");
  }
  if (row.settled_at < row.kickoff) return `was settled at ${row.settled_at}, before its kick-off ${row.kickoff}`;
  if (!isLedgerMarket(row.market)) return bad("market", "a ledger market");
  const score = { home: Number(row.final_home_goals), away: Number(row.final_away_goals) };
  const expected = ledgerOutcome(row.market, row.selection, score);
  if (expected === null) return `has no pick to settle (market ${row.market}) but is settled`;
  if (row.outcome !== expected) {
    const pick = `the pick "${row.pick}" (${row.market} ${row.selection})`;
    return `says ${row.outcome}, but ${pick} is a ${expected} with the final score ${score.home}-${score.away}`;
  }
  const profit = ledgerProfit(expected, row.odds === "" ? null : row.odds);
  if (row.profit !== (profit ?? "")) {
    return `has profit "${row.profit}", but a ${expected} at odds "${row.odds}" pays "${profit ?? ""}"`;
  }
  return closingLineProblem(row);
}

/** The settlement format and closing line of a settled row, and the CLV and beat-the-close derived from them. */
function closingLineProblem(row: LedgerCsvRow): string | null {
  const bad = (column: LedgerCsvColumn, expected: string) => `${column} "${row[column]}" is not ${expected}`;
  if (row.settlement_version !== "1" && row.settlement_version !== "2") return bad("settlement_version", "1 or 2");
  const present = CLOSING_COLUMNS.filter((column) => row[column] !== "");
  if (present.length > 0) {
    if (row.settlement_version === "1")
      return `was settled in format 1, which has no closing line, but has ${present.join(", ")}`;
    if (present.length < CLOSING_COLUMNS.length) return `has part of a closing line: only ${present.join(", ")}`;
    if (!(CLOSING_LINE_MARKETS as readonly string[]).includes(row.market))
      return `has a closing line, but its market ${row.market} has no quoted prices`;
    if (!ODDS.test(row.closing_odds) || Number(row.closing_odds) <= 1)
      return bad("closing_odds", "a price above 1 with two decimals");
    if (!PROBABILITY.test(row.closing_probability) || Number(row.closing_probability) === 0)
      return bad("closing_probability", "a probability between 0 and 1 with six decimals");
  }
  const clv = ledgerClosingLineValue(row.odds, row.closing_probability);
  if (row.clv !== clv)
    return `has clv "${row.clv}", but odds "${row.odds}" at a closing probability "${row.closing_probability}" give "${clv}"`;
  const beat = ledgerBeatClose(row.odds, row.closing_odds);
  if (row.beat_close !== beat)
    return `has beat_close "${row.beat_close}", but odds "${row.odds}" against a close of "${row.closing_odds}" give "${beat}"`;
  return null;
}

/** Verifies a parsed ledger; throws LedgerVerificationError naming the first bad row. */
export function verifyLedger({ rows, trailer }: ParsedLedgerCsv): LedgerVerification {
  let previousHash = LEDGER_GENESIS_HASH;
  let previousId = 0;
  let lateLocks = 0;
  const rowHashes = new Map<LedgerCsvRow, string>();
  rows.forEach((row, index) => {
    const fail = (problem: string): never => {
      throw new LedgerVerificationError(`row ${row.id} (record ${index + 1} of ${rows.length}) ${problem}`, row.id);
    };
    if (!POSITIVE.test(row.id)) fail(`has id "${row.id}", not a positive integer`);
    const format = formatProblem(row);
    if (format) fail(format);
    if (Number(row.id) <= previousId) fail(`comes after row ${previousId}: ids must increase`);
    if (row.prev_hash !== previousHash) {
      fail(
        index === 0
          ? `is the first row but its prev_hash is ${row.prev_hash}, not the genesis hash (64 zeros)`
          : `does not link to row ${previousId}: its prev_hash is ${row.prev_hash}, the recomputed hash of row ${previousId} is ${previousHash}`,
      );
    }
    const hash = ledgerRowHash(rowContent(row, previousHash));
    if (hash !== row.row_hash)
      fail(`does not match its row_hash: its content hashes to ${hash}, the file says ${row.row_hash}`);
    const late = microseconds(row.recorded_at) - microseconds(row.kickoff) > LATE_LOCK_AFTER_MICROSECONDS;
    if (String(late) !== row.late)
      fail(`says late=${row.late}, but it was recorded at ${row.recorded_at} for a kick-off at ${row.kickoff}`);
    if (late) lateLocks += 1;
    const settlement = settlementProblem(row);
    if (settlement) fail(settlement);
    rowHashes.set(row, hash);
    previousHash = hash;
    previousId = Number(row.id);
  });

  const settled = rows
    .filter((row) => row.settlement_seq !== "")
    .sort((a, b) => Number(a.settlement_seq) - Number(b.settlement_seq));
  let previousSettlement = LEDGER_GENESIS_HASH;
  settled.forEach((row, index) => {
    const fail = (problem: string): never => {
      throw new LedgerVerificationError(
        `row ${row.id}'s settlement (settlement_seq ${row.settlement_seq}) ${problem}`,
        row.id,
      );
    };
    if (Number(row.settlement_seq) !== index + 1) {
      fail(
        index === 0
          ? "should be settlement 1"
          : `follows settlement ${index}: settlements must be numbered 1, 2, 3... without gaps`,
      );
    }
    if (row.prev_settlement_hash !== previousSettlement) {
      fail(
        `does not link to settlement ${index}: its prev_settlement_hash is ${row.prev_settlement_hash}, ` +
          `the recomputed hash is ${previousSettlement}`,
      );
    }
    const hash = ledgerSettlementHash(
      {
        settlement_seq: row.settlement_seq,
        id: row.id,
        row_hash: rowHashes.get(row)!,
        settled_at: row.settled_at,
        final_home_goals: row.final_home_goals,
        final_away_goals: row.final_away_goals,
        outcome: row.outcome,
        profit: row.profit,
        closing_source: row.closing_source,
        closing_odds: row.closing_odds,
        closing_probability: row.closing_probability,
        prev_settlement_hash: previousSettlement,
      },
      row.settlement_version === "2" ? 2 : 1,
    );
    if (hash !== row.settlement_hash)
      fail(`does not match its settlement_hash: it hashes to ${hash}, the file says ${row.settlement_hash}`);
    previousSettlement = hash;
  });

  const result: LedgerVerification = {
    rows: rows.length,
    settled: settled.length,
    lateLocks,
    firstId: rows.length > 0 ? Number(rows[0].id) : null,
    lastId: rows.length > 0 ? previousId : null,
    chainHead: previousHash,
    settlementHead: previousSettlement,
  };
  if (!trailer)
    throw new LedgerVerificationError(
      "the file has no trailer line with the chain heads (# pick_ledger rows=... chain_head=...)",
    );
  const stated: Array<[string, string | number, string | number]> = [
    ["rows", trailer.rows, result.rows],
    ["chain_head", trailer.chainHead, result.chainHead],
    ["settled", trailer.settled, result.settled],
    ["settlement_head", trailer.settlementHead, result.settlementHead],
  ];
  for (const [name, said, recomputed] of stated) {
    if (said !== recomputed)
      throw new LedgerVerificationError(`the trailer says ${name}=${said}, but the rows give ${recomputed}`);
  }
  return result;
}

export interface LedgerExtension {
  /** Rows of the earlier copy, all found unchanged at the start of this one. */
  previousRows: number;
  addedRows: number;
  /** Rows unsettled in the earlier copy and settled in this one. */
  newlySettled: number;
  previousChainHead: string;
}

const LOCKED_COLUMNS = [
  "id",
  ...LEDGER_ROW_FIELDS.filter((field) => field !== "id"),
  "row_hash",
] as const satisfies readonly LedgerCsvColumn[];

/**
 * Proves `current` extends `previous`: both must already have passed verifyLedger. Throws
 * LedgerVerificationError naming the first row that differs.
 */
export function verifyExtends(previous: ParsedLedgerCsv, current: ParsedLedgerCsv): LedgerExtension {
  if (current.rows.length < previous.rows.length) {
    throw new LedgerVerificationError(
      `the earlier copy has ${previous.rows.length} rows, this one only ${current.rows.length}: rows were removed`,
    );
  }
  let newlySettled = 0;
  let previousSettlements = 0;
  const settledBefore = new Set<string>();
  previous.rows.forEach((old, index) => {
    const now = current.rows[index];
    if (now.id !== old.id) {
      throw new LedgerVerificationError(
        `record ${index + 1} was row ${old.id} in the earlier copy and is row ${now.id} now: rows were removed or inserted`,
        old.id,
      );
    }
    for (const column of LOCKED_COLUMNS) {
      if (now[column] !== old[column]) {
        throw new LedgerVerificationError(
          `row ${old.id} changed since the earlier copy: ${column} was "${old[column]}", now "${now[column]}"`,
          old.id,
        );
      }
    }
    if (old.settlement_seq === "") {
      if (now.settlement_seq !== "") newlySettled += 1;
      return;
    }
    previousSettlements += 1;
    settledBefore.add(old.id);
    for (const column of SETTLEMENT_COLUMNS) {
      if (now[column] !== old[column]) {
        throw new LedgerVerificationError(
          `row ${old.id}'s settlement changed since the earlier copy: ${column} was "${old[column]}", now "${now[column]}"`,
          old.id,
        );
      }
    }
  });
  // Settlements made since take the next numbers: the earlier settlement chain is a prefix of this one.
  for (const row of current.rows) {
    const isNew = row.settlement_seq !== "" && Number(row.settlement_seq) <= previousSettlements;
    if (isNew && !settledBefore.has(row.id)) {
      throw new LedgerVerificationError(
        `row ${row.id} was settled after the earlier copy but takes settlement_seq ${row.settlement_seq}, ` +
          "which the earlier copy's settlements already had",
        row.id,
      );
    }
  }
  return {
    previousRows: previous.rows.length,
    addedRows: current.rows.length - previous.rows.length,
    newlySettled,
    previousChainHead: previous.rows.at(-1)?.row_hash ?? LEDGER_GENESIS_HASH,
  };
}
