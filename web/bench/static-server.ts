/**
 * The baselines of the web benchmark: a minimal node:http server that answers each saved path
 * with the exact bytes and content type the site sent for it, from memory. Whatever the site
 * does beyond that (routing, data, rendering, headers, compression checks) is what the
 * throughput ratio site / static measures.
 *
 * With --site-headers it also sends every header line the site sent with the page (its security
 * headers, cache validators, surrogate keys...), with a Server-Timing and an X-Request-Id made
 * for each request as the site's are: what Node itself costs to send the site's answers, so the
 * ratio site / that baseline is what the site's own work costs.
 *
 * Run as its own process so it can be pinned to the server core:
 *   node --import tsx web/bench/static-server.ts <snapshot dir> [--site-headers]
 * It prints "listening <port>" once it serves.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { loadSnapshot } from "./page-snapshot";

function createStaticServer(snapshotDir: string, siteHeaders: boolean): http.Server {
  const pages = new Map(
    loadSnapshot(snapshotDir).map(({ entry, body }) => [
      entry.path,
      {
        status: entry.status,
        headers: siteHeaders
          ? [...entry.headers.flat(), "content-length", String(body.length)]
          : { "Content-Type": entry.contentType, "Content-Length": String(body.length) },
        body,
      },
    ]),
  );
  return http.createServer((req, res) => {
    const started = siteHeaders ? performance.now() : 0;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const page = pages.get(queryAt < 0 ? url : url.slice(0, queryAt));
    if (!page) {
      res.writeHead(404, { "Content-Type": "text/plain", "Content-Length": "9" });
      res.end("Not Found");
      return;
    }
    if (Array.isArray(page.headers)) {
      const head = [...page.headers];
      head.push(
        "server-timing",
        `cache;desc=hit, total;dur=${(performance.now() - started).toFixed(2)}`,
        "x-request-id",
        randomUUID(),
      );
      res.writeHead(page.status, head);
    } else res.writeHead(page.status, page.headers);
    res.end(req.method === "HEAD" ? undefined : page.body);
  });
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: static-server.ts <snapshot dir> [--site-headers]");
    process.exit(2);
  }
  const server = createStaticServer(dir, process.argv.includes("--site-headers"));
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
  });
  const close = () => server.close(() => process.exit(0));
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}

main();
