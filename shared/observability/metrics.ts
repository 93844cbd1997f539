/**
 * Prometheus metrics (prom-client): one registry per process (never the library's global one, so
 * a test can build several), holding the process defaults (CPU, memory, event loop, GC) and what
 * the web and the worker register on it; and the `/metrics` answer, closed unless configured.
 *
 * `/metrics` is served on the site's port only when METRICS_TOKEN is set, and then only to
 * `Authorization: Bearer <token>`; on METRICS_PORT (a listener of its own, on METRICS_HOST,
 * this machine by default) it is always served, with the same token check when one is set.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { collectDefaultMetrics, Registry } from "prom-client";

export type { Registry } from "prom-client";

/** The prefix of the site's own metric families (the process defaults keep their usual names). */
export const METRIC_PREFIX = "fkp_";

/** A registry of its own with the process defaults. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Whether a request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== "string" || !/^Bearer /i.test(header)) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

export interface MetricsEndpoint {
  registry: Registry;
  /** Required as a bearer token when set. */
  token: string | undefined;
  /** Where a failed scrape is reported. */
  warn?: (message: string) => void;
}

function reply(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Answers a request for /metrics: the registry's text to a GET or HEAD with the token (when one
 * is required), a 401 without it, a 405 to other methods.
 */
export function sendMetrics(req: IncomingMessage, res: ServerResponse, endpoint: MetricsEndpoint): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    reply(req, res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
    return;
  }
  if (endpoint.token && !hasBearerToken(req, endpoint.token)) {
    reply(req, res, 401, "Unauthorized\n", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    return;
  }
  endpoint.registry.metrics().then(
    (text) => reply(req, res, 200, text, { "Content-Type": endpoint.registry.contentType }),
    (error: unknown) => {
      endpoint.warn?.(`metrics: ${error instanceof Error ? error.message : String(error)}`);
      reply(req, res, 500, "Internal Server Error\n");
    },
  );
}

/** Whether a request target is /metrics (any query). */
export function isMetricsTarget(url: string | undefined): boolean {
  const target = url ?? "";
  return target === "/metrics" || target.startsWith("/metrics?");
}

/**
 * A listener of its own that serves only /metrics (METRICS_PORT): every other path is a 404.
 * Resolves once it listens.
 */
export function startMetricsServer(options: MetricsEndpoint & { port: number; host: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (isMetricsTarget(req.url)) sendMetrics(req, res, options);
    else reply(req, res, 404, "Not Found\n");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
