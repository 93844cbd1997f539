/**
 * The published fixture audit (/algo-results/fixture-audit.csv), beside the ledger: every change
 * of a fixture's kick-off or final score, and every deleted fixture, as the database recorded it
 * (format: shared/ledger/audit-csv.ts). `npm run ledger:verify -- <ledger> --audit <this file>`
 * holds the ledger against it. Reads only.
 */
import { readFixtureAuditRows } from "@shared/db/ledger-export";
import { fixtureAuditCsv } from "@shared/ledger/audit-csv";
import type { AppContext } from "~/load-context";

export interface FixtureAuditCsvFile {
  csv: string;
  rows: number;
}

export async function getFixtureAuditCsv({ db }: Pick<AppContext, "db">): Promise<FixtureAuditCsvFile> {
  const rows = await readFixtureAuditRows(db);
  return { csv: fixtureAuditCsv(rows), rows: rows.length };
}
