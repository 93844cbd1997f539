/**
 * The Studio's content tree: the singletons first (site settings, the Sunday parlay), match
 * previews by league and then by matchweek (the site's matchweek of each kick-off), team
 * profiles, and the four static pages. Every document list with a filter of its own names the
 * API version its query is written for (STUDIO_API_VERSION), as Sanity asks.
 */
import type {
  DefaultDocumentNodeResolver,
  StructureBuilder,
  StructureResolver,
  StructureResolverContext,
} from "sanity/structure";
import { ALL_LEAGUES, type League } from "@shared/domain/leagues";
import { matchweekFor, seasonCodeFor, seasonLabel } from "@shared/domain/matchweek";
import {
  DOCUMENT_TYPES,
  SITE_SETTINGS_ID,
  STATIC_PAGES,
  SUNDAY_PARLAY_ID,
  staticPageDocumentId,
} from "@shared/content/ids";
import { STATIC_PAGE_TITLES } from "./static-pages";
import { STUDIO_API_VERSION } from "./environment";
import {
  FIXTURE_TEMPLATE,
  PREVIEW_STATUS_LABELS,
  fixtureEntries,
  matchTitle,
  type FixtureEntry,
  type StoredPreview,
} from "./desk";
import { fetchFixtureList, siteUrl } from "./site-api";
import { ModelDataView } from "./components/ModelDataView";
import { AddCircleIcon, CheckmarkCircleIcon, EditIcon, LockIcon } from "@sanity/icons";

/** "Sat 7 Feb 17:30": the kick-off in UTC, as the list shows it. */
export function kickoffLabel(iso: string): string {
  const date = new Date(iso);
  const day = date
    .toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })
    .replace(",", "");
  return `${day} ${date.toISOString().slice(11, 16)}`;
}

/** The preview's status: "Published", "Published + draft", "Draft" or "No preview"; "Locked, draft" once kicked off. */
export function fixtureEntryStatus(entry: FixtureEntry): string {
  const status =
    entry.status === "published" && entry.hasDraft ? "Published + draft" : PREVIEW_STATUS_LABELS[entry.status];
  return entry.fixture.kickedOff ? `Locked, ${status.toLowerCase()}` : status;
}

/** "Brighton v Crystal Palace": the fixture's clubs by their short names. */
export function fixtureEntryClubs(entry: FixtureEntry): string {
  const { homeTeam, awayTeam } = entry.fixture;
  return matchTitle(homeTeam, awayTeam) ?? `${homeTeam.name} v ${awayTeam.name}`;
}

/**
 * The title of a fixture in the list: the clubs first, by their short names, so that a narrow
 * pane still shows them (a list item has a title and an icon, no subtitle); then kick-off and
 * the preview's status, which the icon shows too.
 */
export function fixtureEntryTitle(entry: FixtureEntry): string {
  return [fixtureEntryClubs(entry), kickoffLabel(entry.fixture.kickoffAt), fixtureEntryStatus(entry)].join(" · ");
}

/** The icon of a fixture in the list: locked, published, draft or none. */
export function fixtureEntryIcon(entry: FixtureEntry) {
  if (entry.fixture.kickedOff) return LockIcon;
  return entry.status === "published" ? CheckmarkCircleIcon : entry.status === "draft" ? EditIcon : AddCircleIcon;
}

/** A league's upcoming fixtures from the site, each opening its preview (a new one pre-filled from the fixture). */
function leagueFixtures(S: StructureBuilder, context: StructureResolverContext, league: League) {
  return async () => {
    const [list, previews] = await Promise.all([
      fetchFixtureList(league.key).catch((error: unknown) => error as Error),
      context
        .getClient({ apiVersion: STUDIO_API_VERSION })
        .fetch<StoredPreview[]>(
          `*[_type == $type && league == $league && !(_id in path("versions.**"))]{ _id, season, homeTeam, awayTeam }`,
          { type: DOCUMENT_TYPES.matchPreview, league: league.key },
          { perspective: "raw" },
        ),
    ]);
    const title = `${league.name}: upcoming fixtures`;
    if (list instanceof Error || list === null) {
      const message = list instanceof Error ? list.message : "no answer";
      return S.list()
        .title(title)
        .items([
          S.listItem()
            .id("site-unreachable")
            .title(`The site could not be read at ${siteUrl("/")} (${message})`)
            .child(S.list().title("No fixtures").items([])),
        ]);
    }
    const entries = fixtureEntries(list.fixtures, previews);
    return S.list()
      .title(title)
      .items(
        entries.length === 0
          ? [
              S.listItem()
                .id("no-fixtures")
                .title("No fixtures this week or next")
                .child(S.list().title("No fixtures").items([])),
            ]
          : entries.map((entry) => {
              // Titled by its clubs at once, before a new preview is first saved.
              const document = matchPreviewDocument(S).documentId(entry.documentId).title(fixtureEntryClubs(entry));
              return S.listItem()
                .id(`fixture-${entry.fixture.id}`)
                .title(fixtureEntryTitle(entry))
                .icon(fixtureEntryIcon(entry))
                .schemaType(DOCUMENT_TYPES.matchPreview)
                .child(
                  entry.status === "none" && entry.template
                    ? document.initialValueTemplate(FIXTURE_TEMPLATE, { ...entry.template })
                    : document,
                );
            }),
      );
  };
}

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
        .apiVersion(STUDIO_API_VERSION)
        .filter(`_type == $type && ${filter}`)
        .params({ type: DOCUMENT_TYPES.matchPreview, ...params })
        .defaultOrdering([{ field: "kickoff", direction: "asc" }]);
    return S.list()
      .title(league.name)
      .items([
        S.listItem()
          .id("upcoming-fixtures")
          .title("Upcoming fixtures (this week and next)")
          .child(leagueFixtures(S, context, league)),
        S.divider(),
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
          .child(
            list(`${league.name}, without kick-off`, "league == $league && !defined(kickoff)", { league: league.key }),
          ),
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
        .child(
          S.document().schemaType(DOCUMENT_TYPES.siteSettings).documentId(SITE_SETTINGS_ID).title("Site settings"),
        ),
      S.listItem()
        .id(SUNDAY_PARLAY_ID)
        .title("Sunday parlay")
        .child(
          S.document().schemaType(DOCUMENT_TYPES.sundayParlay).documentId(SUNDAY_PARLAY_ID).title("Sunday parlay"),
        ),
      S.divider(),
      S.listItem()
        .id("match-previews")
        .title("Match previews")
        .child(
          S.list()
            .title("Match previews")
            .items([
              ...ALL_LEAGUES.map((league) =>
                S.listItem()
                  .id(league.key)
                  .title(league.name)
                  .child(leagueMatchweeks(S, context, league)),
              ),
              S.divider(),
              S.listItem()
                .id("needs-review")
                .title("Needs review")
                .child(
                  S.documentList()
                    .title("Needs review")
                    .schemaType(DOCUMENT_TYPES.matchPreview)
                    .apiVersion(STUDIO_API_VERSION)
                    .filter("_type == $type && requiresReview == true")
                    .params({ type: DOCUMENT_TYPES.matchPreview })
                    .defaultOrdering([{ field: "kickoff", direction: "asc" }]),
                ),
              S.listItem()
                .id("all-match-previews")
                .title("All match previews")
                .child(
                  S.documentTypeList(DOCUMENT_TYPES.matchPreview)
                    .title("All match previews")
                    .apiVersion(STUDIO_API_VERSION)
                    .defaultOrdering([{ field: "kickoff", direction: "desc" }]),
                ),
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

/** A match preview opens with its form and, beside it, the site's numbers for its fixture. */
function matchPreviewDocument(S: StructureBuilder) {
  return S.document()
    .schemaType(DOCUMENT_TYPES.matchPreview)
    .views([S.view.form(), S.view.component(ModelDataView).id("model-data").title("Model & data")]);
}

export const defaultDocumentNode: DefaultDocumentNodeResolver = (S, { schemaType }) =>
  schemaType === DOCUMENT_TYPES.matchPreview ? matchPreviewDocument(S) : S.document();
