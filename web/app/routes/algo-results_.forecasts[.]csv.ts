import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { getForecastCsv } from "../features/track-record/track-record.server";

/** Every stored forecast as a CSV download (linked from /algo-results). */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await getForecastCsv(context), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="forecasts.csv"',
      "Cache-Control": PUBLIC_PAGE_CACHE,
    },
  });
}
