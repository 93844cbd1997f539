/**
 * The Algo Results page's loader: the worker's stored view model of the track record and its
 * latest odds check (read in one statement), rendered on the server (AlgoResultsContent) with
 * the page's head tags.
 */
import { data } from "@remix-run/node";
import type { LedgerPickKind } from "@shared/model";
import { pageCacheControl } from "~/cache-control";
import { AlgoResultsContent, type AlgoResultsData } from "./components/AlgoResultsContent";
import type { AppContext } from "~/load-context";
import { algoResultsPageMeta } from "./algo-results-meta.server";
import { siteSeo } from "../seo/seo.server";
import { renderServerHtml } from "~/server-markup.server";
import { getOddsCheck } from "./odds-check.server";
import { getTrackRecord, TRACKED_PICK_KINDS } from "./track-record.server";

const PICK_KIND_LABELS: Record<LedgerPickKind, string> = {
  best: "Best pick",
  result: "Match result (1X2)",
  "over-under": "Over/Under",
  btts: "Both teams to score",
};

/** What the page shows, from the stored view model. */
export async function readAlgoResultsPage(context: Pick<AppContext, "db">): Promise<AlgoResultsData> {
  // Both stored rows, the track record and the odds check, are read in one statement (read-models.server.ts).
  const [view, oddsCheck] = await Promise.all([getTrackRecord(context), getOddsCheck(context)]);
  const { overall, leagues, recent, reliability, market, closingLine } = view;
  return {
    overall: overall && { ...overall, closingLine: closingLine.overall },
    leagues: leagues.map((league) => ({
      ...league,
      recent: recent[league.league],
      closingLine: closingLine.leagues[league.league],
    })),
    reliability: reliability.best,
    market: TRACKED_PICK_KINDS.map((kind) => ({
      kind,
      label: PICK_KIND_LABELS[kind],
      ...market[kind],
      closingLine: closingLine.byKind[kind],
    })),
    oddsCheck,
  };
}

export async function loadAlgoResultsPage(context: AppContext, request: Request) {
  const [page, site] = await Promise.all([readAlgoResultsPage(context), siteSeo(context, request)]);
  return data(
    { content: renderServerHtml(<AlgoResultsContent page={page} />), meta: algoResultsPageMeta(page, site) },
    { headers: { "Cache-Control": pageCacheControl(false) } },
  );
}
