/**
 * How every JSON endpoint answers: GET and HEAD only, parameters parsed by the endpoint's
 * schemas (a 400 naming the first problem), JSON bodies with an ETag and a 304 for a matching
 * If-None-Match, the endpoint's Cache-Control, and `no-store` for anything read in preview.
 */
import { isDatabaseUnavailable } from "@shared/db/errors";
import { etagMatches, etagOfBody } from "../../page-cache/answer-encoding";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { AppContext } from "../load-context";
import { methodNotAllowed } from "../method-not-allowed.server";
import type { JsonEndpoint } from "./common/endpoint.server";
import { parseParams } from "./params";

export const ALLOWED_METHODS = "GET, HEAD";
export const NO_STORE = "no-store";
const JSON_TYPE = "application/json; charset=utf-8";

/** What a handler answers; bad parameters never reach it (the 400s are the wrapper's). */
export type ApiAnswer<Body> = { status: 200; body: Body; live: boolean } | { status: 404; error: string };

/** A body; `live` when it shows a match in play, which takes the endpoint's live Cache-Control. */
export function ok<Body>(body: Body, { live = false }: { live?: boolean } = {}): ApiAnswer<Body> {
  return { status: 200, body, live };
}

export function notFound(error: string): ApiAnswer<never> {
  return { status: 404, error };
}

/** Errors are never stored: the match or the data may exist a minute later. */
export function errorResponse(status: number, error: string): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": NO_STORE },
  });
}

/** A strong validator of the exact body (the page cache's: the hash of its bytes). */
export const etagOf = (body: string): string => etagOfBody(body);

/** If-None-Match names this ETag, as the page cache checks it. */
export const ifNoneMatchMatches = (header: string | null, etag: string): boolean => etagMatches(header, etag);

/** A body serialised once: the ETag is its hash, and a matching If-None-Match gets a 304 without it. */
export function jsonResponse(
  request: Request,
  body: unknown,
  cacheControl: string,
  { contentType = JSON_TYPE, headers = {} }: { contentType?: string; headers?: Record<string, string> } = {},
): Response {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const etag = etagOf(text);
  const common = { ...headers, ETag: etag, "Cache-Control": cacheControl };
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers: common });
  return new Response(text, { status: 200, headers: { ...common, "Content-Type": contentType } });
}

export interface EndpointInput<Params, Query> {
  params: Params;
  query: Query;
  request: Request;
  context: AppContext;
  /** Drafts are read, and nothing is stored, in preview. */
  preview: boolean;
}

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

/**
 * The loader of an endpoint's resource route. The handler gets parsed parameters and returns
 * a body of the endpoint's response schema (checked by the compiler here and by the contract
 * tests at run time), or a 404.
 */
export function endpointLoader<Endpoint extends JsonEndpoint>(
  endpoint: Endpoint,
  handler: (
    input: EndpointInput<Output<Endpoint["params"]>, Output<Endpoint["query"]>>,
  ) => Promise<ApiAnswer<Output<Endpoint["response"]>>>,
) {
  return async ({ request, params, context }: LoaderFunctionArgs): Promise<Response> => {
    // OPTIONS reaches the loader too.
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(ALLOWED_METHODS);
    const path = parseParams(endpoint.params, params);
    if (!path.ok) return errorResponse(400, path.error);
    const query = parseParams(endpoint.query, Object.fromEntries(new URL(request.url).searchParams));
    if (!query.ok) return errorResponse(400, query.error);
    const preview = await context.previewSessions.isActive(request);
    let answer: ApiAnswer<Output<Endpoint["response"]>>;
    try {
      answer = await handler({
        params: path.value as Output<Endpoint["params"]>,
        query: query.value as Output<Endpoint["query"]>,
        request,
        context,
        preview,
      });
    } catch (error) {
      // The database out of reach: the outage answer (503, Retry-After), not a bug report.
      if (isDatabaseUnavailable(error)) throw error;
      console.error(`${endpoint.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return errorResponse(500, "The data could not be read. Try again shortly.");
    }
    if (answer.status !== 200) return errorResponse(answer.status, answer.error);
    const cacheControl = preview ? NO_STORE : answer.live ? endpoint.cache.live : endpoint.cache.normal;
    return jsonResponse(request, answer.body, cacheControl);
  };
}

/** Every other method: 405 with Allow. */
export const endpointAction = (): Response => methodNotAllowed(ALLOWED_METHODS);
