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
});
