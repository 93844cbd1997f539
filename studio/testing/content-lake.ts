/**
 * A local stand-in for Sanity's Content Lake API, for development and tests: the built Studio
 * runs against it in a real browser, and the site reads it with the real `@sanity/client`. It is
 * not a product and holds no one's real content: one project, one dataset (an NDJSON file), the
 * tokens it is started with.
 *
 * What it answers, as Sanity's API does for Studio 4.22 (see design notes in README.md,
 * "Trying the editing loop locally"):
 * - HTTP/2 over TLS (HTTP/1.1 allowed): the Studio keeps seven or more EventSource streams open,
 *   and over HTTP/1.1 Chromium's six connections per host starve every later request. A second,
 *   plain HTTP/1.1 port serves server-side clients (the site) without a certificate to trust.
 * - `GET /data/listen`: a `welcome` event on every stream, then a `mutation` event for each
 *   changed document matching the stream's query, echoing the writer's `transactionId`, with
 *   `transition`, `previousRev` (absent on appear), `resultRev`, `mutations` and mendoza
 *   `effects`. Without the echo the Studio never leaves "Saving…".
 * - `POST /data/actions` (the Studio's writes), `POST /data/mutate`, `GET /data/doc`,
 *   `GET|POST /data/query` with perspectives (raw, published, drafts), `/data/history`,
 *   `GET /data/live/events`, `users/me`, `projects`, `acl`, `features`, key-value settings.
 * - A signed webhook on every change of a published document (the projection README.md's
 *   step 7 gives), as a Sanity project's webhook would deliver it.
 * - Optionally the built Studio itself (`studio-dist/`) on the same origin.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import {
  createServer as createHttpServer,
  type IncomingMessage as Http1Request,
  type ServerResponse as Http1Response,
} from "node:http";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { encodeSignatureHeader } from "@sanity/webhook";
import { evaluate, parse } from "groq-js";
import { LOCAL_PROJECT_ID } from "../environment";
import { tlsCertificate } from "./certificate";
import {
  Dataset,
  isDraftId,
  isVersionId,
  LakeError,
  publishedIdOf,
  readNdjson,
  type DocumentAction,
  type DocumentChange,
  type LakeDocument,
  type RawMutation,
  type Transaction,
} from "./dataset";

type Request = Http1Request | Http2ServerRequest;
type Response = Http1Response | Http2ServerResponse;

export const LOCAL_DATASET = "production";
/** The token the local editor signs in with (the Studio keeps it in localStorage). */
export const LOCAL_EDITOR_TOKEN = "local-editor-token-0123456789abcdef0123456789";

export interface ContentLakeOptions {
  /** The dataset: an NDJSON file read at start. */
  datasetFile: string;
  /** Write every change back to this NDJSON file (the local command does; tests need not). */
  persistTo?: string;
  projectId?: string;
  dataset?: string;
  /** Tokens with read and write access; the editor's is always known. */
  tokens?: readonly string[];
  /** HTTPS/HTTP2 port (0: any free port). */
  port?: number;
  /** Plain HTTP/1.1 port for server-side clients (0: any free port). */
  httpPort?: number;
  host?: string;
  /** Serve this built Studio folder at `/` on the HTTPS port. */
  studioDir?: string;
  /** Where to deliver the signed webhook, with its secret. */
  webhook?: { url: string; secret: string };
  /** Folder for the generated certificate. */
  certificateDir?: string;
  log?: (line: string) => void;
}

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  tag: string | null;
}

export interface WebhookDelivery {
  at: number;
  status: number | "failed";
  body: unknown;
}

export interface ContentLake {
  /** https://{projectId}.localhost:PORT-style origin for the browser (the Studio). */
  readonly httpsOrigin: string;
  /** The HTTPS port. */
  readonly port: number;
  /** http://127.0.0.1:PORT, the `apiHost` for server-side `@sanity/client` (useProjectHostname false). */
  readonly httpApiHost: string;
  readonly projectId: string;
  readonly dataset: string;
  readonly data: Dataset;
  readonly requests: RecordedRequest[];
  readonly webhooks: WebhookDelivery[];
  close(): Promise<void>;
}

const EDITOR = {
  id: "p-local-editor",
  name: "Local Editor",
  email: "editor@localhost",
  provider: "sanity",
  role: "administrator",
  roles: [{ name: "administrator", title: "Administrator" }],
};

const STREAM_HEARTBEAT_MS = 20_000;

/** Reads an API path: /v{version}/rest, or /rest for the few unversioned routes. */
function splitVersion(pathname: string): { version: string | null; rest: string } {
  const match = /^\/v(\d{4}-\d{2}-\d{2}|1|X)(\/.*)?$/.exec(pathname);
  return match ? { version: match[1], rest: match[2] ?? "/" } : { version: null, rest: pathname };
}

/** The documents a perspective sees: raw, published, drafts (each draft laid over its published document). */
export function perspectiveView(documents: readonly LakeDocument[], perspective: string): LakeDocument[] {
  if (perspective === "raw") return [...documents];
  const stack = perspective === "previewDrafts" ? ["drafts"] : perspective.split(",").map((item) => item.trim());
  const published = documents.filter((document) => !isDraftId(document._id) && !isVersionId(document._id));
  if (!stack.includes("drafts")) return published;
  const byId = new Map(published.map((document) => [document._id, document]));
  for (const draft of documents.filter((document) => isDraftId(document._id))) {
    byId.set(publishedIdOf(draft._id), { ...draft, _id: publishedIdOf(draft._id), _originalId: draft._id });
  }
  return [...byId.values()];
}

async function runQuery(
  documents: readonly LakeDocument[],
  query: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const tree = parse(query, { params });
  const value = await evaluate(tree, { dataset: documents, params });
  return value.get();
}

/** Does the listener's query (a filter such as `*[_type == "x"]`) take this document? */
async function matchesListener(
  query: string,
  params: Record<string, unknown>,
  document: LakeDocument | null,
): Promise<boolean> {
  if (!document) return false;
  try {
    const result = await runQuery([document], query, params);
    return Array.isArray(result) ? result.length > 0 : result !== null && result !== undefined;
  } catch {
    return false;
  }
}

function paramsFrom(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of search) {
    if (!name.startsWith("$")) continue;
    try {
      params[name.slice(1)] = JSON.parse(value);
    } catch {
      throw new LakeError(400, "queryParseError", `Parameter ${name} is not JSON.`);
    }
  }
  return params;
}

const withoutRev = (document: LakeDocument | null) => {
  if (!document) return null;
  const { _rev, ...rest } = document;
  void _rev;
  return rest;
};

function transitionOf(change: DocumentChange): "appear" | "update" | "disappear" {
  if (!change.before) return "appear";
  if (!change.after) return "disappear";
  return "update";
}

/** A listener's `mutation` event for one changed document. */
function mutationEvent(
  transaction: Transaction,
  change: DocumentChange,
  index: number,
  options: { includeResult: boolean; includePrevious: boolean },
) {
  return {
    type: "mutation",
    eventId: `${transaction.id}#${change.id}`,
    documentId: change.id,
    transactionId: transaction.id,
    transition: transitionOf(change),
    identity: transaction.author,
    mutations: change.mutations,
    ...(change.before ? { previousRev: change.before._rev } : {}),
    ...(change.after ? { resultRev: change.after._rev } : {}),
    timestamp: transaction.timestamp,
    visibility: "query",
    effects: { apply: [0, withoutRev(change.after)], revert: [0, withoutRev(change.before)] },
    transactionTotalEvents: transaction.changes.length,
    transactionCurrentEvent: index + 1,
    ...(options.includeResult && change.after ? { result: change.after } : {}),
    ...(options.includePrevious && change.before ? { previous: change.before } : {}),
  };
}

/** What the webhook of README.md's step 7 projects from a change. */
function webhookBody(change: DocumentChange) {
  const pick = (document: LakeDocument | null) =>
    document
      ? {
          _type: document._type,
          league: document.league ?? null,
          season: document.season ?? null,
          homeTeam: document.homeTeam ?? null,
          awayTeam: document.awayTeam ?? null,
          team: document.team ?? null,
          page: document.page ?? null,
        }
      : null;
  const now = change.after ?? change.before!;
  return { _id: change.id, ...pick(now), before: pick(change.before) };
}

const WEBHOOK_TYPES = new Set(["matchPreview", "sundayParlay", "teamProfile", "siteSettings", "staticPage"]);

function contentType(file: string): string {
  const extension = path.extname(file);
  return (
    {
      ".html": "text/html; charset=utf-8",
      ".js": "text/javascript; charset=utf-8",
      ".mjs": "text/javascript; charset=utf-8",
      ".css": "text/css; charset=utf-8",
      ".json": "application/json",
      ".svg": "image/svg+xml",
      ".png": "image/png",
      ".ico": "image/x-icon",
      ".woff2": "font/woff2",
      ".txt": "text/plain; charset=utf-8",
    }[extension] ?? "application/octet-stream"
  );
}

export async function startContentLake(options: ContentLakeOptions): Promise<ContentLake> {
  const projectId = options.projectId ?? LOCAL_PROJECT_ID;
  const datasetName = options.dataset ?? LOCAL_DATASET;
  const tokens = new Set([LOCAL_EDITOR_TOKEN, ...(options.tokens ?? [])]);
  const data = new Dataset(readNdjson(options.datasetFile), options.persistTo);
  const requests: RecordedRequest[] = [];
  const webhooks: WebhookDelivery[] = [];
  const keyValues = new Map<string, unknown>();
  const openStreams = new Set<Response>();
  const log = options.log ?? (() => {});
  const host = options.host ?? "127.0.0.1";

  // The webhook: published documents of the site's types, delivered in order, never blocking a write.
  let deliveries = Promise.resolve();
  if (options.webhook) {
    const { url, secret } = options.webhook;
    data.subscribe((transaction) => {
      for (const change of transaction.changes) {
        if (isDraftId(change.id) || isVersionId(change.id)) continue;
        if (!WEBHOOK_TYPES.has((change.after ?? change.before)?._type ?? "")) continue;
        const body = webhookBody(change);
        const payload = JSON.stringify(body);
        deliveries = deliveries.then(async () => {
          const signature = await encodeSignatureHeader(payload, Date.now(), secret);
          try {
            const response = await fetch(url, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                "sanity-webhook-signature": signature,
                "idempotency-key": `${transaction.id}-${change.id}`,
              },
              body: payload,
            });
            webhooks.push({ at: Date.now(), status: response.status, body });
            log(`webhook ${change.id}: ${response.status}`);
          } catch (error) {
            webhooks.push({ at: Date.now(), status: "failed", body });
            log(`webhook ${change.id}: ${(error as Error).message}`);
          }
        });
      }
    });
  }

  const tokenOf = (request: Request): string | null => {
    const header = request.headers.authorization;
    if (typeof header === "string" && header.startsWith("Bearer ")) return header.slice("Bearer ".length).trim();
    return null;
  };

  const cors = (request: Request, response: Response) => {
    const origin = request.headers.origin;
    if (typeof origin === "string") {
      response.setHeader("access-control-allow-origin", origin);
      response.setHeader("access-control-allow-credentials", "true");
      response.setHeader("vary", "origin");
    }
  };

  const send = (response: Response, status: number, body: unknown) => {
    response.statusCode = status;
    response.setHeader("content-type", "application/json; charset=utf-8");
    response.setHeader("cache-control", "no-store");
    response.end(JSON.stringify(body));
  };

  const readJson = async (request: Request): Promise<unknown> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 16 * 1024 * 1024) throw new LakeError(413, "requestTooLarge", "The body is larger than 16 MB.");
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (!text) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new LakeError(400, "invalidJson", "The body is not JSON.");
    }
  };

  const openStream = (response: Response) => {
    response.statusCode = 200;
    response.setHeader("content-type", "text/event-stream");
    response.setHeader("cache-control", "no-cache");
    openStreams.add(response);
    const write = (text: string) => (response as Http1Response).write(text);
    response.writeHead(200);
    const heartbeat = setInterval(() => write(": keep-alive\n\n"), STREAM_HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      openStreams.delete(response);
    };
    response.on("close", stop);
    return {
      event(name: string, body: unknown, id?: string) {
        write(`${id ? `id: ${id}\n` : ""}event: ${name}\ndata: ${JSON.stringify(body)}\n\n`);
      },
      onClose(callback: () => void) {
        response.on("close", callback);
      },
    };
  };

  const serveListen = (search: URLSearchParams, response: Response, authorized: boolean) => {
    const query = search.get("query");
    if (!query) throw new LakeError(400, "queryParseError", "The listener needs a query.");
    const params = paramsFrom(search);
    parse(query, { params });
    const includeResult = search.get("includeResult") !== "false";
    const includePrevious = search.get("includePreviousRevision") === "true";
    const stream = openStream(response);
    stream.event("welcome", { listenerName: `L${randomBytes(6).toString("hex")}` });
    // Events go out in transaction order even though matching is asynchronous.
    let queue = Promise.resolve();
    const unsubscribe = data.subscribe((transaction) => {
      queue = queue.then(async () => {
        for (const [index, change] of transaction.changes.entries()) {
          if (!authorized && (isDraftId(change.id) || isVersionId(change.id))) continue;
          const matches =
            (await matchesListener(query, params, change.after)) ||
            (await matchesListener(query, params, change.before));
          if (matches)
            stream.event(
              "mutation",
              mutationEvent(transaction, change, index, { includeResult, includePrevious }),
              `${transaction.id}#${change.id}`,
            );
        }
      });
    });
    stream.onClose(unsubscribe);
  };

  const serveLiveEvents = (response: Response) => {
    const stream = openStream(response);
    stream.event("welcome", {});
    const unsubscribe = data.subscribe((transaction) => {
      // Without the Live Content API's sync tags, every change asks the client to refetch.
      stream.event("restart", { id: transaction.id });
    });
    stream.onClose(unsubscribe);
  };

  const history = (ids: string[], search: URLSearchParams): string => {
    const wanted = new Set(ids);
    let entries = data.transactions.filter((transaction) =>
      transaction.changes.some((change) => wanted.has(change.id)),
    );
    if (search.get("reverse") === "true") entries = [...entries].reverse();
    const toTransaction = search.get("toTransaction");
    if (toTransaction) {
      const at = entries.findIndex((entry) => entry.id === toTransaction);
      if (at >= 0) entries = entries.slice(at);
    }
    const limit = Number(search.get("limit") ?? "100");
    return entries
      .slice(0, Number.isFinite(limit) && limit > 0 ? limit : 100)
      .map((transaction) =>
        JSON.stringify({
          id: transaction.id,
          timestamp: transaction.timestamp,
          author: transaction.author,
          documentIDs: transaction.changes.map((change) => change.id),
          effects: Object.fromEntries(
            transaction.changes
              .filter((change) => wanted.has(change.id))
              .map((change) => [
                change.id,
                { apply: [0, withoutRev(change.after)], revert: [0, withoutRev(change.before)] },
              ]),
          ),
        }),
      )
      .join("\n");
  };

  const documentAt = (id: string, revision: string | null): LakeDocument | null => {
    if (!revision) return data.get(id);
    for (const transaction of data.transactions) {
      const change = transaction.changes.find((entry) => entry.id === id);
      if (change?.after?._rev === revision) return change.after;
    }
    return data.get(id)?._rev === revision ? data.get(id) : null;
  };

  const studioIndex = options.studioDir ? path.join(options.studioDir, "index.html") : null;
  const serveStudio = async (pathname: string, response: Response): Promise<boolean> => {
    if (!options.studioDir || !studioIndex || !existsSync(studioIndex)) return false;
    const root = path.resolve(options.studioDir);
    const file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
    const isAsset =
      file.startsWith(`${root}${path.sep}`) &&
      existsSync(file) &&
      !file.endsWith(path.sep) &&
      path.extname(file) !== "";
    if (isAsset) {
      response.statusCode = 200;
      response.setHeader("content-type", contentType(file));
      response.end(await readFile(file));
      return true;
    }
    // Every other path is a Studio route: its index, signed in as the local editor.
    const html = (await readFile(studioIndex, "utf8")).replace(
      "<head>",
      `<head><script>localStorage.setItem(${JSON.stringify(`__studio_auth_token_${projectId}`)}, ${JSON.stringify(
        JSON.stringify({ token: LOCAL_EDITOR_TOKEN, time: "2026-01-01T00:00:00.000Z" }),
      )});</script>`,
    );
    response.statusCode = 200;
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.setHeader("cache-control", "no-store");
    response.end(html);
    return true;
  };

  const handle = async (request: Request, response: Response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    const { version, rest } = splitVersion(url.pathname);
    const token = tokenOf(request);
    const authorized = token !== null && tokens.has(token);
    const record = (status: number) =>
      requests.push({ method, path: url.pathname, status, tag: url.searchParams.get("tag") });
    cors(request, response);
    if (method === "OPTIONS") {
      response.setHeader("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
      response.setHeader(
        "access-control-allow-headers",
        String(request.headers["access-control-request-headers"] ?? "authorization, content-type"),
      );
      response.setHeader("access-control-max-age", "600");
      response.statusCode = 204;
      response.end();
      return;
    }
    try {
      if (version === null) {
        if (method === "GET" && (await serveStudio(url.pathname, response))) return record(200);
        send(response, 404, { error: { description: `No route ${method} ${url.pathname}` } });
        return record(404);
      }
      const segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
      const [area, verb, name, ...more] = segments;
      const dataset = name;
      const needsDataset = () => {
        if (dataset !== datasetName)
          throw new LakeError(404, "datasetNotFound", `Dataset "${dataset}" not found for project ID "${projectId}"`);
      };
      const needsAuth = () => {
        if (!authorized) throw new LakeError(401, "unauthorized", "Unauthorized - Session not found");
      };

      if (area === "ping") return (send(response, 200, "PONG"), record(200));
      if (area === "users" && verb === "me" && !name) {
        if (!authorized)
          return (send(response, 401, { error: "Unauthorized", message: "Session not found" }), record(401));
        return (send(response, 200, EDITOR), record(200));
      }
      if (area === "users" && verb === "me" && name === "keyvalue") {
        needsAuth();
        if (method === "GET") {
          const keys = (more[0] ?? "").split(",").filter(Boolean);
          return (
            send(
              response,
              200,
              keys.map((key) => ({ key, value: keyValues.get(key) ?? null })),
            ),
            record(200)
          );
        }
        const entries = (await readJson(request)) as Array<{ key: string; value: unknown }>;
        for (const entry of Array.isArray(entries) ? entries : []) keyValues.set(entry.key, entry.value);
        return (send(response, 200, Array.isArray(entries) ? entries : []), record(200));
      }
      if (area === "users" && verb) {
        return (
          send(
            response,
            200,
            verb.split(",").map((id) => (id === EDITOR.id ? EDITOR : { id, displayName: id })),
          ),
          record(200)
        );
      }
      if (area === "projects" && verb === projectId) {
        needsAuth();
        if (!name) {
          return (
            send(response, 200, {
              id: projectId,
              displayName: "First Kick Picks (local)",
              studioHost: null,
              isBlocked: false,
              isDisabled: false,
              isDisabledByUser: false,
              metadata: { color: "#1d6f42" },
              maxRetentionDays: 3,
              activityFeedEnabled: false,
              createdAt: "2026-01-01T00:00:00.000Z",
              updatedAt: "2026-01-01T00:00:00.000Z",
              organizationId: null,
              members: [
                {
                  ...EDITOR,
                  isCurrentUser: true,
                  isRobot: false,
                  createdAt: "2026-01-01T00:00:00.000Z",
                  updatedAt: "2026-01-01T00:00:00.000Z",
                },
              ],
              features: [],
              pendingInvites: 0,
            }),
            record(200)
          );
        }
        if (name === "datasets" && more[1] === "acl") return (needsAuth(), send(response, 200, grants()), record(200));
        if (name === "datasets" && more[1] === "settings") return (send(response, 200, {}), record(200));
        if (name === "datasets") return (send(response, 200, [{ name: datasetName, aclMode: "private" }]), record(200));
        if (name === "features") return (send(response, 200, []), record(200));
        if (name === "user-applications") return (send(response, 200, []), record(200));
        if (name === "acl") return (send(response, 200, grants()), record(200));
      }
      if (area === "acl") return (needsAuth(), send(response, 200, grants()), record(200));
      if (area === "features") return (send(response, 200, []), record(200));
      if (area === "user-applications") return (send(response, 200, []), record(200));
      if (area === "intake") return (send(response, 200, { status: "denied" }), record(200));
      // Product tours, announcements, trials and the version check: nothing to tell.
      if (area === "journey" || area === "help") return (send(response, 200, null), record(200));
      if (area === "schedules") return (send(response, 200, { schedules: [] }), record(200));

      if (area === "data") {
        if (verb === "query") {
          needsDataset();
          let query: string | null = url.searchParams.get("query");
          let params = paramsFrom(url.searchParams);
          if (method === "POST") {
            const body = (await readJson(request)) as { query?: string; params?: Record<string, unknown> };
            query = body.query ?? null;
            params = body.params ?? {};
          }
          if (!query) throw new LakeError(400, "queryParseError", "A query is required.");
          const requested = url.searchParams.get("perspective") ?? "raw";
          const perspective = authorized ? requested : "published";
          const started = performance.now();
          let result: unknown;
          try {
            result = await runQuery(perspectiveView(data.all(), perspective), query, params);
          } catch (error) {
            throw new LakeError(400, "queryParseError", (error as Error).message);
          }
          const body: Record<string, unknown> = { result, ms: Math.round(performance.now() - started) };
          if (url.searchParams.get("returnQuery") !== "false") body.query = query;
          return (send(response, 200, body), record(200));
        }
        if (verb === "doc") {
          needsDataset();
          const ids = (more[0] ?? "").split(",").filter(Boolean);
          const documents: LakeDocument[] = [];
          const omitted: Array<{ id: string; reason: string }> = [];
          for (const id of ids) {
            const document = data.get(id);
            if (!document) omitted.push({ id, reason: "existence" });
            else if (!authorized && (isDraftId(id) || isVersionId(id))) omitted.push({ id, reason: "permission" });
            else documents.push(document);
          }
          return (send(response, 200, { documents, omitted }), record(200));
        }
        if (verb === "listen") {
          needsDataset();
          serveListen(url.searchParams, response, authorized);
          return record(200);
        }
        if (verb === "live" && name === "events") {
          serveLiveEvents(response);
          return record(200);
        }
        if (verb === "mutate" && method === "POST") {
          needsDataset();
          needsAuth();
          const body = (await readJson(request)) as { mutations?: RawMutation[]; transactionId?: string };
          if (!Array.isArray(body.mutations))
            throw new LakeError(400, "mutationError", "The body needs a mutations array.");
          const mutations = await expandQueryMutations(body.mutations);
          const transaction = data.mutate(mutations, { transactionId: body.transactionId, author: EDITOR.id });
          const returnDocuments = url.searchParams.get("returnDocuments") === "true";
          return (
            send(response, 200, {
              transactionId: transaction.id,
              results: transaction.changes.map((change) => ({
                id: change.id,
                operation: !change.before ? "create" : !change.after ? "delete" : "update",
                ...(returnDocuments && change.after ? { document: change.after } : {}),
              })),
              ...(returnDocuments
                ? { documents: transaction.changes.flatMap((change) => (change.after ? [change.after] : [])) }
                : {}),
            }),
            record(200)
          );
        }
        if (verb === "actions" && method === "POST") {
          needsDataset();
          needsAuth();
          const body = (await readJson(request)) as {
            actions?: DocumentAction[] | DocumentAction;
            transactionId?: string;
            dryRun?: boolean;
          };
          const actions = Array.isArray(body.actions) ? body.actions : body.actions ? [body.actions] : [];
          if (actions.length === 0) throw new LakeError(400, "actionError", "The body needs actions.");
          if (body.dryRun)
            return (send(response, 200, { transactionId: body.transactionId ?? "dry-run" }), record(200));
          const transaction = data.act(actions, { transactionId: body.transactionId, author: EDITOR.id });
          return (send(response, 200, { transactionId: transaction.id }), record(200));
        }
        if (verb === "history" && name === datasetName) {
          needsAuth();
          const [kind, ids] = more;
          if (kind === "transactions") {
            response.statusCode = 200;
            response.setHeader("content-type", "application/x-ndjson");
            response.end(history((ids ?? "").split(",").filter(Boolean), url.searchParams));
            return record(200);
          }
          if (kind === "documents") {
            const revision = url.searchParams.get("revision");
            const documents = (ids ?? "")
              .split(",")
              .filter(Boolean)
              .flatMap((id) => {
                const document =
                  url.searchParams.get("lastRevision") === "true" ? data.get(id) : documentAt(id, revision);
                return document ? [document] : [];
              });
            return (send(response, 200, { documents }), record(200));
          }
          if (kind === "events") return (send(response, 200, { events: [], nextCursor: "" }), record(200));
        }
      }
      send(response, 404, { error: { description: `No route ${method} ${url.pathname}`, type: "notFound" } });
      record(404);
    } catch (error) {
      const status = error instanceof LakeError ? error.status : 500;
      const type = error instanceof LakeError ? error.type : "internalError";
      if (status === 500) log(`error ${method} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) send(response, status, { error: { description: (error as Error).message, type } });
      else response.end();
      record(status);
    }
  };

  // The local editor is the project's administrator: everything, as Sanity grants it.
  /** `delete` and `patch` by query become one mutation per matching document, as Sanity applies them. */
  const expandQueryMutations = async (mutations: RawMutation[]): Promise<RawMutation[]> => {
    const expanded: RawMutation[] = [];
    for (const mutation of mutations) {
      const [kind, body] = Object.entries(mutation)[0] ?? [];
      const target = body as { query?: unknown; params?: Record<string, unknown> } | undefined;
      if ((kind === "delete" || kind === "patch") && target && typeof target.query === "string") {
        let ids: unknown;
        try {
          const found = await runQuery(data.all(), target.query, target.params ?? {});
          ids = (Array.isArray(found) ? found : [found]).map((document) => (document as { _id?: unknown } | null)?._id);
        } catch (error) {
          throw new LakeError(400, "queryParseError", (error as Error).message);
        }
        for (const id of Array.isArray(ids) ? ids : []) {
          if (typeof id !== "string") continue;
          const { query: _query, params: _params, ...rest } = target;
          void _query;
          void _params;
          expanded.push({ [kind]: { ...rest, id } });
        }
      } else {
        expanded.push(mutation);
      }
    }
    return expanded;
  };

  const grants = () => [{ filter: '_id in path("**")', permissions: ["read", "create", "history", "update"] }];

  const { key, cert } = await tlsCertificate(options.certificateDir ?? path.resolve(".cache/content-lake"), projectId);
  const secure = createSecureServer(
    { key, cert, allowHTTP1: true },
    (request, response) => void handle(request, response),
  );
  const plain = createHttpServer((request, response) => void handle(request, response));
  // A client that drops its connection must not take the server down.
  secure.on("sessionError", () => {});
  const sessions = new Set<import("node:http2").Http2Session>();
  secure.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  secure.on("tlsClientError", () => {});

  await new Promise<void>((resolve, reject) => {
    secure.once("error", reject);
    secure.listen(options.port ?? 0, host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    plain.once("error", reject);
    plain.listen(options.httpPort ?? 0, host, () => resolve());
  });
  const port = (secure.address() as AddressInfo).port;
  const httpPort = (plain.address() as AddressInfo).port;

  return {
    httpsOrigin: `https://${projectId}.localhost:${port}`,
    port,
    httpApiHost: `http://${host}:${httpPort}`,
    projectId,
    dataset: datasetName,
    data,
    requests,
    webhooks,
    async close() {
      for (const stream of openStreams) stream.end();
      await deliveries;
      await data.flush();
      for (const session of sessions) session.destroy();
      plain.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => secure.close(() => resolve())),
        new Promise<void>((resolve) => plain.close(() => resolve())),
      ]);
    },
  };
}
