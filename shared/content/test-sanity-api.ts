/**
 * A local stand-in for Sanity's HTTP API, for tests of the real @sanity/client path: it answers
 * `GET /v{apiVersion}/data/query/{dataset}` by evaluating the query with groq-js over its
 * documents in the requested perspective, and `POST /v{apiVersion}/data/mutate/{dataset}` with
 * Sanity's transaction semantics. As the real API does, it shows drafts only to requests that
 * carry a token it knows, and accepts mutations only with the write token.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { evaluate, parse } from "groq-js";

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}

type Document = { _id: string; _type: string; _rev?: string; [field: string]: unknown };

export interface SanityApiServer {
  apiHost: string;
  requests: RecordedRequest[];
  documents: Document[];
  close(): Promise<void>;
}

export interface SanityApiServerOptions {
  apiVersion: string;
  dataset: string;
  documents: Document[];
  readToken: string;
  writeToken: string;
}

function view(documents: Document[], perspective: string): Document[] {
  const isDraft = (d: Document) => d._id.startsWith("drafts.");
  const isVersion = (d: Document) => d._id.startsWith("versions.");
  if (perspective === "raw") return documents;
  const published = documents.filter((d) => !isDraft(d) && !isVersion(d));
  if (perspective !== "drafts") return published;
  const drafts = documents
    .filter(isDraft)
    .map((d) => ({ ...d, _id: d._id.slice("drafts.".length), _originalId: d._id }));
  return [...published.filter((p) => !drafts.some((d) => d._id === p._id)), ...drafts];
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : undefined;
}

type Mutation = { create?: Document; patch?: { id: string; set?: Record<string, unknown>; ifRevisionID?: string } };

function applyTransaction(documents: Document[], mutations: Mutation[]): { next: Document[]; error?: string } {
  const next = documents.map((d) => ({ ...d }));
  for (const mutation of mutations) {
    if (mutation.create) {
      if (next.some((d) => d._id === mutation.create!._id))
        return { next, error: `Document by ID "${mutation.create._id}" already exists` };
      next.push({ ...mutation.create, _rev: randomBytes(6).toString("hex") });
    } else if (mutation.patch) {
      const target = next.find((d) => d._id === mutation.patch!.id);
      if (!target) return { next, error: `Document "${mutation.patch.id}" not found` };
      if (mutation.patch.ifRevisionID && target._rev !== mutation.patch.ifRevisionID) {
        return {
          next,
          error: `Document "${target._id}" has unexpected revision ID ("${target._rev}"), expected "${mutation.patch.ifRevisionID}"`,
        };
      }
      Object.assign(target, mutation.patch.set, { _rev: randomBytes(6).toString("hex") });
    }
  }
  return { next };
}

export async function startSanityApiServer(options: SanityApiServerOptions): Promise<SanityApiServer> {
  const requests: RecordedRequest[] = [];
  const state = { documents: options.documents.map((d) => ({ ...d })) };
  const queryPath = `/v${options.apiVersion}/data/query/${options.dataset}`;
  const mutatePath = `/v${options.apiVersion}/data/mutate/${options.dataset}`;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const authorization = request.headers.authorization;
    const body = request.method === "POST" ? await readBody(request) : undefined;
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      search: url.searchParams,
      authorization,
      body,
    });
    const token = authorization?.replace(/^Bearer /, "");
    const known = token === options.readToken || token === options.writeToken;

    if (url.pathname === queryPath && request.method === "GET") {
      const params: Record<string, unknown> = {};
      for (const [name, value] of url.searchParams) if (name.startsWith("$")) params[name.slice(1)] = JSON.parse(value);
      const requested = url.searchParams.get("perspective") ?? "raw";
      const perspective = known ? requested : "published";
      try {
        const query = url.searchParams.get("query") ?? "";
        const value = await evaluate(parse(query, { params }), { dataset: view(state.documents, perspective), params });
        send(response, 200, { query, result: await value.get(), ms: 1 });
      } catch (error) {
        send(response, 400, { error: { description: (error as Error).message, type: "queryParseError" } });
      }
      return;
    }
    if (url.pathname === mutatePath && request.method === "POST") {
      if (token !== options.writeToken) {
        send(response, 403, { error: { description: "Insufficient permissions", type: "mutationError" } });
        return;
      }
      const { next, error } = applyTransaction(state.documents, (body as { mutations: Mutation[] }).mutations);
      if (error) {
        send(response, 409, { error: { description: error, type: "mutationError" } });
        return;
      }
      state.documents = next;
      send(response, 200, { transactionId: randomBytes(6).toString("hex"), results: [] });
      return;
    }
    send(response, 404, { error: { description: `No route ${request.method} ${url.pathname}` } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiHost: `http://127.0.0.1:${port}`,
    requests,
    get documents() {
      return state.documents;
    },
    set documents(documents: Document[]) {
      state.documents = documents;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
