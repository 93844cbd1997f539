import type { MetaDescriptor } from "@remix-run/node";
import { SITE_NAME } from "../../shared/domain/site";
import type { MatchCard } from "./matches.server";
import { MATCH_NOT_FOUND_TITLE, matchBreadcrumb } from "./page-texts";

/** Title and description of a match page, with its canonical link. */
export function matchPageMeta(match: Pick<MatchCard, "home" | "away" | "href" | "resolution"> | undefined): MetaDescriptor[] {
  if (!match) return [{ title: `${MATCH_NOT_FOUND_TITLE} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const title = matchBreadcrumb(match.home.name, match.away.name);
  return [
    { title: `${title} | ${SITE_NAME}` },
    {
      name: "description",
      content: `${title}: best pick ${match.resolution.bestPick} (${match.resolution.confidenceLabel}), with the odds, form, head-to-head and the league table.`,
    },
    { tagName: "link", rel: "canonical", href: match.href },
  ];
}
