/**
 * When the database is out of reach: pages and API answers fail fast with a 503 and
 * `Retry-After` instead of a slow 500 (the page cache serves a page's last good answer when it
 * has one, web/page-cache/http.ts), and the two probes a load balancer asks:
 * - `/healthz`: the process is up and serving (never touches the database);
 * - `/readyz`: the database answers a query and the editorial content can be read; 503 naming
 *   what is not ready otherwise.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ActionFunction, LoaderFunction, ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable } from "@shared/db/errors";
import { OUTAGE_TEXT } from "./app/route-meta";
import type { ServerServices } from "./server";

/** What a 503 asks clients (and crawlers) to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;
/** The longest a readiness check waits for the database or the content. */
const PROBE_TIMEOUT_MS = 2_000;

/** The answer a loader gives instead of throwing when the database cannot be reached. */
export function unavailableResponse(request: Request): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (new URL(request.url).pathname.startsWith("/api")) {
    return Response.json({ error: OUTAGE_TEXT }, { status: 503, headers });
  }
  // Thrown from a page's loader, this shows the page's error view with a 503.
  return new Response(OUTAGE_TEXT, { status: 503, statusText: "Service Unavailable", headers });
}

function answeringOutages<F extends LoaderFunction | ActionFunction>(handler: F): F {
  const wrapped = async (args: Parameters<F>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw unavailableResponse(args.request);
      throw error;
    }
  };
  return wrapped as F;
}

/**
 * The server build with every route's loader and action answering a database outage with a 503
 * (a thrown Response: the route's error view for pages, the JSON itself for the API), so no
 * route has to tell an outage from a bug on its own.
 */
export function withOutageAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    if (module.loader) module.loader = answeringOutages(module.loader);
    if (module.action) module.action = answeringOutages(module.action);
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

/** A check that got no answer in time: what it asks is out of reach (a stalled database, say). */
class ProbeTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new ProbeTimeout(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
        PROBE_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
}

async function probe(check: () => Promise<unknown>, what: string): Promise<string> {
  try {
    await withTimeout(check(), what);
    return "ok";
  } catch (error) {
    if (error instanceof ProbeTimeout || isDatabaseUnavailable(error)) return "unreachable";
    return `failing: ${(error as Error).message.split("\n")[0].slice(0, 200)}`;
  }
}

/** The probe a request target names (`/healthz`, `/readyz`, with or without a query), or null. */
export function probeTarget(url: string | undefined): "/healthz" | "/readyz" | null {
  const target = url ?? "";
  // Every request passes here: two comparisons, no string made, for any other target.
  if (!target.startsWith("/healthz") && !target.startsWith("/readyz")) return null;
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return path === "/healthz" || path === "/readyz" ? path : null;
}

/** Answers /healthz and /readyz; false for any other request. */
export function answerProbe(
  req: IncomingMessage,
  res: ServerResponse,
  services: Pick<ServerServices, "db" | "content">,
): boolean {
  const path = probeTarget(req.url);
  if (!path) return false;
  const reply = (status: number, body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(req.method === "HEAD" ? undefined : text);
  };
  if (path === "/healthz") {
    reply(200, { status: "ok" });
    return true;
  }
  void (async () => {
    const [database, content] = await Promise.all([
      probe(() => services.db.execute("select 1"), "the database"),
      probe(() => services.content.getSiteSettings({ preview: false }), "the content"),
    ]);
    const ready = database === "ok" && content === "ok";
    reply(ready ? 200 : 503, { status: ready ? "ready" : "not ready", database, content });
  })();
  return true;
}
