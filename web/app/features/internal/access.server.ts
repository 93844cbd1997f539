/**
 * Who may see the internal pages (/test-api, /api-status) and call their endpoints.
 *
 * Closed unless INTERNAL_PAGES_TOKEN is configured, and then only for a request that presents
 * it: `Authorization: Bearer <token>`, or the access cookie a page sets after it was opened once
 * with `?token=<token>`. Anything else gets the answer an unknown path gets (404), so nobody can
 * tell the pages exist. The cookie holds an expiry and an HMAC keyed by the token, never the
 * token; it is HttpOnly, SameSite=Strict, Secure over https, and scoped to the internal paths.
 * A POST also needs an Origin header naming this site when it relies on the cookie, so another
 * site cannot make an operator's browser create matches (CSRF).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Env } from "@shared/config/env";
import { API_STATUS, TEST_API } from "@shared/domain/urls";
import { secretsMatch } from "~/secrets.server";
import { CREATE_MATCH_API, FIND_UNITED_BRIGHTON_API, LIVE_MATCH_API } from "./internal-urls";
import { notFound } from "~/not-found.server";

/** Every path the access cookie is sent to: the two pages and the endpoints they call. */
export const INTERNAL_PATHS = [
  TEST_API,
  API_STATUS,
  FIND_UNITED_BRIGHTON_API,
  LIVE_MATCH_API,
  CREATE_MATCH_API,
] as const;

export const INTERNAL_COOKIE = "fkp_internal";
/** An operator opens the pages with the token again after half a day. */
export const INTERNAL_COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;
const TOKEN_PARAMETER = "token";

/** Every answer of an open internal page or endpoint: never cached, never indexed. */
export const INTERNAL_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

type AccessEnv = Pick<Env, "INTERNAL_PAGES_TOKEN" | "SITE_URL">;

/** The site's not-found page, thrown from a page's loader like the splat route does. */
export function pageNotFound(): Response {
  return notFound();
}

/** The JSON answer of an endpoint that does not exist. */
export function endpointNotFound(): Response {
  return Response.json({ error: "Not Found" }, { status: 404 });
}

/** A JSON answer of an open endpoint. */
export function internalJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...INTERNAL_HEADERS, ...headers } });
}

function cookieSignature(token: string, expires: number): Buffer {
  return createHmac("sha256", token).update(`${INTERNAL_COOKIE}|${expires}`).digest();
}

/** The cookie's value: when it expires (Unix seconds) and the HMAC of that under the token. */
export function accessCookieValue(token: string, nowMs: number = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + INTERNAL_COOKIE_MAX_AGE_SECONDS;
  return `${expires}.${cookieSignature(token, expires).toString("base64url")}`;
}

function cookieNamed(request: Request, name: string): string[] {
  const header = request.headers.get("Cookie") ?? "";
  return header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

function validCookieValue(value: string, token: string, nowMs: number): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs) return false;
  const presented = Buffer.from(match[2], "base64url");
  const expected = cookieSignature(token, expires);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

function hasValidCookie(request: Request, token: string, nowMs: number): boolean {
  // Every candidate is checked, so the answer takes as long whichever one is valid.
  return cookieNamed(request, INTERNAL_COOKIE).reduce(
    (valid, value) => validCookieValue(value, token, nowMs) || valid,
    false,
  );
}

function bearerToken(request: Request): string | null {
  return /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}

/** How a request proved it may see the internal pages, or null when it did not. */
export type InternalCredential = "header" | "cookie";

export function internalCredential(
  request: Request,
  env: AccessEnv,
  nowMs: number = Date.now(),
): InternalCredential | null {
  const token = env.INTERNAL_PAGES_TOKEN;
  if (!token) return null;
  if (secretsMatch(bearerToken(request), token)) return "header";
  if (hasValidCookie(request, token, nowMs)) return "cookie";
  return null;
}

/** The Set-Cookie headers of a browser that opened a page with the token: one per internal path. */
export function accessCookies(request: Request, token: string, nowMs: number = Date.now()): string[] {
  const value = accessCookieValue(token, nowMs);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return INTERNAL_PATHS.map(
    (path) =>
      `${INTERNAL_COOKIE}=${value}; Path=${path}; Max-Age=${INTERNAL_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/**
 * The gate of an internal page's loader. Throws the site's 404 unless the request may see the
 * page; a request that opens it with `?token=` gets the access cookie and a redirect to the same
 * URL without the token, so the token leaves the address bar and the history at once.
 */
export function requireInternalPage(request: Request, env: AccessEnv, nowMs: number = Date.now()): InternalCredential {
  const token = env.INTERNAL_PAGES_TOKEN;
  if (!token) throw pageNotFound();
  const url = new URL(request.url);
  if (url.searchParams.has(TOKEN_PARAMETER)) {
    if (!secretsMatch(url.searchParams.get(TOKEN_PARAMETER), token)) throw pageNotFound();
    url.searchParams.delete(TOKEN_PARAMETER);
    const headers = new Headers({ ...INTERNAL_HEADERS, Location: `${url.pathname}${url.search}` });
    for (const cookie of accessCookies(request, token, nowMs)) headers.append("Set-Cookie", cookie);
    throw new Response(null, { status: 303, headers });
  }
  const credential = internalCredential(request, env, nowMs);
  if (!credential) throw pageNotFound();
  return credential;
}

/** Origins a POST may come from: the one the request was made to and the configured SITE_URL. */
function sameOrigin(request: Request, env: AccessEnv): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  const allowed = new Set([new URL(request.url).origin, new URL(env.SITE_URL).origin]);
  return allowed.has(origin);
}

/**
 * The gate of an internal endpoint: null when the request may go on, otherwise the answer to
 * give. A GET needs the header or the cookie; a POST relying on the cookie must also come from
 * this site (Origin), and a POST naming a foreign Origin is refused whatever its credential.
 */
export function checkInternalEndpoint(request: Request, env: AccessEnv, nowMs: number = Date.now()): Response | null {
  const credential = internalCredential(request, env, nowMs);
  if (!credential) return endpointNotFound();
  if (request.method !== "GET" && request.method !== "HEAD") {
    const foreign = request.headers.has("Origin") && !sameOrigin(request, env);
    if (foreign || (credential === "cookie" && !sameOrigin(request, env))) {
      return internalJson(403, { error: "Refused: a request that changes data must come from this site's own pages." });
    }
  }
  return null;
}
