/**
 * robots.txt: every public page may be crawled; the API, the internal pages, the social-card
 * preview and the footer's decoy admin paths may not. Points crawlers to the sitemap.
 */
import { API_STATUS, DECOY_PATHS, SITEMAP, SOCIAL_CARD_PAGE, TEST_API } from "@shared/domain/urls";
import { absoluteUrl } from "./seo";

export const ROBOTS_DISALLOWED_PATHS: readonly string[] = [
  "/api/",
  TEST_API,
  API_STATUS,
  SOCIAL_CARD_PAGE,
  ...DECOY_PATHS,
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(origin, SITEMAP)}`,
    "",
  ].join("\n");
}
