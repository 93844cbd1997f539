import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { limitRequestBodies, readBodyCapped } from "./request-limits";

const KB = 1024;
const MAX = 256 * KB;

interface TestServer {
  port: number;
  /** Bodies the handler after the middleware read whole: their size and hash. */
  handled: Array<{ size: number; sha256: string }>;
  /** Bytes the server read from its sockets (headers and bodies). */
  bytesRead: () => number;
  close: () => Promise<void>;
}

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

/** The middleware in front of a handler that reads the body as the Remix adapter does. */
async function startServer(maxBytes = MAX): Promise<TestServer> {
  const handled: TestServer["handled"] = [];
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  const app = express();
  app.use(limitRequestBodies({ maxBytes }));
  app.post("/echo", async (req, res) => {
    const body = Buffer.from(await new Response(createReadableStreamFromReadable(req)).arrayBuffer());
    const result = { size: body.length, sha256: createHash("sha256").update(body).digest("hex") };
    handled.push(result);
    res.json(result);
  });
  const server = createServer(app);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      closedBytes += socket.bytesRead;
      sockets.delete(socket);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    handled,
    bytesRead: () => closedBytes + [...sockets].reduce((sum, socket) => sum + socket.bytesRead, 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the headers being sent to the answer's end. */
  elapsedMs: number;
  /** Body bytes the client managed to send before the answer arrived. */
  bodyBytesSent: number;
}

/**
 * A POST written on a raw socket: `head` first, then the body pieces `nextPiece` returns (until
 * it returns null or the server answers). Resolves with the server's answer once the server
 * closes the connection or the answer is complete.
 */
function rawPost(port: number, head: Record<string, string>, nextPiece: () => Buffer | null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const started = performance.now();
    let answer = "";
    let answered = false;
    let bodyBytesSent = 0;
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 5 s (${bodyBytesSent} body bytes sent)`));
    }, 5_000);
    const finish = () => {
      clearTimeout(deadline);
      const [headers, ...rest] = answer.split("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1]),
        headers,
        body: rest.join("\r\n\r\n"),
        elapsedMs: performance.now() - started,
        bodyBytesSent,
      });
      socket.destroy();
    };
    const pump = () => {
      while (!answered) {
        const piece = nextPiece();
        if (piece === null) return;
        bodyBytesSent += piece.length;
        if (!socket.write(piece)) {
          socket.once("drain", pump);
          return;
        }
      }
    };
    socket.on("connect", () => {
      const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
      socket.write(`POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      pump();
    });
    socket.on("data", (chunk) => {
      answered = true;
      answer += chunk.toString("latin1");
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      const bodyStart = answer.indexOf("\r\n\r\n");
      if (length !== undefined && bodyStart >= 0 && answer.length - bodyStart - 4 >= Number(length)) finish();
    });
    socket.on("end", finish);
    // The server may close while the client is still sending: the answer has arrived by then.
    socket.on("error", (error) => (answer ? finish() : reject(error)));
  });
}

/** `count` pieces of `size` bytes, then nothing. */
function pieces(size: number, count: number): () => Buffer | null {
  const piece = Buffer.alloc(size, 120);
  let left = count;
  return () => (left-- > 0 ? piece : null);
}

/** HTTP/1.1 chunked framing of a piece. */
const chunked = (piece: Buffer) =>
  Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);

function chunkedPieces(size: number, count: number, end = true): () => Buffer | null {
  const next = pieces(size, count);
  let ended = !end;
  return () => {
    const piece = next();
    if (piece) return chunked(piece);
    if (ended) return null;
    ended = true;
    return Buffer.from("0\r\n\r\n");
  };
}

describe("limitRequestBodies", () => {
  it("answers a declared 100 MB body with a 413 at once, without reading the body", async () => {
    const server = await startServer();
    // Headers only: a server that waited for the body would never answer.
    const answer = await rawPost(
      server.port,
      { "Content-Type": "application/json", "Content-Length": "100000000" },
      () => null,
    );
    expect(answer.status).toBe(413);
    expect(answer.elapsedMs).toBeLessThan(1_000);
    expect(answer.headers).toMatch(/^connection: close$/im);
    expect(answer.headers).toMatch(/^content-type: application\/json/im);
    expect(JSON.parse(answer.body)).toEqual({ error: "Request body too large" });
    expect(server.handled).toEqual([]);
  });

  it("reads next to nothing of a declared 100 MB body the client keeps sending", async () => {
    const server = await startServer();
    const rssBefore = process.memoryUsage().rss;
    const answer = await rawPost(server.port, { "Content-Length": "100000000" }, pieces(64 * KB, 1600));
    expect(answer.status).toBe(413);
    expect(answer.elapsedMs).toBeLessThan(2_000);
    expect(server.handled).toEqual([]);
    await expect.poll(() => server.bytesRead()).toBeLessThan(16 * 1024 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(48 * 1024 * 1024);
  });

  it("answers a chunked body with a 413 as soon as it passes the cap, keeping no more than the cap", async () => {
    const server = await startServer();
    // 100 MB announced by nothing: the client just keeps sending chunks.
    const answer = await rawPost(server.port, { "Transfer-Encoding": "chunked" }, chunkedPieces(64 * KB, 1600, false));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "Request body too large" });
    expect(answer.headers).toMatch(/^connection: close$/im);
    expect(answer.elapsedMs).toBeLessThan(2_000);
    expect(server.handled).toEqual([]);
    await expect.poll(() => server.bytesRead()).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuses a chunked body one byte over the cap", async () => {
    const server = await startServer();
    const answer = await rawPost(server.port, { "Transfer-Encoding": "chunked" }, chunkedPieces(MAX + 1, 1));
    expect(answer.status).toBe(413);
    expect(server.handled).toEqual([]);
  });

  it.each([
    ["with Content-Length", false],
    ["chunked", true],
  ])("hands a body of up to the cap %s to the next handler intact", async (_case, isChunked) => {
    const server = await startServer();
    for (const size of [0, 1, 200 * KB, MAX]) {
      const body = randomBytes(size);
      const sha256 = createHash("sha256").update(body).digest("hex");
      // In pieces of 10 KB, so that the body spans many reads.
      const parts = Array.from({ length: Math.ceil(size / (10 * KB)) }, (_, i) =>
        body.subarray(i * 10 * KB, (i + 1) * 10 * KB),
      );
      const framed = isChunked ? [...parts.map(chunked), Buffer.from("0\r\n\r\n")] : parts;
      const head: Record<string, string> = isChunked
        ? { "Transfer-Encoding": "chunked" }
        : { "Content-Length": String(size) };
      const answer = await rawPost(server.port, { ...head, Connection: "close" }, () => framed.shift() ?? null);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ size, sha256 });
    }
    expect(server.handled).toHaveLength(4);
  });

  it("lets fetch post a body within the cap and answers fetch's oversized one with the 413", async () => {
    const server = await startServer();
    const body = randomBytes(100 * KB);
    const ok = await fetch(`http://127.0.0.1:${server.port}/echo`, { method: "POST", body });
    expect(await ok.json()).toEqual({ size: body.length, sha256: createHash("sha256").update(body).digest("hex") });

    const tooLarge = await fetch(`http://127.0.0.1:${server.port}/echo`, {
      method: "POST",
      body: randomBytes(MAX + 1),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: "Request body too large" });
    expect(server.handled).toHaveLength(1);
  });

  it("works on a plain Node server too, and refuses a cap that is not a number of bytes", async () => {
    const limit = limitRequestBodies({ maxBytes: 10 });
    const server = createServer((req: IncomingMessage, res: ServerResponse) =>
      limit(req, res, () => {
        res.end("through");
      }),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    expect(await (await fetch(url, { method: "POST", body: "0123456789" })).text()).toBe("through");
    expect((await fetch(url, { method: "POST", body: "0123456789a" })).status).toBe(413);
    expect(await (await fetch(url)).text()).toBe("through");
    expect(() => limitRequestBodies({ maxBytes: Number.NaN })).toThrow(RangeError);
  });
});

describe("readBodyCapped", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://localhost/api", { method: "POST", body, headers, duplex: "half" });

  /** A body stream of `count` pieces of 64 KB that counts how many were pulled. */
  function countedStream(count: number) {
    const piece = new Uint8Array(64 * KB).fill(97);
    const stream = {
      pulled: 0,
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (stream.pulled >= count) return controller.close();
          stream.pulled++;
          controller.enqueue(piece);
        },
      }),
    };
    return stream;
  }

  it("reads a body within the cap as text", async () => {
    expect(await readBodyCapped(post('{"_id":"siteSettings","_type":"siteSettings"}'), 100)).toBe(
      '{"_id":"siteSettings","_type":"siteSettings"}',
    );
    expect(await readBodyCapped(post("é".repeat(50)), 100)).toBe("é".repeat(50));
    expect(await readBodyCapped(new Request("http://localhost/api"), 100)).toBe("");
  });

  it("gives null for a body over the cap, however it is sent", async () => {
    expect(await readBodyCapped(post("x".repeat(101)), 100)).toBeNull();
    expect(await readBodyCapped(post("é".repeat(51)), 100)).toBeNull();
  });

  it("stops reading a body that passes the cap", async () => {
    // 100 MB sent without a length: only what passes the cap, and what is discarded to keep the connection, is read.
    const stream = countedStream(1600);
    expect(await readBodyCapped(post(stream.body), 256 * KB)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.pulled * 64 * KB).toBeLessThanOrEqual(256 * KB + 1024 * KB + 2 * 64 * KB);
  });

  it("does not read a body declared too large", async () => {
    const stream = countedStream(1600);
    expect(await readBodyCapped(post(stream.body, { "Content-Length": "104857600" }), 256 * KB)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.pulled).toBeLessThanOrEqual(1);
  });
});
