import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_CACHE_CONTROL, headerLinesOf, loadBuildAssets, type BuildAssets } from "./build-assets";
import { precompressDirectory } from "./precompress";

/** A script of some size that compresses well, like a build chunk. */
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export function f${i}(a){return a*${i}+"${"x".repeat(i % 7)}";}`,
).join("\n");
const STYLES = `.match-card{display:grid;gap:8px}\n`.repeat(80);

let dir: string;
let server: Server;
let base: string;
let assets: BuildAssets;
/** What went on past the assets (to Express, in the site), by method and target. */
const handedOn: string[] = [];

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as sent: no decompression on the way. */
function get(target: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // The target as given, dot segments and all (a URL would resolve them first).
    const url = new URL(target.startsWith("http") ? target : base);
    const targetPath = target.startsWith("http") ? url.pathname : target;
    const req = request({ host: url.hostname, port: url.port, path: targetPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A server of `handler` on a free port of the loopback, and its base URL. */
async function listen(handler: RequestListener): Promise<{ server: Server; base: string }> {
  const listening = createServer(handler);
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  const address = listening.address();
  return { server: listening, base: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "build-assets-"));
  mkdirSync(path.join(dir, "_shared"));
  writeFileSync(path.join(dir, "_shared", "chunk-AB12CD.js"), SCRIPT);
  writeFileSync(path.join(dir, "root-XY34.css"), STYLES);
  writeFileSync(path.join(dir, "tiny-QQ.js"), "export{};");
  writeFileSync(path.join(dir, "font-ZZ.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  writeFileSync(path.join(dir, "notes.unknown"), "not served from memory");
  // A copy left by an earlier build of a file that is now too small to compress.
  writeFileSync(path.join(dir, "tiny-QQ.js.br"), "stale");
  const report = await precompressDirectory(dir);
  expect(report.files).toBe(5);
  assets = loadBuildAssets(dir, {
    mount: "/build/",
    headers: [
      ["content-security-policy", "default-src 'self'"],
      ["x-content-type-options", "nosniff"],
    ],
  });
  let requests = 0;
  ({ server, base } = await listen((req, res) => {
    requests += 1;
    const observed = { id: `req-${requests}`, label: undefined as string | undefined };
    if (assets.serve(req, res, observed)) return;
    handedOn.push(`${req.method} ${req.url}`);
    res.writeHead(404, { "content-type": "text/plain" }).end("handed on");
  }));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressDirectory", () => {
  it("writes a brotli and a gzip copy of each compressible file worth compressing, and no other", () => {
    const chunk = path.join(dir, "_shared", "chunk-AB12CD.js");
    expect(brotliDecompressSync(readFileSync(`${chunk}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${chunk}.gz`)).toString()).toBe(SCRIPT);
    expect(readFileSync(`${chunk}.br`).length).toBeLessThan(SCRIPT.length / 5);
    expect(gunzipSync(readFileSync(path.join(dir, "root-XY34.css.gz"))).toString()).toBe(STYLES);
    // Under 1 KB, and not text: no copies; the stale copy of the small file is gone.
    expect(existsSync(path.join(dir, "tiny-QQ.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "tiny-QQ.js.gz"))).toBe(false);
    expect(existsSync(path.join(dir, "font-ZZ.woff2.br"))).toBe(false);
  });
});

describe("loadBuildAssets", () => {
  it("answers brotli to a client that accepts it, with the headers of a fingerprinted asset", async () => {
    const answer = await get("/build/_shared/chunk-AB12CD.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers).toMatchObject({
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": ASSET_CACHE_CONTROL,
      vary: "Accept-Encoding",
      "content-security-policy": "default-src 'self'",
      "x-content-type-options": "nosniff",
    });
    expect(ASSET_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(answer.headers["x-request-id"]).toMatch(/^req-\d+$/);
    expect(new Date(answer.headers["last-modified"]!).getTime()).toBeGreaterThan(0);
  });

  it("answers gzip, or the bytes as they are, to clients that accept only those", async () => {
    const gzip = await get("/build/_shared/chunk-AB12CD.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const plain = await get("/build/_shared/chunk-AB12CD.js", accept ? { "accept-encoding": accept } : {});
      expect(plain.headers["content-encoding"], accept).toBeUndefined();
      expect(plain.body.toString(), accept).toBe(SCRIPT);
      expect(plain.headers.vary).toBe("Accept-Encoding");
    }
    const styles = await get("/build/root-XY34.css", { "accept-encoding": "br" });
    expect([styles.headers["content-type"], styles.headers["content-encoding"]]).toEqual([
      "text/css; charset=UTF-8",
      "br",
    ]);
  });

  it("answers a small file and a font as they are, without Vary", async () => {
    const tiny = await get("/build/tiny-QQ.js", { "accept-encoding": "br" });
    expect([tiny.status, tiny.body.toString(), tiny.headers["content-encoding"], tiny.headers.vary]).toEqual([
      200,
      "export{};",
      undefined,
      undefined,
    ]);
    const font = await get("/build/font-ZZ.woff2", { "accept-encoding": "br" });
    expect([font.status, font.headers["content-type"], font.body.length]).toEqual([200, "font/woff2", 7]);
  });

  it("answers 304 when If-None-Match names the asset's ETag, whatever the encoding", async () => {
    const first = await get("/build/_shared/chunk-AB12CD.js", { "accept-encoding": "br" });
    const etag = first.headers.etag!;
    for (const encoding of ["br", "gzip", "identity"]) {
      const again = await get("/build/_shared/chunk-AB12CD.js", {
        "accept-encoding": encoding,
        "if-none-match": etag,
      });
      expect([again.status, again.body.length, again.headers.etag], encoding).toEqual([304, 0, etag]);
      expect(again.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
      expect(again.headers["content-type"]).toBeUndefined();
    }
    const other = await get("/build/_shared/chunk-AB12CD.js", { "if-none-match": 'W/"something-else"' });
    expect(other.status).toBe(200);
  });

  it("answers HEAD with the headers alone, and ignores a query string", async () => {
    const head = await get("/build/_shared/chunk-AB12CD.js", { "accept-encoding": "br" }, "HEAD");
    expect([head.status, head.body.length, head.headers["content-encoding"]]).toEqual([200, 0, "br"]);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(100);
    const withQuery = await get("/build/_shared/chunk-AB12CD.js?v=3");
    expect([withQuery.status, withQuery.body.toString()]).toEqual([200, SCRIPT]);
  });

  it("hands on every other request: other paths, methods, missing files, copies, and a way out of the folder", async () => {
    handedOn.length = 0;
    const targets = [
      "/build/missing-00.js",
      "/build/_shared/chunk-AB12CD.js.br",
      "/build/notes.unknown",
      "/build/../package.json",
      "/build/_shared/../../secret.js",
      "/build/_shared%2Fchunk-AB12CD.js",
      "/buildx/tiny-QQ.js",
      "/_shared/chunk-AB12CD.js",
      "/",
    ];
    for (const target of targets) expect((await get(target)).status, target).toBe(404);
    expect((await get("/build/tiny-QQ.js", {}, "POST")).status).toBe(404);
    expect(handedOn).toEqual([...targets.map((target) => `GET ${target}`), "POST /build/tiny-QQ.js"]);
    expect(assets.files).toBe(4);
  });

  it("serves a copy only when it is as new as its file (a copy from an earlier build is left out)", async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), "build-assets-stale-"));
    try {
      writeFileSync(path.join(other, "app-1.js"), SCRIPT);
      await precompressDirectory(other);
      const later = new Date(Date.now() + 60_000);
      utimesSync(path.join(other, "app-1.js"), later, later);
      const stale = loadBuildAssets(other, { mount: "/build/", headers: [] });
      const { server: staleServer, base: staleBase } = await listen((req, res) => {
        if (!stale.serve(req, res, { id: "r", label: undefined })) res.writeHead(404).end();
      });
      try {
        const answer = await get(`${staleBase}/build/app-1.js`, { "accept-encoding": "br" });
        expect([answer.status, answer.headers["content-encoding"], answer.body.toString()]).toEqual([
          200,
          undefined,
          SCRIPT,
        ]);
      } finally {
        await new Promise<void>((resolve) => staleServer.close(() => resolve()));
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("serves nothing from a build folder that is not there", () => {
    const none = loadBuildAssets(path.join(dir, "no-such-folder"), { mount: "/build/", headers: [] });
    expect([none.files, none.bytes]).toEqual([0, 0]);
  });
});

describe("headerLinesOf", () => {
  it("reads the security headers helmet sets on every answer, with the names in lower case", () => {
    const lines = headerLinesOf(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }));
    const headers = Object.fromEntries(lines);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(lines.every(([name]) => name === name.toLowerCase())).toBe(true);
  });

  it("refuses a middleware that does not hand the request on at once", () => {
    expect(() => headerLinesOf(() => undefined)).toThrow(/did not hand the request on/);
  });
});
