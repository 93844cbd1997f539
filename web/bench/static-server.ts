/**
 * The baseline of the web benchmark: a minimal node:http server that answers each saved path
 * with the exact bytes and content type the site sent for it, from memory. Whatever the site
 * does beyond that (routing, data, rendering, headers, compression checks) is what the
 * throughput ratio site / static measures.
 *
 * Run as its own process so it can be pinned to the server core:
 *   node --import tsx web/bench/static-server.ts <snapshot dir>
 * It prints "listening <port>" once it serves.
 */
import http from "node:http";
import { loadSnapshot } from "./page-snapshot";

function createStaticServer(snapshotDir: string): http.Server {
  const pages = new Map(
    loadSnapshot(snapshotDir).map(({ entry, body }) => [
      entry.path,
      {
        status: entry.status,
        headers: { "Content-Type": entry.contentType, "Content-Length": String(body.length) },
        body,
      },
    ]),
  );
  return http.createServer((req, res) => {
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const page = pages.get(queryAt < 0 ? url : url.slice(0, queryAt));
    if (!page) {
      res.writeHead(404, { "Content-Type": "text/plain", "Content-Length": "9" });
      res.end("Not Found");
      return;
    }
    res.writeHead(page.status, page.headers);
    res.end(req.method === "HEAD" ? undefined : page.body);
  });
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: static-server.ts <snapshot dir>");
    process.exit(2);
  }
  const server = createStaticServer(dir);
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
