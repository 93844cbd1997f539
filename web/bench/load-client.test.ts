import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoadClient, type LoadAnswer } from "./load-client";

/** A server with one path per way an answer can end. */
function startServer(): Promise<{ origin: string; seen: string[]; maxInFlight: () => number; close: () => void }> {
  const seen: string[] = [];
  let inFlight = 0;
  let most = 0;
  const server = http.createServer((req, res) => {
    seen.push(`${req.url} ${req.headers.accept ?? "-"} ${req.headers.connection ?? "-"}`);
    inFlight += 1;
    most = Math.max(most, inFlight);
    res.on("finish", () => (inFlight -= 1));
    res.on("close", () => (inFlight = Math.max(0, inFlight - (res.writableFinished ? 0 : 1))));
    switch (req.url) {
      case "/big": {
        // Larger than one read: the body arrives over several reads.
        const body = Buffer.alloc(300_000, 120);
        res.writeHead(200, {
          "Content-Length": String(body.length),
          "Server-Timing": 'cache;desc="hit", total;dur=0.1',
        });
        res.end(body);
        return;
      }
      case "/chunked":
        res.writeHead(200, { "Content-Type": "text/plain", "Server-Timing": "cache;desc=miss" });
        res.write("a".repeat(10));
        setTimeout(() => {
          res.write("b".repeat(70_000));
          res.end("c");
        }, 5);
        return;
      case "/not-modified":
        res.writeHead(304, { ETag: '"x"', "Content-Length": "50" });
        res.end();
        return;
      case "/close":
        res.writeHead(404, { "Content-Length": "9", Connection: "close" });
        res.end("not found");
        return;
      case "/slow":
        setTimeout(() => {
          res.writeHead(200, { "Content-Length": "2" });
          res.end("ok");
        }, 30);
        return;
      case "/hang-up":
        req.socket.destroy();
        return;
      default:
        res.writeHead(200, { "Content-Length": "0" });
        res.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        seen,
        maxInFlight: () => most,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    }),
  );
}

function get(client: LoadClient, path: string): Promise<{ answer: LoadAnswer | null; waitedMs: number }> {
  const dueAt = performance.now();
  return new Promise((resolve) => client.get(path, (answer, at) => resolve({ answer, waitedMs: at - dueAt })));
}

describe("the load client of the web benchmark", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("reads answers framed by Content-Length over several reads, by chunks, and without a body, on one connection", async () => {
    const client = new LoadClient({
      origin: server.origin,
      connections: 1,
      headersOf: () => ({ accept: "text/html" }),
    });
    try {
      const big = await get(client, "/big");
      expect(big.answer).toEqual({ status: 200, serverTiming: 'cache;desc="hit", total;dur=0.1' });
      expect((await get(client, "/chunked")).answer).toEqual({ status: 200, serverTiming: "cache;desc=miss" });
      // A 304 declares a length but has no body: the next answer on the connection must still be read as one.
      expect((await get(client, "/not-modified")).answer).toEqual({ status: 304, serverTiming: undefined });
      expect((await get(client, "/big")).answer?.status).toBe(200);
      expect(server.seen.slice(-4)).toEqual([
        "/big text/html keep-alive",
        "/chunked text/html keep-alive",
        "/not-modified text/html keep-alive",
        "/big text/html keep-alive",
      ]);
    } finally {
      client.close();
    }
  });

  it("opens a new connection after the server closes one, and reports a hang-up as no answer", async () => {
    const client = new LoadClient({ origin: server.origin, connections: 1, headersOf: () => ({}) });
    try {
      expect((await get(client, "/close")).answer).toEqual({ status: 404, serverTiming: undefined });
      expect((await get(client, "/")).answer?.status).toBe(200);
      expect((await get(client, "/hang-up")).answer).toBeNull();
      expect((await get(client, "/")).answer?.status).toBe(200);
    } finally {
      client.close();
    }
  });

  it("keeps at most `connections` requests in flight; the rest wait in line and their wait counts", async () => {
    const client = new LoadClient({ origin: server.origin, connections: 2, headersOf: () => ({}) });
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(client, "/slow")));
      expect(answers.every(({ answer }) => answer?.status === 200)).toBe(true);
      expect(server.maxInFlight()).toBeLessThanOrEqual(2);
      // Six 30 ms answers two at a time: the last two waited for two rounds before theirs.
      const waits = answers.map(({ waitedMs }) => waitedMs).sort((a, b) => a - b);
      expect(waits[0]).toBeGreaterThanOrEqual(25);
      expect(waits[5]).toBeGreaterThanOrEqual(80);
    } finally {
      client.close();
    }
  });

  it("refuses an origin it cannot speak to", () => {
    expect(() => new LoadClient({ origin: "https://example.com", connections: 1, headersOf: () => ({}) })).toThrow(
      /plain HTTP only/,
    );
  });
});
