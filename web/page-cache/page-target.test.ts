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
    ["/search?%ZZ=1&q=a", "/search?q=a"],
    // A parameter counts only where it is read: elsewhere made-up values are the page itself.
    ["/?v=bench-1", "/"],
    ["/about?q=x&week=3&format=csv", "/about"],
    ["/premier-league-predictions/matchweek-12?week=3&q=x", "/premier-league-predictions/matchweek-12"],
    ["/?_routes=root&index", "/"],
    ["/badges/42.svg?v=1&x=2", "/badges/42.svg?v=1"],
    ["/api?format=json&v=1", "/api?format=json"],
    ["/api/search?q=arsenal&week=1", "/api/search?q=arsenal"],
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
    // `q` is read on /search alone: /about-us never saw it, so the redirect passes it on.
    expect(withUnreadQuery("/about", "/about-us?q=1")).toBe("/about?q=1");
    // An alias that wrote what it read into its redirect keeps it once.
    expect(withUnreadQuery("/search?q=a", "/find?q=a&ref=x")).toBe("/search?q=a&ref=x");
  });
});

/** Every `searchParams.get/has/getAll("name")` of the app's server code, with the files reading each. */
function parametersReadInCode(): Map<string, string[]> {
  const read = new Map<string, string[]>();
  const app = path.resolve(import.meta.dirname, "../app");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\./.test(name)) {
        for (const match of readFileSync(file, "utf8").matchAll(/searchParams\.(?:get|has|getAll)\(\s*"([^"]+)"/g))
          read.set(match[1], [...(read.get(match[1]) ?? []), path.relative(app, file)]);
      }
    }
  };
  walk(app);
  return read;
}

/** A path each file that reads a query parameter answers. */
const PATH_READ_BY: Record<string, string> = {
  "features/seo/badges.server.ts": "/badges/42.svg",
  "features/league/league-page.server.tsx": "/premier-league-predictions",
  "routes/search.tsx": "/search",
  "routes/api._index.ts": "/api",
};

/** Whether the page cache renders `path` with `?name=` as the reader sent it. */
function keeps(pagePath: string, name: string): boolean {
  const target = pageTarget(`${pagePath}?${name}=x&unread=1`);
  return target === `${pagePath}?${name}=x`;
}

describe("QUERY_PARAMETERS_READ", () => {
  // Read only on paths never cached: preview's redirect and the internal pages' token.
  const NEVER_CACHED_ONLY = new Set(["redirect", "token"]);

  it("keeps every query parameter a cacheable page reads on that page's path, so none is dropped before it is read", () => {
    const read = [...parametersReadInCode()].filter(([name]) => !NEVER_CACHED_ONLY.has(name));
    expect(read.length).toBeGreaterThan(3);
    for (const [name, files] of read) {
      expect(READ_QUERY_PARAMETERS, `searchParams "${name}"`).toContain(name);
      for (const file of files) {
        const pagePath = PATH_READ_BY[file];
        expect(pagePath, `${file} reads ?${name}: name a path it answers in PATH_READ_BY`).toBeDefined();
        expect(keeps(pagePath, name), `${pagePath} keeps ?${name}`).toBe(true);
        // The same page's client-side navigation data, where it has one.
        if (!pagePath.startsWith("/api") && !pagePath.startsWith("/badges"))
          expect(keeps(`${pagePath}.data`, name), `${pagePath}.data keeps ?${name}`).toBe(true);
      }
    }
  });

  it("keeps every query parameter of the JSON API's endpoints on their paths", () => {
    for (const [id, endpoint] of Object.entries(ENDPOINTS)) {
      const endpointPath = endpoint.path.replace(/\{[^}]+\}/g, "1");
      for (const name of Object.keys((endpoint.query as { shape: Record<string, unknown> }).shape)) {
        expect(keeps(endpointPath, name), `${id} reads ?${name} on ${endpointPath}`).toBe(true);
      }
    }
  });

  it("keeps Remix's own parameters on data requests only", () => {
    expect(pageTarget("/premier-league-predictions.data?_routes=root&index&x=1")).toBe(
      "/premier-league-predictions.data?_routes=root&index",
    );
    expect(pageTarget("/premier-league-predictions?_routes=root&index")).toBe("/premier-league-predictions");
  });
});
