/**
 * The published pick ledger (/algo-results/ledger.csv): every row with its content, the final
 * score it was settled against, its outcome, both hash chains and a trailer line with the chain
 * heads (format: shared/ledger/csv.ts). Anyone can check it with `npm run ledger:verify`. Reads only.
 */
import { readLedgerRows } from "@shared/db/ledger-export";
import { ledgerCsv, ledgerHeads, type LedgerHeads } from "@shared/ledger/csv";
import type { AppContext } from "~/load-context";

export interface LedgerCsvFile {
  csv: string;
  heads: LedgerHeads;
}

export async function getLedgerCsv({ db }: Pick<AppContext, "db">): Promise<LedgerCsvFile> {
  const rows = await readLedgerRows(db);
  return { csv: ledgerCsv(rows), heads: ledgerHeads(rows) };
}
