import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "~/api/catalog.server";
import { pageTarget, READ_QUERY_PARAMETERS, withUnreadQuery } from "./page-target";

describe("pageTarget", () => {
  it.each([
    ["/algo-results/ledger.csv?a=1", "/algo-results/ledger.csv"],
    ["/about?utm_source=news&utm_medium=email", "/about"],
    ["/about?", "/about"],
    ["/search?ref=1&q=arsenal+fc&x", "/search?q=arsenal+fc"],
    ["/premier-league-predictions?week=12&fbclid=abc", "/premier-league-predictions?week=12"],
    [
      "/premier-league-predictions.data?_routes=routes%2F%24leaguePage&n=5",
      "/premier-league-predictions.data?_routes=routes%2F%24leaguePage",
    ],
    ["/_root.data?index&_routes=root", "/_root.data?index&_routes=root"],
    ["/api/teams/42/info?league=bundesliga&cb=9", "/api/teams/42/info?league=bundesliga"],
    ["/x?%ZZ=1&q=a", "/x?q=a"],
    ["/__manifest?p=%2Fabout&version=abc123", "/__manifest?p=%2Fabout&version=abc123"],
    ["/about", "/about"],
  ])("renders and caches %s as %s", (target, page) => {
    expect(pageTarget(target)).toBe(page);
  });
});

describe("withUnreadQuery", () => {
  it("puts the parameters no page read back on a redirect, after those the page kept", () => {
    expect(
      withUnreadQuery(
        "/la-liga-predictions/barcelona-vs-mallorca-prediction",
        "/match/barcelona-vs-mallorca?utm_source=e2e",
      ),
    ).toBe("/la-liga-predictions/barcelona-vs-mallorca-prediction?utm_source=e2e");
    expect(
      withUnreadQuery("/premier-league-predictions/matchweek-12", "/premier-league-predictions?week=12&ref=x"),
    ).toBe("/premier-league-predictions/matchweek-12?ref=x");
    expect(withUnreadQuery("/search?q=a#top", "/find?q=a&utm_medium=mail")).toBe("/search?q=a&utm_medium=mail#top");
    expect(withUnreadQuery("/about", "/about-us")).toBe("/about");
    expect(withUnreadQuery("/about", "/about-us?q=1")).toBe("/about");
  });
});

/** Every `searchParams.get/has/getAll("name")` of the app's server code. */
function parametersReadInCode(): Set<string> {
  const read = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\./.test(name)) {
        for (const match of readFileSync(file, "utf8").matchAll(/searchParams\.(?:get|has|getAll)\(\s*"([^"]+)"/g))
          read.add(match[1]);
      }
    }
  };
  walk(path.resolve(import.meta.dirname, "../app"));
  return read;
}

describe("READ_QUERY_PARAMETERS", () => {
  // Read only on paths never cached: preview's redirect and the internal pages' token.
  const NEVER_CACHED_ONLY = new Set(["redirect", "token"]);

  it("names every query parameter a cacheable page or endpoint reads, so none is dropped before it is read", () => {
    const read = [...parametersReadInCode()].filter((name) => !NEVER_CACHED_ONLY.has(name));
    expect(read.length).toBeGreaterThan(3);
    for (const name of read) expect(READ_QUERY_PARAMETERS, `searchParams "${name}"`).toContain(name);
    for (const [id, endpoint] of Object.entries(ENDPOINTS)) {
      for (const name of Object.keys((endpoint.query as { shape: Record<string, unknown> }).shape)) {
        expect(READ_QUERY_PARAMETERS, `${id} reads ?${name}`).toContain(name);
      }
    }
  });
});
