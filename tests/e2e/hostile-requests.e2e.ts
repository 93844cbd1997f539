/**
 * What a hostile client gets from the running site: editorial links to javascript: and data:
 * addresses are served as plain text, the content webhook refuses replays and stale signatures,
 * and a huge request body is refused before it is read.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "./support/site";

const WEBHOOK_SECRET = "e2e-webhook-secret-hostile-0123";
const AUTOMATION_TOKEN = "e2e-automation-token-hostile-0123";

const DANGEROUS_HREFS = [
  "javascript:alert(document.cookie)",
  " JAVASCRIPT:alert(1)",
  "java\tscript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "//evil.example/phish",
];

const root = path.resolve(import.meta.dirname, "../..");
const contentDirectory = mkdtempSync(path.join(tmpdir(), "e2e-hostile-content-"));
const contentFile = path.join(contentDirectory, "dataset.ndjson");
let site: RunningSite;

/** The seed, with the About page's introduction linking to every dangerous address and two good ones, and a javascript: social link. */
function writeHostileDataset() {
  const documents = readFileSync(path.join(root, "content/dataset.ndjson"), "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
  const links = [...DANGEROUS_HREFS, "https://www.begambleaware.org", "/algo-results"];
  const intro = [
    {
      _type: "block",
      _key: "hostile",
      style: "normal",
      markDefs: links.map((href, i) => ({ _type: "link", _key: `l${i}`, href })),
      children: links.map((_, i) => ({ _type: "span", _key: `s${i}`, text: `Link number ${i}. `, marks: [`l${i}`] })),
    },
  ];
  const hostile = documents.map((d) => {
    if (d._id === "staticPage-about") return { ...d, intro };
    if (d._id === "siteSettings") return { ...d, socialUrl: "javascript:alert(document.domain)" };
    return d;
  });
  writeFileSync(contentFile, hostile.map((d) => JSON.stringify(d)).join("\n") + "\n");
}

beforeAll(async () => {
  writeHostileDataset();
  site = await startSite({
    WORKER: "off",
    SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CONTENT_AUTOMATION_TOKEN: AUTOMATION_TOKEN,
    LOCAL_CONTENT_FILE: contentFile,
  });
});

afterAll(async () => {
  await site?.stop();
  rmSync(contentDirectory, { recursive: true, force: true });
});

describe("links in editorial text", () => {
  it("serves links to javascript:, data: and other hosts as plain text", async () => {
    const response = await fetch(`${site.url}/about`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (let i = 0; i < DANGEROUS_HREFS.length + 2; i++) expect(html).toContain(`Link number ${i}. `);
    const hrefs = [...html.matchAll(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map(
      (m) => m[1] ?? m[2] ?? m[3],
    );
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      // eslint-disable-next-line no-control-regex -- drops control characters on purpose, as a browser ignores them in a URL scheme
      const decoded = href.replace(/&#x?[0-9a-f]+;|&[a-z]+;/gi, "").replace(/[\u0000-\u0020]/g, "");
      expect(decoded).not.toMatch(/^(?:javascript|vbscript|data):/i);
      expect(decoded).not.toMatch(/^\/\/evil/);
    }
    expect(html).not.toMatch(/href\s*=\s*["']?\s*(?:javascript|vbscript|data):/i);
    // The good links stay links; the external one opens without an opener.
    expect(html).toContain(
      '<a href="https://www.begambleaware.org" target="_blank" rel="noopener noreferrer">Link number 6. </a>',
    );
    expect(html).toContain('<a href="/algo-results">Link number 7. </a>');
    // The footer's social link falls back to the built-in one.
    expect(html).toContain('href="https://x.com/firstkickpicks"');
  });
});

describe("the content webhook against replays", () => {
  const post = (body: string, signature: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/api/content/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: signature, ...headers },
      body,
    });

  it("accepts a signed delivery once and answers its replay with a 409", async () => {
    const body = JSON.stringify({ _id: "siteSettings", _type: "siteSettings" });
    const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
    const first = await post(body, signature, { "idempotency-key": "e2e-delivery-1" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ purged: ["siteSettings"] });

    const replay = await post(body, signature, { "idempotency-key": "e2e-delivery-1" });
    expect(replay.status).toBe(409);
    expect((await replay.json()).error).toMatch(/^Delivery already received/);
    // Another idempotency key does not make the same signed request new.
    expect((await post(body, signature, { "idempotency-key": "something-else" })).status).toBe(409);
  });

  it("refuses a correctly signed delivery from 2021 with a 401", async () => {
    const body = JSON.stringify({ _id: "siteSettings", _type: "siteSettings" });
    const response = await post(body, await encodeSignatureHeader(body, Date.UTC(2021, 5, 1), WEBHOOK_SECRET));
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatch(/^Stale webhook timestamp/);
  });
});

/** Writes `head` and `body` on a raw socket and resolves with all the server sends before it closes (or 5 s pass). */
function rawExchange(head: string, body: Buffer): Promise<{ answer: string; elapsedMs: number; closed: boolean }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = performance.now();
    let answer = "";
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, elapsedMs: performance.now() - started, closed });
    };
    const timer = setTimeout(() => done(false), 5_000);
    socket.on("connect", () => {
      socket.write(head);
      socket.write(body);
    });
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => done(true));
    socket.on("error", (error) => (answer ? done(true) : reject(error)));
  });
}

describe("request bodies", () => {
  it("answers a 100 MB declared body to the webhook with a 413 without reading it", async () => {
    // Only 4 KB of the announced 100 MB are sent: a server waiting for the body would not answer.
    const head =
      "POST /api/content/webhook HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      `${SIGNATURE_HEADER_NAME}: t=${Date.now()},v1=forged\r\nContent-Length: 100000000\r\n\r\n`;
    const { answer, elapsedMs, closed } = await rawExchange(head, Buffer.alloc(4096, 32));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ error: "Request body too large" });
    expect(closed).toBe(true);
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it("answers a chunked body past the limit to content automation with a 413", async () => {
    const head =
      "POST /api/content/match-updates HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
      `Authorization: Bearer ${AUTOMATION_TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // 2 MB in chunks of 64 KB, never finished: more than the 1 MB limit.
    const piece = Buffer.alloc(64 * 1024, 120);
    const chunks = Array.from({ length: 32 }, () =>
      Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]),
    );
    const { answer, elapsedMs } = await rawExchange(head, Buffer.concat(chunks));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ error: "Request body too large" });
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it("still takes bodies within the limit", async () => {
    const response = await fetch(`${site.url}/api/content/match-updates`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${AUTOMATION_TOKEN}` },
      body: JSON.stringify({ match_id: "premier-league/liverpool-vs-manchester-city", confidence_score: 700 }),
    });
    // Read and judged: an invalid field, not a refused body.
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ field: "confidence_score" }] });
  });
});
