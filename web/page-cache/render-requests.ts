/**
 * The requests the page server renders from: a cacheable page's recipe (what it is rendered from
 * for everyone, kept with its entry so that it can be rendered again with no visitor's request)
 * and, for answers rendered for one client alone, the request as that client sent it.
 */
import type { ServerResponse } from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { NOT_STORED_HEADERS } from "./answer-headers";
import { pageTarget } from "./page-target";

/**
 * What a cacheable page is rendered from, kept with its entry so that it can be rendered again
 * with no visitor's request: the public URL, the request headers a page may read, and the
 * headers the middleware set before the handler (security headers).
 */
export interface Recipe {
  url: string;
  requestHeaders: Array<[string, string]>;
  base: Array<[string, string]>;
}

/** The page cache's headers that come from the middleware, as a render starts from them. */
export function baseHeadersOf(res: ServerResponse): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    const lower = name.toLowerCase();
    if (value !== undefined && !NOT_STORED_HEADERS.has(lower))
      headers.push([lower, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  return headers;
}

/**
 * What a cacheable page is rendered from: the public origin, no validators, no cookies (nothing
 * personal may reach a shared page), no abort (others may be waiting for it).
 */
export function recipeOf(req: ExpressRequest, res: ExpressResponse, siteOrigin: string): Recipe {
  const requestHeaders: Array<[string, string]> = [];
  for (const name of ["accept", "accept-language", "user-agent"]) {
    const value = req.headers[name];
    if (typeof value === "string") requestHeaders.push([name, value]);
  }
  // Only what a page reads of the query: the answer is shared by every target with the same key.
  const url = new URL(pageTarget(req.originalUrl), siteOrigin).href;
  return { url, requestHeaders, base: baseHeadersOf(res) };
}

export function requestOf(recipe: Recipe): globalThis.Request {
  return new Request(recipe.url, { method: "GET", headers: new Headers(recipe.requestHeaders) });
}

/**
 * The request as the client sent it, for answers rendered for that client alone: its own
 * origin (the internal pages check a POST's Origin against it), headers and body, aborted
 * when the client goes away.
 */
export function clientRequest(req: ExpressRequest, res: ExpressResponse, siteOrigin: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(new URL(req.originalUrl, clientOrigin(req, siteOrigin)), init);
}

/** The origin the client addressed, or the public one when its Host header is not usable. */
function clientOrigin(req: ExpressRequest, siteOrigin: string): string {
  try {
    return new URL(`${req.protocol}://${req.get("host") ?? ""}`).origin;
  } catch {
    return siteOrigin;
  }
}
