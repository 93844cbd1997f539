/**
 * The Studio's content tree: the singletons first (site settings, the Sunday parlay), match
 * previews by league and then by matchweek (the site's matchweek of each kick-off), team
 * profiles, and the four static pages.
 */
import type { StructureBuilder, StructureResolver, StructureResolverContext } from "sanity/structure";
import { ALL_LEAGUES, type League } from "../shared/domain/leagues";
import { matchweekFor, seasonCodeFor, seasonLabel } from "../shared/domain/matchweek";
import { DOCUMENT_TYPES, SITE_SETTINGS_ID, STATIC_PAGES, SUNDAY_PARLAY_ID, staticPageDocumentId } from "../shared/content/ids";
import { STATIC_PAGE_TITLES } from "./static-pages";
import { STUDIO_API_VERSION } from "./environment";

export const STATIC_PAGE_TEMPLATE = "staticPage-by-page";

interface MatchweekGroup {
  title: string;
  ids: string[];
  /** For sorting: latest first. */
  order: string;
}

/** Groups preview ids (drafts included) by the season and matchweek of their kick-off. */
export function groupByMatchweek(previews: readonly { _id: string; kickoff: string | null }[]): MatchweekGroup[] {
  const groups = new Map<string, MatchweekGroup>();
  for (const { _id, kickoff } of previews) {
    if (!kickoff) continue;
    const season = seasonCodeFor(kickoff);
    const week = matchweekFor(kickoff);
    const order = `${season}-${String(week).padStart(2, "0")}`;
    const group = groups.get(order) ?? { title: `${seasonLabel(season)} · Matchweek ${week}`, ids: [], order };
    group.ids.push(_id);
    groups.set(order, group);
  }
  return [...groups.values()].sort((a, b) => b.order.localeCompare(a.order));
}

function leagueMatchweeks(S: StructureBuilder, context: StructureResolverContext, league: League) {
  return async () => {
    const previews = await context
      .getClient({ apiVersion: STUDIO_API_VERSION })
      .fetch<{ _id: string; kickoff: string | null }[]>(
        `*[_type == $type && league == $league && !(_id in path("versions.**"))]{ _id, kickoff }`,
        { type: DOCUMENT_TYPES.matchPreview, league: league.key },
        { perspective: "raw" },
      );
    const list = (title: string, filter: string, params: Record<string, unknown>) =>
      S.documentList()
        .title(title)
        .schemaType(DOCUMENT_TYPES.matchPreview)
        .filter(`_type == $type && ${filter}`)
        .params({ type: DOCUMENT_TYPES.matchPreview, ...params })
        .defaultOrdering([{ field: "kickoff", direction: "asc" }]);
    return S.list()
      .title(league.name)
      .items([
        ...groupByMatchweek(previews).map((group) =>
          S.listItem()
            .id(`matchweek-${group.order}`)
            .title(group.title)
            .child(list(`${league.name}, ${group.title}`, "_id in $ids", { ids: group.ids })),
        ),
        S.divider(),
        S.listItem()
          .id("without-kickoff")
          .title("Without kick-off")
          .child(list(`${league.name}, without kick-off`, "league == $league && !defined(kickoff)", { league: league.key })),
        S.listItem()
          .id("all")
          .title(`All ${league.name} previews`)
          .child(list(`${league.name} previews`, "league == $league", { league: league.key })),
      ]);
  };
}

export const structure: StructureResolver = (S, context) =>
  S.list()
    .title("Content")
    .items([
      S.listItem()
        .id(SITE_SETTINGS_ID)
        .title("Site settings")
        .child(S.document().schemaType(DOCUMENT_TYPES.siteSettings).documentId(SITE_SETTINGS_ID).title("Site settings")),
      S.listItem()
        .id(SUNDAY_PARLAY_ID)
        .title("Sunday parlay")
        .child(S.document().schemaType(DOCUMENT_TYPES.sundayParlay).documentId(SUNDAY_PARLAY_ID).title("Sunday parlay")),
      S.divider(),
      S.listItem()
        .id("match-previews")
        .title("Match previews")
        .child(
          S.list()
            .title("Match previews")
            .items([
              ...ALL_LEAGUES.map((league) => S.listItem().id(league.key).title(league.name).child(leagueMatchweeks(S, context, league))),
              S.divider(),
              S.listItem()
                .id("all-match-previews")
                .title("All match previews")
                .child(S.documentTypeList(DOCUMENT_TYPES.matchPreview).title("All match previews").defaultOrdering([{ field: "kickoff", direction: "desc" }])),
            ]),
        ),
      S.documentTypeListItem(DOCUMENT_TYPES.teamProfile).title("Team profiles"),
      S.divider(),
      S.listItem()
        .id("pages")
        .title("Pages")
        .child(
          S.list()
            .title("Pages")
            .items(
              STATIC_PAGES.map((page) =>
                S.listItem()
                  .id(page)
                  .title(STATIC_PAGE_TITLES[page])
                  .child(
                    S.document()
                      .schemaType(DOCUMENT_TYPES.staticPage)
                      .documentId(staticPageDocumentId(page))
                      .initialValueTemplate(STATIC_PAGE_TEMPLATE, { page })
                      .title(STATIC_PAGE_TITLES[page]),
                  ),
              ),
            ),
        ),
    ]);
