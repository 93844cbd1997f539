/**
 * CORS for the Studio: the Sanity Studio runs in the editor's browser on its own origin and
 * reads the site's JSON API (the fixture list, the numbers beside a preview). Only the origins
 * configured in STUDIO_ORIGIN (and the hosted Studio's SANITY_STUDIO_URL) are allowed, only to
 * read (GET and HEAD, and the preflight of those), and only under /api/. Nothing personal is
 * sent: no credentials are allowed, so answers stay the public, cached ones.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const READ_METHODS = "GET, HEAD";
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

export function studioOrigins(env: { STUDIO_ORIGIN: readonly string[]; SANITY_STUDIO_URL?: string }): string[] {
  const origins = new Set(env.STUDIO_ORIGIN);
  if (env.SANITY_STUDIO_URL) origins.add(new URL(env.SANITY_STUDIO_URL).origin);
  return [...origins];
}

/**
 * Sets the CORS headers of an allowed origin's read of /api/, and answers its preflight (true:
 * answered). Any other origin, method or path gets no CORS header, so the browser refuses it.
 */
export function answerStudioCors(req: IncomingMessage, res: ServerResponse, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin || !origins.includes(origin) || !(req.url ?? "").startsWith("/api/")) return false;
  if (req.method === "OPTIONS") {
    const wanted = String(req.headers["access-control-request-method"] ?? "").toUpperCase();
    if (wanted !== "GET" && wanted !== "HEAD") return false;
    res.writeHead(204, {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": READ_METHODS,
      "Access-Control-Allow-Headers": "If-None-Match",
      "Access-Control-Max-Age": PREFLIGHT_MAX_AGE,
      Vary: "Origin",
    });
    res.end();
    return true;
  }
  if (req.method === "GET" || req.method === "HEAD") {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Expose-Headers", "ETag");
  }
  return false;
}
