/** The home page's head tags (see seo/page-meta.server.ts). */
import type { MetaDescriptor } from "@remix-run/node";
import { SITE_NAME } from "@shared/domain/site";
import { HOME } from "@shared/domain/urls";
import { organizationJsonLd, pageMeta, siteSocialUrl, webSiteJsonLd, type SiteSeo } from "../seo/seo";

export function homePageMeta(site: SiteSeo): MetaDescriptor[] {
  return pageMeta({
    site,
    title: `${SITE_NAME}: Smart Picks. Fast Plays. Soccer Predictions & Betting Tips`,
    description:
      "Free algorithm-driven soccer predictions for the Premier League, Bundesliga, La Liga, Serie A and Ligue 1: best picks, 1X2, BTTS, over/under and an honest track record.",
    path: HOME,
    jsonLd: (origin) => [organizationJsonLd(origin, siteSocialUrl(site)), webSiteJsonLd(origin)],
  });
}
