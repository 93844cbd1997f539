import type { LoaderFunctionArgs } from "@remix-run/node";
import { PUBLIC_PAGE_CACHE } from "../cache-control";
import { getSeasonOutlook, seasonOutlookCsv } from "../features/league/season-outlook.server";
import { ALL_LEAGUES } from "@shared/domain/leagues";
import { notFound } from "../not-found.server";

/** /{league-slug}-predictions/season-outlook.csv: the league's season outlook as a CSV download. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const league = ALL_LEAGUES.find((l) => `${l.urlSlug}-predictions` === params.leaguePage);
  if (!league) throw notFound();
  const view = await getSeasonOutlook(context, league.key);
  return new Response(seasonOutlookCsv(view, league.key), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${league.urlSlug}-season-outlook.csv"`,
      "Cache-Control": PUBLIC_PAGE_CACHE,
    },
  });
}
