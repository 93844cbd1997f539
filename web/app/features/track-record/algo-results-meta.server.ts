/** The track record page's head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import { formatPercent } from "@shared/domain/format";
import { ALGO_RESULTS } from "@shared/domain/urls";
import { ALGO_RESULTS_FAQ } from "../content/faq";
import { faqPageJsonLd, pageMeta, type SiteSeo } from "../seo/seo";
import { ALGO_RESULTS_TITLE } from "./results";

/** The track record, with the overall best pick hit rate once there is one. */
export function algoResultsPageMeta(
  page: { overall: { bestPickAccuracy: number; totalMatchesPredicted: number } | null },
  site: SiteSeo,
): MetaDescriptor[] {
  const best = page.overall
    ? ` Best pick hit rate ${formatPercent(page.overall.bestPickAccuracy, 2)} over ${page.overall.totalMatchesPredicted} matches.`
    : "";
  return pageMeta({
    site,
    title: ALGO_RESULTS_TITLE,
    description: `Every pick we made, settled: best pick, over/under and BTTS hit rates overall and per league, recent results, calibration and the comparison with the market.${best}`,
    path: ALGO_RESULTS,
    jsonLd: () => [faqPageJsonLd(ALGO_RESULTS_FAQ)],
  });
}
