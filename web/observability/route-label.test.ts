import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteLabeller, publicEntries, type RouteLabeller } from "./route-label";

/** The shape of the site's route table (web/app/routes), the routes the tests need. */
const ROUTES = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "routes/_index", parentId: "root", index: true },
    { id: "routes/about", parentId: "root", path: "about" },
    { id: "routes/$leaguePage", parentId: "root", path: ":leaguePage" },
    { id: "routes/$leaguePage_.$matchup", parentId: "root", path: ":leaguePage/:matchup" },
    { id: "routes/api.live.$fixtureId", parentId: "root", path: "api/live/:fixtureId" },
    { id: "routes/$", parentId: "root", path: "*" },
  ].map((route) => [route.id, { ...route, module: {} }]),
) as unknown as ServerBuild["routes"];

let publicDir: string;
let label: RouteLabeller;

beforeAll(() => {
  publicDir = mkdtempSync(path.join(tmpdir(), "route-label-"));
  mkdirSync(path.join(publicDir, "build"));
  mkdirSync(path.join(publicDir, "social"));
  writeFileSync(path.join(publicDir, "favicon.svg"), "<svg/>");
  label = createRouteLabeller(ROUTES, publicDir);
});
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

describe("createRouteLabeller", () => {
  it("names the route that answers a page, whatever its parameters and query", () => {
    expect(label("/")).toBe("routes/_index");
    expect(label("/about?utm_source=x")).toBe("routes/about");
    expect(label("/premier-league-predictions")).toBe("routes/$leaguePage");
    expect(label("/premier-league-predictions/arsenal-vs-sunderland-prediction")).toBe("routes/$leaguePage_.$matchup");
    expect(label("/la-liga-predictions/real-madrid-vs-getafe-prediction?week=3")).toBe("routes/$leaguePage_.$matchup");
    expect(label("/api/live/16428")).toBe("routes/api.live.$fixtureId");
  });

  it("counts a data request as its page", () => {
    expect(label("/premier-league-predictions.data?_routes=routes%2F%24leaguePage")).toBe("routes/$leaguePage");
    expect(label("/_root.data")).toBe("routes/_index");
  });

  it("gives a path of no page the catch-all route, and never the path itself", () => {
    expect(label("/a/b/c/d")).toBe("routes/$");
    expect(label("/%E0%A4%A")).toBe("not-found");
    expect(createRouteLabeller({}, publicDir)("/anything")).toBe("not-found");
  });

  it("labels build assets and public files static, and Remix's route discovery manifest", () => {
    expect(label("/build/_shared/chunk-ABC.js")).toBe("static");
    expect(label("/social/card.png")).toBe("static");
    expect(label("/favicon.svg")).toBe("static");
    expect(label("/favicon.svgx")).toBe("routes/$leaguePage");
    expect(label("/__manifest?p=%2Fabout&version=1")).toBe("manifest");
  });

  it("keeps the number of labels to the routes and the fixed names, for thousands of distinct paths", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 6_000; i++) labels.add(label(`/page-${i}/match-${i}?q=${i}`));
    for (let i = 0; i < 100; i++) labels.add(label(`/${i}`));
    expect([...labels].sort()).toEqual(["routes/$leaguePage", "routes/$leaguePage_.$matchup"]);
  });
});

describe("publicEntries", () => {
  it("lists public/'s directories and files, and only build without one", () => {
    expect(publicEntries(publicDir)).toEqual({ directories: ["build", "social"], files: ["favicon.svg"] });
    expect(publicEntries(path.join(publicDir, "missing"))).toEqual({ directories: ["build"], files: [] });
  });
});
