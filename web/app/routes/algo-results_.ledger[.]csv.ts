import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { getLedgerCsv } from "../features/track-record/ledger-csv.server";

/** The pick ledger with its hash chains as a CSV download (linked from /algo-results); the heads also as headers. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { csv, heads } = await getLedgerCsv(context);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="ledger.csv"',
      "Cache-Control": PUBLIC_PAGE_CACHE,
      "X-Ledger-Rows": String(heads.rows),
      "X-Ledger-Chain-Head": heads.chainHead,
      "X-Ledger-Settled": String(heads.settled),
      "X-Ledger-Settlement-Head": heads.settlementHead,
    },
  });
}
