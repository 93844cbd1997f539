import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENDPOINTS, OTHER_ROUTES } from "./catalog.server";
import { JSON_ENDPOINTS, LISTED_OTHER_ROUTES, openApiDocument, openApiHtml } from "./openapi.server";
import { debugQuery, idParam, leagueParam, matchRefParam, parseParams } from "./params";
import { apiRouteManifest } from "./remix-handler.test-support";
import { etagOf, ifNoneMatchMatches } from "./respond.server";
import { z } from "zod";

const routesDirectory = fileURLToPath(new URL("../routes/", import.meta.url));
const apiRouteFiles = readdirSync(routesDirectory).filter((file) => file.startsWith("api.") && !/\.test\./.test(file));
const listedFiles = [...JSON_ENDPOINTS.map((e) => e.file), ...OTHER_ROUTES.map((r) => r.file)];
const document = openApiDocument("https://example.test");

/** Remix's path of a route ("api/matches/:id", "api/*", "x/:id?") in the description's form. */
const documentedForm = (remixPath: string) => `/${remixPath}`.replace(/:(\w+)\??/g, "{$1}").replace(/\*$/, "{path}");

describe("the endpoint list the description is generated from", () => {
  it("lists every api.* route file, and every file it lists exists", () => {
    expect(apiRouteFiles.length).toBeGreaterThan(20);
    expect([...listedFiles].sort()).toEqual([...apiRouteFiles].sort());
    expect(new Set(listedFiles).size).toBe(listedFiles.length);
  });

  it("gives each route the path Remix serves it at", async () => {
    const { routes } = await apiRouteManifest();
    const remixPaths = new Map(routes.map((route) => [path.basename(route.file), documentedForm(route.path ?? "")]));
    for (const route of [...JSON_ENDPOINTS, ...OTHER_ROUTES]) {
      expect(remixPaths.get(route.file), route.file).toBe(route.path);
    }
  });

  it("names each path parameter as the endpoint's parameter schema does", () => {
    for (const endpoint of JSON_ENDPOINTS) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inSchema = Object.keys((endpoint.params as z.ZodObject).shape);
      expect(inSchema, endpoint.path).toEqual(inPath);
    }
  });

  it("has each JSON endpoint served by its own route file", () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const source = readFileSync(path.join(routesDirectory, endpoint.file), "utf8");
      expect(source, endpoint.file).toContain(`endpointLoader(ENDPOINTS.${name},`);
      expect(source, endpoint.file).toContain("export const action = endpointAction;");
    }
  });
});

describe("the OpenAPI description", () => {
  it("is OpenAPI 3.1 with every public endpoint, and leaves out the internal ones and the catch-all", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://example.test", description: "First Kick Picks" }]);
    // Run locally, the description points at the site it is served from.
    expect(openApiDocument("http://localhost:3000").servers).toEqual([{ url: "/", description: "This site" }]);
    const documented = Object.entries(document.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(
      [
        ...JSON_ENDPOINTS.map((e) => `GET ${e.path}`),
        ...LISTED_OTHER_ROUTES.map((r) => `${r.method} ${r.path}`),
      ].sort(),
    );
    for (const route of OTHER_ROUTES.filter((r) => r.unlisted)) expect(document.paths).not.toHaveProperty(route.path);
    expect(documented).toContain("GET /api/standings/{league}");
    expect(documented).toContain("POST /api/content/match-updates");
    expect(documented).not.toContain("GET /api/find-united-brighton");
  });

  it("says the API is public except the operations that name a credential, and under which terms", () => {
    expect(document.security).toEqual([{}]);
    expect(document.info.license).toEqual({
      name: "All rights reserved: see the terms of use",
      url: "https://example.test/terms",
    });
    const operation = (p: string, method: string) =>
      (document.paths[p] as Record<string, { security?: unknown }>)[method];
    expect(operation("/api/content/match-updates", "post").security).toEqual([{ automationToken: [] }]);
    expect(operation("/api/content/webhook", "post").security).toEqual([{ webhookSignature: [] }]);
    expect(operation("/api/standings/{league}", "get").security).toBeUndefined();
    for (const scheme of ["automationToken", "webhookSignature", "previewSecret"])
      expect(document.components.securitySchemes).toHaveProperty(scheme);
    for (const tag of document.tags) expect(tag.description, tag.name).toMatch(/\w+/);
  });

  it("resolves every $ref to a schema of its components", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas, ref).toHaveProperty(ref.slice("#/components/schemas/".length));
    }
  });

  it("gives unique operation ids, and each JSON endpoint its schema, errors and Cache-Control", () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as {
      operationId: string;
    }[];
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const standings = document.paths["/api/standings/{league}"].get as {
      parameters: { name: string; in: string; required: boolean; description: string }[];
      responses: Record<
        string,
        { description: string; headers?: Record<string, { description: string }>; content?: unknown }
      >;
    };
    expect(standings.parameters).toEqual([
      expect.objectContaining({ name: "league", in: "path", required: true, example: "premier-league" }),
    ]);
    expect(standings.responses["200"].content).toEqual({
      "application/json": { schema: { $ref: "#/components/schemas/Standings" } },
    });
    expect(standings.responses["200"].headers!["Cache-Control"].description).toContain("s-maxage=60");
    expect(standings.responses["400"].description).toContain("'Unsupported league'");
    const lineups = document.paths["/api/lineups/{leagueId}/{homeTeamId}/{awayTeamId}"].get as typeof standings;
    expect(lineups.parameters.map((p) => `${p.in} ${p.name} ${p.required}`)).toEqual([
      "path leagueId true",
      "path homeTeamId true",
      "path awayTeamId true",
      "query debug false",
    ]);
    const leaderboard = document.paths["/api/players/top-rated/{league}"].get as typeof standings;
    expect(leaderboard.responses["200"].headers!["Cache-Control"].description).toContain("max-age=1800");
  });

  it("describes each top-10 pick with its league's mark (spec 3: leagueBadgePath)", () => {
    const schemas = document.components.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.TopPicks).toMatchObject({
      properties: { picks: { items: { $ref: "#/components/schemas/TopPick" } } },
    });
    const item = schemas.TopPick as {
      description: string;
      properties: Record<string, { type: string; pattern?: string }>;
      required: string[];
    };
    expect(item.description).toContain("leagueBadgePath");
    expect(item.properties.leagueBadgePath).toMatchObject({ type: "string" });
    expect(new RegExp(item.properties.leagueBadgePath.pattern!).test("/badges/leagues/premier-league.svg?v=1")).toBe(
      true,
    );
    expect(item.required).toEqual(expect.arrayContaining(["leagueBadgePath", "rank", "fkpBestPick"]));
  });

  it("is shown as a page with every text escaped", () => {
    const html = openApiHtml(document);
    expect(html).toContain("<h1>First Kick Picks API</h1>");
    expect(html).toContain('<span class="path">/api/matches/{id}</span>');
    expect(html).toContain("&#39;Unsupported league&#39;");
    const hostile = openApiHtml({ ...document, info: { ...document.info, title: "<script>alert(1)</script>" } });
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("parameters", () => {
  const id = idParam("id", "An id.");
  const ID_ERROR = "id must be a whole number from 1 to 2147483647";

  it.each([
    ["1", { ok: true, value: { id: 1 } }],
    ["007", { ok: true, value: { id: 7 } }],
    ["2147483647", { ok: true, value: { id: 2147483647 } }],
    ["2147483648", { ok: false, error: ID_ERROR }],
    ["99999999999", { ok: false, error: ID_ERROR }],
    ["0", { ok: false, error: ID_ERROR }],
    ["-1", { ok: false, error: ID_ERROR }],
    ["1.5", { ok: false, error: ID_ERROR }],
    ["1e3", { ok: false, error: ID_ERROR }],
    ["abc", { ok: false, error: ID_ERROR }],
    ["", { ok: false, error: ID_ERROR }],
  ])("id %j", (text, result) => {
    expect(parseParams(z.object({ id }), { id: text })).toEqual(result);
  });

  it.each([
    ["premier-league", "premier-league"],
    ["la-liga", "la-liga"],
    ["bundesliga", "bundesliga"],
    ["serie-a", "serie-a"],
    ["ligue1", "ligue1"],
    ["ligue-1", "ligue1"],
    ["Ligue 1", "ligue1"],
    ["39", "premier-league"],
    ["140", "la-liga"],
    ["78", "bundesliga"],
    ["135", "serie-a"],
    ["61", "ligue1"],
    ["epl", "premier-league"],
  ])("league %j is %s", (text, key) => {
    expect(parseParams(z.object({ league: leagueParam }), { league: text })).toEqual({
      ok: true,
      value: { league: key },
    });
  });

  it.each(["mls", "eredivisie", "40", "", "premier league 2"])(
    "league %j is the spec's 'Unsupported league'",
    (text) => {
      expect(parseParams(z.object({ league: leagueParam }), { league: text })).toEqual({
        ok: false,
        error: "Unsupported league",
      });
    },
  );

  it.each([
    ["arsenal-vs-chelsea", { by: "slug", homeSlug: "arsenal", awaySlug: "chelsea" }],
    ["arsenal-vs-chelsea-prediction", { by: "slug", homeSlug: "arsenal", awaySlug: "chelsea" }],
    [
      "Manchester-United-vs-Tottenham-Hotspur",
      { by: "slug", homeSlug: "manchester-united", awaySlug: "tottenham-hotspur" },
    ],
    ["42", { by: "id", id: 42 }],
  ])("match %j", (text, value) => {
    expect(parseParams(z.object({ id: matchRefParam }), { id: text })).toEqual({ ok: true, value: { id: value } });
  });

  it.each([
    "arsenal",
    "arsenal-vs-",
    "-vs-chelsea",
    "a-vs-b-vs-c",
    "arsenal vs chelsea",
    "arsenal-vs-chelsea!",
    "0",
    "99999999999",
  ])("match %j is refused", (text) => {
    const result = parseParams(z.object({ id: matchRefParam }), { id: text });
    expect(result).toEqual({
      ok: false,
      error:
        "id must be '{home-slug}-vs-{away-slug}' (optionally ending in '-prediction') or a number from 1 to 2147483647",
    });
  });

  it.each([
    [undefined, true, false],
    ["1", true, true],
    ["true", true, true],
    ["", true, true],
    ["0", true, false],
    ["false", true, false],
    ["yes", false, null],
  ])("debug %j", (text, ok, value) => {
    const result = parseParams(z.object({ debug: debugQuery }), { debug: text });
    expect(result).toEqual(ok ? { ok: true, value: { debug: value } } : { ok: false, error: "debug must be 1 or 0" });
  });

  it("names a missing required parameter", () => {
    expect(parseParams(z.object({ league: leagueParam }), {})).toEqual({ ok: false, error: "league is required" });
  });
});

describe("ETags", () => {
  const etag = etagOf('{"a":1}');

  it("hash the exact body", () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etag);
    expect(etagOf('{"a":2}')).not.toBe(etag);
  });

  it.each([
    [null, false],
    ["", false],
    [etag, true],
    [`W/${etag}`, true],
    [`"x", ${etag}`, true],
    ["*", true],
    ['"x"', false],
    [etag.slice(0, -1), false],
  ])("If-None-Match %j matches: %s", (header, matches) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(matches);
  });
});
