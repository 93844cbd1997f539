import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { getFixtureAuditCsv } from "../features/track-record/fixture-audit-csv.server";

/** The fixture audit as a CSV download, beside the ledger (/algo-results/ledger.csv); its row count also as a header. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { csv, rows } = await getFixtureAuditCsv(context);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="fixture-audit.csv"',
      "Cache-Control": PUBLIC_PAGE_CACHE,
      "X-Fixture-Audit-Rows": String(rows),
    },
  });
}
