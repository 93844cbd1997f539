/**
 * The OpenAPI 3.1 description served at /api, generated from the endpoint list and the zod
 * schemas the endpoints use, and a small HTML view of it for people.
 */
import { z } from "zod";
import { SITE_NAME } from "@shared/domain/site";
import { ALLOWED_METHODS } from "./respond.server";
import { ENDPOINTS, OTHER_ROUTES, type OtherRoute } from "./catalog.server";
import { API_TAGS, type JsonEndpoint } from "./common/endpoint.server";
import { apiSchemaRegistry, errorSchema, inDescriptionOrder } from "./common/schema";

export const API_VERSION = "1.0.0";

type JsonSchema = Record<string, unknown>;

const ref = (schema: z.ZodType): JsonSchema => {
  const id = apiSchemaRegistry.get(schema)?.id;
  if (!id) throw new Error("Every response schema of the API is named (schemaNamer in common/schema.ts)");
  return { $ref: `#/components/schemas/${id}` };
};

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(apiSchemaRegistry, {
    target: "draft-2020-12",
    metadata: apiSchemaRegistry,
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    inDescriptionOrder(Object.keys(schemas)).map((id) => [id, withoutDialect(schemas[id] as JsonSchema)]),
  );
}

/** A path or query parameter from its zod schema: the text it accepts, with its description. */
function parameter(name: string, schema: z.ZodType, where: "path" | "query") {
  const { description, example, ...json } = withoutDialect(
    z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }),
  );
  return {
    name,
    in: where,
    required: where === "path" || !schema.safeParse(undefined).success,
    ...(typeof description === "string" && { description }),
    schema: { type: "string", ...json },
    ...(example !== undefined && { example }),
  };
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? schema.shape : {};
}

const errorContent = { "application/json": { schema: ref(errorSchema) } };

function jsonOperation(endpoint: JsonEndpoint) {
  const cache =
    endpoint.cache.normal === endpoint.cache.live
      ? endpoint.cache.normal
      : `${endpoint.cache.normal}; while a match it shows is live: ${endpoint.cache.live}`;
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description,
    parameters: [
      ...Object.entries(shapeOf(endpoint.params)).map(([name, schema]) => parameter(name, schema, "path")),
      ...Object.entries(shapeOf(endpoint.query)).map(([name, schema]) => parameter(name, schema, "query")),
    ],
    responses: {
      200: {
        description: "OK",
        headers: {
          "Cache-Control": { description: `${cache}. In preview: no-store.`, schema: { type: "string" } },
          ETag: {
            description: "Hash of the body; send it back in If-None-Match for a 304.",
            schema: { type: "string" },
          },
        },
        content: { "application/json": { schema: ref(endpoint.response) } },
      },
      304: { description: "Not Modified: If-None-Match named the current ETag." },
      ...Object.fromEntries(
        Object.entries(endpoint.errors).map(([status, description]) => [
          status,
          { description, content: errorContent },
        ]),
      ),
      405: {
        description: `Any method but ${ALLOWED_METHODS}.`,
        headers: { Allow: { schema: { type: "string" } } },
        content: errorContent,
      },
      500: { description: "The data could not be read.", content: errorContent },
    },
  };
}

/** What tag groups, for the description's readers. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  [API_TAGS.matches]: "Matches with their picks, scores and states, one at a time or by league.",
  [API_TAGS.matchBlocks]: "The blocks of a match page: live score, line-ups, player statistics and team form.",
  [API_TAGS.standings]: "League tables.",
  [API_TAGS.picks]: "Ranked picks: the top 10, one per league and the Match of the Week.",
  [API_TAGS.teams]: "Clubs: profile, statistics, standing, recent and next matches, squad.",
  [API_TAGS.players]: "Players: leaderboards, season statistics and recent form.",
  [API_TAGS.record]: "The algorithm's public track record, from the append-only pick ledger.",
  [API_TAGS.site]: "Editorial content: the automation endpoint, the Sanity webhook and draft preview.",
  [API_TAGS.internal]: "Operators' pages, behind a token.",
  [API_TAGS.description]: "This description of the API.",
};

/**
 * How the few non-public operations are authorised; everything else is public. The schemes are
 * declared in components.securitySchemes.
 */
const SECURITY_BY_PATH: Record<string, Record<string, string[]>[]> = {
  "/api/content/match-updates": [{ automationToken: [] }],
  "/api/content/webhook": [{ webhookSignature: [] }],
  "/api/preview-mode/enable": [{ previewSecret: [] }],
};

const SECURITY_SCHEMES = {
  automationToken: {
    type: "http",
    scheme: "bearer",
    description: "CONTENT_AUTOMATION_TOKEN, as Authorization: Bearer <token>.",
  },
  webhookSignature: {
    type: "apiKey",
    in: "header",
    name: "sanity-webhook-signature",
    description: "Sanity's signature of the body and a timestamp with SANITY_WEBHOOK_SECRET.",
  },
  previewSecret: {
    type: "apiKey",
    in: "query",
    name: "sanity-preview-secret",
    description: "PREVIEW_SECRET, or a secret the Studio stored.",
  },
};

/** Where the API is: the public origin, or this site itself (a relative URL) when it runs locally. */
function serverOf(siteUrl: string): { url: string; description: string } {
  const { hostname, origin } = new URL(siteUrl);
  const local = hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
  return local ? { url: "/", description: "This site" } : { url: origin, description: SITE_NAME };
}

function otherOperation(route: OtherRoute) {
  return {
    operationId: route.file.replace(/\.ts$/, "").replace(/[^a-zA-Z0-9]+/g, "_"),
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    ...(SECURITY_BY_PATH[route.path] && { security: SECURITY_BY_PATH[route.path] }),
    responses: Object.fromEntries(
      Object.entries(route.responses).map(([status, description]) => [status, { description }]),
    ),
  };
}

export const JSON_ENDPOINTS: readonly JsonEndpoint[] = Object.values(ENDPOINTS);

/** The routes the served description lists: every JSON endpoint and the other public routes. */
export const LISTED_OTHER_ROUTES: readonly OtherRoute[] = OTHER_ROUTES.filter((route) => !route.unlisted);

export function openApiDocument(siteUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (path: string, method: string, operation: unknown) => {
    paths[path] = { ...paths[path], [method]: operation };
  };
  for (const endpoint of JSON_ENDPOINTS) add(endpoint.path, "get", jsonOperation(endpoint));
  for (const route of LISTED_OTHER_ROUTES) add(route.path, route.method.toLowerCase(), otherOperation(route));
  const usedTags = new Set([...JSON_ENDPOINTS.map((e) => e.tag), ...LISTED_OTHER_ROUTES.map((r) => r.tag)]);
  return {
    openapi: "3.1.0",
    info: {
      title: `${SITE_NAME} API`,
      version: API_VERSION,
      license: { name: "All rights reserved: see the terms of use", url: new URL("/terms", siteUrl).toString() },
      summary: "Match predictions, picks, tables, leaderboards and the track record of five leagues, as JSON.",
      description:
        "Every endpoint answers GET and HEAD with JSON, an ETag (send If-None-Match for a 304) and a Cache-Control fit for a CDN. A bad parameter is a 400 and an unknown id a 404, each with { \"error\": \"...\" }. Picks follow the site's one resolution order: final score, the editors' published preview (drafts only in preview, sent with no-store), the algorithm's prediction, else 'Coming Soon'. The site takes no bets: information and entertainment only.",
    },
    servers: [serverOf(siteUrl)],
    // The API is public: no credentials are needed except where an operation says otherwise.
    security: [{}],
    tags: Object.values(API_TAGS)
      .filter((tag) => usedTags.has(tag))
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: { schemas: componentSchemas(), securitySchemes: SECURITY_SCHEMES },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface ViewOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; description?: string }[];
  responses: Record<string, { description: string }>;
}

const STYLE = `
  :root { color-scheme: light; --ink: #10233f; --muted: #50607a; --line: #d9e0ea; --accent: #0b7a43; --paper: #f5f7fb; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
  header, main { max-width: 960px; margin: 0 auto; padding: 0 1rem 1rem; }
  header { padding-top: 2rem; }
  nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: .75rem 0 0; padding: 0; }
  h1 { margin: 0 0 .25rem; font-size: 1.75rem; }
  h2 { margin: 2rem 0 .75rem; font-size: 1.25rem; border-bottom: 2px solid var(--line); padding-bottom: .25rem; }
  p { margin: .25rem 0 .5rem; }
  a { color: var(--accent); }
  .lead { color: var(--muted); }
  .op { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; margin: 0 0 .75rem; }
  .op h3 { margin: 0; font-size: 1rem; display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; }
  .method { font: 700 .75rem/1 ui-monospace, monospace; padding: .3rem .45rem; border-radius: 4px; background: var(--accent); color: #fff; }
  .method.post { background: #8a4b00; }
  code, .path { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
  .summary { color: var(--muted); font-weight: 400; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .75rem; margin: .5rem 0 0; font-size: .9rem; }
  dt { font-family: ui-monospace, monospace; }
  dd { margin: 0; color: var(--muted); overflow-wrap: anywhere; }
  @media (max-width: 600px) { dl { grid-template-columns: 1fr; } dd { margin-bottom: .35rem; } }
`;

/** The description as a page: the same document, grouped by tag. */
export function openApiHtml(document: OpenApiDocument): string {
  const operations: (ViewOperation & { tag: string })[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const op = operation as Omit<ViewOperation, "method" | "path"> & {
        tags: string[];
        parameters?: ViewOperation["parameters"];
      };
      return { ...op, parameters: op.parameters ?? [], method, path, tag: op.tags[0] };
    }),
  );
  const anchor = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const contents = document.tags
    .map(({ name }) => `<li><a href="#${anchor(name)}">${escapeHtml(name)}</a></li>`)
    .join("");
  const sections = document.tags.map(({ name }) => {
    const items = operations
      .filter((op) => op.tag === name)
      .map((op) => {
        const parameters = op.parameters
          .map(
            (p) =>
              `<dt>${escapeHtml(p.in === "query" ? `?${p.name}` : `{${p.name}}`)}</dt><dd>${escapeHtml(p.description ?? "")}${p.required ? "" : " (optional)"}</dd>`,
          )
          .join("");
        const responses = Object.entries(op.responses)
          .map(([status, response]) => `<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(response.description)}</dd>`)
          .join("");
        return `<article class="op"><h3><span class="method ${escapeHtml(op.method)}">${escapeHtml(op.method.toUpperCase())}</span><span class="path">${escapeHtml(op.path)}</span><span class="summary">${escapeHtml(op.summary)}</span></h3><p>${escapeHtml(op.description)}</p><dl>${parameters}${responses}</dl></article>`;
      })
      .join("");
    return `<section aria-labelledby="${anchor(name)}"><h2 id="${anchor(name)}">${escapeHtml(name)}</h2>${items}</section>`;
  });
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(document.info.title)}</h1><p class="lead">${escapeHtml(document.info.summary)}</p>
<p>${escapeHtml(document.info.description)}</p>
<p>OpenAPI ${escapeHtml(document.openapi)} description as JSON: <a href="/api?format=json"><code>/api?format=json</code></a> (or send <code>Accept: application/json</code>).</p>
<nav aria-label="Endpoint groups"><ul>${contents}</ul></nav></header>
<main>${sections.join("")}</main></body></html>`;
}
