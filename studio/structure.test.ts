import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createStructureBuilder, type StructureBuilder } from "sanity/structure";
import { AddCircleIcon, CheckmarkCircleIcon, LockIcon } from "@sanity/icons";
import type { EditorFixture, EditorFixtureList } from "@shared/content/editor-desk";
import { groupByMatchweek, structure } from "./structure";
import { pointStudioAt } from "./site-api";
import { STUDIO_API_VERSION } from "./environment";
import { BRIGHTON_PALACE_TEMPLATE_PARAMETERS, studioSchema } from "./test-studio";

describe("match previews by matchweek", () => {
  it("groups drafts and published previews by the site's matchweek of their kick-off, latest first", () => {
    expect(
      groupByMatchweek([
        { _id: "a", kickoff: "2026-02-07T15:00:00Z" },
        { _id: "drafts.a", kickoff: "2026-02-07T15:00:00Z" },
        { _id: "b", kickoff: "2026-02-13T19:30:00Z" },
        { _id: "c", kickoff: "2025-10-05T13:30:00Z" },
        { _id: "d", kickoff: null },
      ]),
    ).toEqual([
      { title: "2025/26 · Matchweek 29", ids: ["b"], order: "2526-29" },
      { title: "2025/26 · Matchweek 28", ids: ["a", "drafts.a"], order: "2526-28" },
      { title: "2025/26 · Matchweek 10", ids: ["c"], order: "2526-10" },
    ]);
  });
});

/** A fixture as the site's /api/editor/fixtures/{league} lists it. */
function fixture(
  id: number,
  home: [string, string],
  away: [string, string],
  kickoffAt: string,
  kickedOff = false,
): EditorFixture {
  return {
    id,
    league: "premier-league",
    season: "2526",
    kickoffAt,
    state: kickedOff ? "live" : "pre-match",
    kickedOff,
    homeTeam: { name: home[0], slug: home[1] },
    awayTeam: { name: away[0], slug: away[1] },
    matchId: `premier-league/${home[1]}-vs-${away[1]}`,
    previewDocumentId: `matchPreview-2526-premier-league-${home[1]}-vs-${away[1]}`,
    published: false,
    bestPick: "Coming Soon",
    confidence: 0,
  };
}

const FIXTURES: EditorFixtureList = {
  now: "2026-02-07T15:30:00.000Z",
  from: "2026-02-02T00:00:00.000Z",
  to: "2026-02-16T00:00:00.000Z",
  fixtures: [
    fixture(1, ["Arsenal", "arsenal"], ["Sunderland", "sunderland"], "2026-02-07T15:00:00.000Z", true),
    fixture(2, ["Newcastle United", "newcastle-united"], ["Brentford", "brentford"], "2026-02-07T17:30:00.000Z"),
    fixture(
      3,
      ["Brighton & Hove Albion", "brighton-and-hove-albion"],
      ["Crystal Palace", "crystal-palace"],
      "2026-02-14T15:00:00.000Z",
    ),
  ],
};

/** The previews the Studio's client finds (drafts included): a draft for Arsenal, Newcastle's published with a draft. */
const STORED = [
  {
    _id: "drafts.5f0c2a",
    season: "2526",
    homeTeam: "arsenal",
    awayTeam: "sunderland",
    kickoff: "2026-02-07T15:00:00Z",
  },
  {
    _id: "matchPreview-2526-premier-league-newcastle-united-vs-brentford",
    season: "2526",
    homeTeam: "newcastle-united",
    awayTeam: "brentford",
    kickoff: "2026-02-07T17:30:00Z",
  },
  {
    _id: "drafts.matchPreview-2526-premier-league-newcastle-united-vs-brentford",
    season: "2526",
    homeTeam: "newcastle-united",
    awayTeam: "brentford",
    kickoff: "2026-02-07T17:30:00Z",
  },
];

type Node = {
  id?: string;
  title?: string;
  type?: string;
  icon?: unknown;
  child?: unknown;
  items?: Node[];
  options?: Record<string, unknown>;
};

/** What a list item opens, as the Studio resolves it: a resolver called (with the list it is in), a builder serialized. */
async function open(item: Node, parent?: Node): Promise<Node> {
  const resolve = item.child as (id: string, options: object) => unknown;
  const child =
    typeof item.child === "function"
      ? await resolve(item.id ?? "", { parent: parent ?? { type: "list", items: [item] } })
      : item.child;
  return (
    child && typeof (child as { serialize?: unknown }).serialize === "function"
      ? (child as { serialize(): Node }).serialize()
      : child
  ) as Node;
}

const itemOf = (list: Node, id: string): Node => {
  const found = list.items?.find((item) => item.id === id);
  if (!found) throw new Error(`no item ${id} in ${list.id}: ${list.items?.map((item) => item.id).join(", ")}`);
  return found;
};

describe("the Studio's content tree, built by Sanity's structure builder", () => {
  let site: Server;
  let S: StructureBuilder;
  let context: Parameters<typeof structure>[1];

  beforeAll(async () => {
    site = createServer((request, response) => {
      const found = request.url === "/api/editor/fixtures/premier-league";
      response.writeHead(found ? 200 : 404, { "Content-Type": "application/json" });
      response.end(found ? JSON.stringify(FIXTURES) : "{}");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    pointStudioAt(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const client = { fetch: async () => STORED, withConfig: () => client };
    context = {
      schema: studioSchema,
      getClient: () => client,
      projectId: "test",
      dataset: "test",
      currentUser: null,
      templates: [],
      i18n: { t: (key: string) => key },
      document: { resolveNewDocumentOptions: () => [] },
    } as unknown as Parameters<typeof structure>[1];
    S = createStructureBuilder({ source: context as never, perspectiveStack: [] as never });
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  const fixtureList = async () => {
    const root = (structure(S, context) as { serialize(): Node }).serialize();
    const previews = await open(itemOf(root, "match-previews"));
    const league = await open(itemOf(previews, "premier-league"));
    return open(itemOf(league, "upcoming-fixtures"));
  };

  it("titles each fixture by its clubs' short names first, then kick-off and the preview's status, with the status as its icon", async () => {
    const list = await fixtureList();
    expect(list.items?.map((item) => [item.title, item.icon])).toEqual([
      ["Arsenal v Sunderland · Sat 7 Feb 15:00 · Locked, draft", LockIcon],
      ["Newcastle v Brentford · Sat 7 Feb 17:30 · Published + draft", CheckmarkCircleIcon],
      ["Brighton v Crystal Palace · Sat 14 Feb 15:00 · No preview", AddCircleIcon],
    ]);
  });

  it("opens each fixture's preview titled by its clubs, a new one pre-filled from the fixture", async () => {
    const list = await fixtureList();
    const [arsenal, newcastle, brighton] = await Promise.all((list.items ?? []).map((item) => open(item, list)));
    expect(arsenal).toMatchObject({
      type: "document",
      title: "Arsenal v Sunderland",
      options: { id: "5f0c2a", type: "matchPreview" },
    });
    expect(newcastle).toMatchObject({
      title: "Newcastle v Brentford",
      options: { id: "matchPreview-2526-premier-league-newcastle-united-vs-brentford" },
    });
    expect(brighton).toMatchObject({
      type: "document",
      title: "Brighton v Crystal Palace",
      options: {
        id: "matchPreview-2526-premier-league-brighton-and-hove-albion-vs-crystal-palace",
        type: "matchPreview",
        template: "matchPreview-from-fixture",
        templateParameters: BRIGHTON_PALACE_TEMPLATE_PARAMETERS,
      },
    });
  });

  it("names the API version of every document list with a filter, so Sanity does not warn", async () => {
    const warn = vi.spyOn(console, "warn");
    const lists: Node[] = [];
    /** Every list reachable from `node`, documents left closed. */
    const walk = async (node: Node): Promise<void> => {
      if (node.type === "documentList") lists.push(node);
      for (const item of node.items ?? []) {
        if (item.child === undefined) continue;
        const child = await open(item, node);
        if (child && child.type !== "document") await walk(child);
      }
    };
    try {
      await walk((structure(S, context) as { serialize(): Node }).serialize());
      const filtered = lists.filter((list) => list.options?.filter !== "_type == $type");
      // Needs review, and per league: a matchweek, without kick-off, all of the league's.
      expect(filtered.map((list) => list.title)).toEqual(
        expect.arrayContaining([
          "Needs review",
          "Premier League, 2025/26 · Matchweek 28",
          "Premier League, without kick-off",
          "Premier League previews",
        ]),
      );
      expect(
        filtered.filter((list) => list.options?.apiVersion !== STUDIO_API_VERSION).map((list) => list.options?.filter),
      ).toEqual([]);
      expect(lists.find((list) => list.title === "All match previews")?.options?.apiVersion).toBe(STUDIO_API_VERSION);
      expect(warn.mock.calls.filter(([message]) => String(message).includes("apiVersion"))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
