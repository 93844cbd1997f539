import { matchPath, matchRoutes } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => void vi.restoreAllMocks());

describe("the router's route patterns (patches/@remix-run+router+1.23.3.patch)", () => {
  it("compiles a pattern once, however many paths it is matched against", () => {
    // The router warns about a pattern ending in `*` without `/` when it compiles it: once per
    // compilation, so the count of warnings is the count of compilations.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const pattern = `/compiled-once-${Date.now()}*`;
    for (const pathname of ["/a", "/b", "/c"]) matchPath({ path: pattern }, pathname);
    expect(warn.mock.calls.filter(([message]) => String(message).includes(pattern))).toHaveLength(1);
  });

  it("still matches as before: parameters, optional segments, case and the end of the path", () => {
    const routes = [
      { id: "league", path: "/:leaguePage" },
      { id: "matchup", path: "/:leaguePage/:matchup" },
      { id: "team", path: "/:league/teams/:team?" },
      { id: "about", path: "/About", caseSensitive: true },
    ];
    const ids = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => [m.route.id, m.params]) ?? null;
    for (let pass = 0; pass < 2; pass++) {
      expect(ids("/premier-league-predictions")).toEqual([["league", { leaguePage: "premier-league-predictions" }]]);
      expect(ids("/premier-league-predictions/arsenal-vs-sunderland-prediction/")).toEqual([
        ["matchup", { leaguePage: "premier-league-predictions", matchup: "arsenal-vs-sunderland-prediction" }],
      ]);
      expect(ids("/premier-league/teams")).toEqual([["team", { league: "premier-league", team: undefined }]]);
      expect(ids("/About")).toEqual([["about", {}]]);
      expect(ids("/about")).toEqual([["league", { leaguePage: "about" }]]);
      expect(matchPath({ path: "/:league", end: false }, "/la-liga/teams")?.pathnameBase).toBe("/la-liga");
      expect(matchPath({ path: "/:league", end: true }, "/la-liga/teams")).toBeNull();
    }
  });

  it("ranks a route table once: the same table object is matched from its ranked branches, a new one is ranked anew", () => {
    // A ranking is one sort of the table's branches (objects with `routesMeta`): counted through
    // Array.prototype.sort.
    const sort = vi.spyOn(Array.prototype, "sort");
    const table = [
      { id: "league", path: "/:leaguePage" },
      { id: "about", path: "/about" },
    ];
    const rankings = () => sort.mock.contexts.filter((list) => Array.isArray(list) && list[0]?.routesMeta).length;
    expect(matchRoutes(table, "/about")?.[0].route.id).toBe("about");
    expect(rankings()).toBe(1);
    for (const pathname of ["/about", "/la-liga-predictions", "/about"]) matchRoutes(table, pathname);
    expect(rankings()).toBe(1);
    // Another table, even with the same routes: ranked for itself, and matched by its own routes.
    const other = [{ id: "team", path: "/:team" }];
    expect(matchRoutes(other, "/about")?.[0].route.id).toBe("team");
    expect(rankings()).toBe(2);
  });

  it("tries first the branch a path matched before, with the same matches as a full search", () => {
    // Twenty routes ranked before the one that matches: matching a path runs the patterns of the
    // branches tried (String.prototype.match), counted here.
    const table = [
      ...Array.from({ length: 20 }, (_, i) => ({ id: `fixed-${i}`, path: `/fixed-${i}/:x` })),
      { id: "league", path: "/:leaguePage" },
    ];
    const match = vi.spyOn(String.prototype, "match");
    const patternRuns = (work: () => void) => {
      match.mockClear();
      work();
      return match.mock.calls.length;
    };
    let first: unknown;
    let again: unknown;
    const firstRuns = patternRuns(() => (first = matchRoutes(table, "/la-liga-predictions")));
    const laterRuns = patternRuns(() => (again = matchRoutes(table, "/la-liga-predictions")));
    expect(firstRuns).toBeGreaterThanOrEqual(21);
    expect(laterRuns).toBe(1);
    expect(again).toEqual(first);
    expect((again as { params: unknown }[])[0].params).toEqual({ leaguePage: "la-liga-predictions" });
    // Another path still finds its own branch, and one matching none still gets null.
    expect(matchRoutes(table, "/fixed-3/abc")?.[0].route.id).toBe("fixed-3");
    expect(matchRoutes(table, "/a/b/c")).toBeNull();
    expect(matchRoutes(table, "/a/b/c")).toBeNull();
  });
});

describe("the static router's data routes (patches/react-router-dom+6.30.4.patch)", () => {
  it("converts a route tree once: a second render of the same tree gets the same data routes", async () => {
    const { createStaticRouter } = await import("react-router-dom/server");
    const tree = [{ id: "root", path: "/", children: [{ id: "league", path: ":leaguePage" }] }];
    const context = (pathname: string) =>
      ({
        basename: "/",
        location: { pathname, search: "", hash: "", state: null, key: "default" },
        matches: [],
        loaderData: {},
        actionData: null,
        errors: null,
        statusCode: 200,
        loaderHeaders: {},
        actionHeaders: {},
        activeDeferreds: null,
        _deepestRenderedBoundaryId: null,
      }) as unknown as Parameters<typeof createStaticRouter>[1];
    const one = createStaticRouter(tree, context("/la-liga-predictions"));
    const two = createStaticRouter(tree, context("/serie-a-predictions"));
    expect(two.routes).toBe(one.routes);
    expect(two.state.location.pathname).toBe("/serie-a-predictions");
    expect(one.routes[0].children?.[0].id).toBe("league");
    // Another tree, even of the same routes, gets routes of its own.
    const other = createStaticRouter(structuredClone(tree), context("/"));
    expect(other.routes).not.toBe(one.routes);
  });
});
