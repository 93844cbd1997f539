/**
 * What the site answers before any route sees a request it cannot serve: a request target no
 * page can have (a backslash, broken percent-encoding, control characters, an absurd length)
 * gets a 4xx here, and any error that escapes Express's handlers gets a short answer with no
 * stack trace or file path, whatever NODE_ENV says.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { GO_BACK_HOME_TEXT } from "./app/page-texts/shared";
import { loggableTarget } from "./observability/request-log";

/** Longer request targets are refused with 414; no page or API address comes near it. */
export const MAX_URL_LENGTH = 2048;
/**
 * Remix's route discovery asks `/__manifest?p=…&p=…` for every link a page shows, in one request
 * of up to 7,680 characters (its own limit, past which it stops asking): a page with many links
 * (the track record, a league page) needs more than MAX_URL_LENGTH.
 */
export const MAX_MANIFEST_URL_LENGTH = 8192;

export interface RefusedTarget {
  status: 400 | 414;
  message: string;
}

/** A path that decodes to itself with nothing to refuse: a slash, then no %, backslash or control character. */
// eslint-disable-next-line no-control-regex -- control characters are what it keeps out
const PLAIN_PATH = /^\/[^%\\\u0000-\u001f\u007f]*$/;

/**
 * Why a request target cannot name anything the site serves, or null when it can. Backslashes
 * (raw or as %5C) are refused because routers and URL parsers disagree about them: React Router
 * reads `/\` as the start of a protocol-relative URL and throws while rendering.
 */
export function refusedTarget(url: string | undefined): RefusedTarget | null {
  const target = url ?? "/";
  const limit = target.startsWith("/__manifest?") ? MAX_MANIFEST_URL_LENGTH : MAX_URL_LENGTH;
  if (target.length > limit) return { status: 414, message: "The address is too long." };
  const queryStart = target.indexOf("?");
  const pathPart = queryStart === -1 ? target : target.slice(0, queryStart);
  // Nearly every path is plain: a slash, then no percent sign, backslash or control character.
  // Such a path decodes to itself and passes every check below; one test answers for it.
  if (PLAIN_PATH.test(pathPart)) return null;
  if (!pathPart.startsWith("/")) return { status: 400, message: "The address is not a path." };
  if (pathPart.includes("\\") || /%5c/i.test(pathPart)) {
    return { status: 400, message: "The address contains a backslash, which no page uses." };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return { status: 400, message: "The address is not valid percent-encoding." };
  }
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(decoded))
    return { status: 400, message: "The address contains control characters." };
  return null;
}

/**
 * The same-origin address a request target with repeated slashes stands for (`//x//y?q` →
 * `/x/y?q`), or null when its path has none. URL parsers read a path starting with `//` as
 * another host (`new URL("//evil.com", origin)` is evil.com), so such a target is never handed
 * on: it is redirected to its collapsed path, which can only be a path on this site.
 */
export function collapsedTarget(url: string | undefined): string | null {
  const target = url ?? "/";
  const queryStart = target.indexOf("?");
  const pathPart = queryStart === -1 ? target : target.slice(0, queryStart);
  if (!pathPart.includes("//")) return null;
  return pathPart.replace(/\/{2,}/g, "/") + (queryStart === -1 ? "" : target.slice(queryStart));
}

/** Redirects a target with repeated slashes to its collapsed path (GET and HEAD), or refuses it. */
export function sendCollapsedRedirect(req: IncomingMessage, res: ServerResponse, location: string): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendRefusal(req, res, 400, "The address contains an empty path segment (//), which no page uses.");
    return;
  }
  try {
    res.setHeader("Location", location);
  } catch {
    // A character no header may carry: nothing to redirect to.
    sendRefusal(req, res, 400, "The address contains an empty path segment (//), which no page uses.");
    return;
  }
  res.statusCode = 301;
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.setHeader("Content-Length", "0");
  res.end();
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Request body too large",
  414: "URI Too Long",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** A plain answer for requests refused before the app: JSON under /api, a small page elsewhere. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  const api = (req.url ?? "").startsWith("/api");
  const reason = REASONS[status] ?? "Error";
  const body = api
    ? JSON.stringify({ error: message })
    : `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${reason} | First Kick Picks</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">` +
      `<h1>${reason}</h1><p>${escapeHtml(message)}</p><p><a href="/">${GO_BACK_HOME_TEXT}</a></p></body></html>`;
  res.statusCode = status;
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(req.method === "HEAD" ? undefined : body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Express's last error handler. Errors from middleware (a malformed path in the static file
 * server, a body parser) keep their 4xx status; anything else is a 500. The answer never shows
 * the error's message, stack or file paths; the log has them for 5xx (with the request's path,
 * and of its query only what pages read: no token in the address reaches the log).
 */
export function errorAnswer(log: (message: string, res: Response) => void = (m) => console.error(m)) {
  return function handleError(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    const declared = (err as { status?: unknown; statusCode?: unknown } | null) ?? {};
    const candidate = Number(declared.status ?? declared.statusCode);
    const status = Number.isInteger(candidate) && candidate >= 400 && candidate < 600 ? candidate : 500;
    if (status >= 500)
      log(
        `${req.method} ${loggableTarget(req.originalUrl)}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        res,
      );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendRefusal(
      req,
      res,
      status,
      status >= 500 ? "Something went wrong on our side. Please try again." : (REASONS[status] ?? "Bad Request") + ".",
    );
  };
}
