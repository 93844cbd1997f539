/**
 * The published fixture audit (/algo-results/fixture-audit.csv), beside the ledger: every change
 * of a fixture's kick-off or final score, and every deleted fixture, as the database recorded it
 * (migration 0009_fixture_audit), in id order; then one trailer line:
 *
 *   # fixture_audit rows=<n>
 *
 * `change` is kickoff, final-score, kickoff+final-score or deleted; `by_owner` is true for a
 * change made by the role that owns the tables (a deliberate step), false for the application's.
 * Instants are in UTC with microseconds, as in the ledger; a value a deletion has no `new_` of is
 * empty. Team names are there for reading. Same CSV conventions as the ledger (csv.ts).
 */
import { parse } from "csv-parse/sync";

export const FIXTURE_AUDIT_CSV_COLUMNS = [
  "id",
  "changed_at",
  "change",
  "by_owner",
  "fixture_id",
  "league",
  "season",
  "home_team_id",
  "home_team",
  "away_team_id",
  "away_team",
  "old_kickoff",
  "new_kickoff",
  "old_state",
  "new_state",
  "old_home_goals",
  "old_away_goals",
  "new_home_goals",
  "new_away_goals",
] as const;

export type FixtureAuditCsvColumn = (typeof FIXTURE_AUDIT_CSV_COLUMNS)[number];
export type FixtureAuditCsvRow = Record<FixtureAuditCsvColumn, string>;

export const FIXTURE_AUDIT_TRAILER_PREFIX = "# fixture_audit ";

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function fixtureAuditCsv(rows: readonly FixtureAuditCsvRow[]): string {
  const lines = [FIXTURE_AUDIT_CSV_COLUMNS.join(",")];
  for (const row of rows) lines.push(FIXTURE_AUDIT_CSV_COLUMNS.map((column) => cell(row[column])).join(","));
  lines.push(`${FIXTURE_AUDIT_TRAILER_PREFIX}rows=${rows.length}`);
  return `${lines.join("\n")}\n`;
}

export class FixtureAuditCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FixtureAuditCsvError";
  }
}

const TRAILER = /^# fixture_audit rows=(\d+)$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CHANGES = ["kickoff", "final-score", "kickoff+final-score", "deleted"];

/**
 * Reads a fixture audit CSV; throws FixtureAuditCsvError when it is not one (wrong columns, a
 * missing or wrong trailer, unreadable instants, ids not increasing).
 */
export function parseFixtureAuditCsv(text: string): FixtureAuditCsvRow[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\n+$/, "")
    .split("\n");
  const last = (lines.pop() ?? "").replace(/\r$/, "");
  const trailer = TRAILER.exec(last);
  if (!trailer) throw new FixtureAuditCsvError(`the last line is not the trailer "# fixture_audit rows=<n>": ${last}`);
  let records: string[][];
  try {
    records = parse(lines.join("\n"), { relax_column_count: true });
  } catch (error) {
    throw new FixtureAuditCsvError(`not readable as CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header || header.join(",") !== FIXTURE_AUDIT_CSV_COLUMNS.join(",")) {
    throw new FixtureAuditCsvError(
      `the header is not the fixture audit's columns (${FIXTURE_AUDIT_CSV_COLUMNS.join(",")})`,
    );
  }
  if (body.length !== Number(trailer[1])) {
    throw new FixtureAuditCsvError(`the trailer says rows=${trailer[1]}, but the file has ${body.length}`);
  }
  let previousId = 0;
  return body.map((record, index) => {
    if (record.length !== FIXTURE_AUDIT_CSV_COLUMNS.length) {
      throw new FixtureAuditCsvError(
        `record ${index + 1} has ${record.length} cells, not ${FIXTURE_AUDIT_CSV_COLUMNS.length}`,
      );
    }
    const row = Object.fromEntries(
      FIXTURE_AUDIT_CSV_COLUMNS.map((column, i) => [column, record[i]]),
    ) as FixtureAuditCsvRow;
    const bad = (what: string) => new FixtureAuditCsvError(`record ${index + 1} (id ${row.id}): ${what}`);
    if (!/^[1-9][0-9]*$/.test(row.id) || Number(row.id) <= previousId) throw bad("ids must be positive and increase");
    if (
      !INSTANT.test(row.changed_at) ||
      !INSTANT.test(row.old_kickoff) ||
      (row.new_kickoff !== "" && !INSTANT.test(row.new_kickoff))
    ) {
      throw bad("an instant is not like 2026-02-07T15:00:00.000000Z");
    }
    if (!CHANGES.includes(row.change)) throw bad(`change "${row.change}" is not one of ${CHANGES.join(", ")}`);
    if (row.by_owner !== "true" && row.by_owner !== "false")
      throw bad(`by_owner "${row.by_owner}" is not true or false`);
    previousId = Number(row.id);
    return row;
  });
}
