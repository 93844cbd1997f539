import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPgliteDataDir } from "@shared/db/test-databases";
import { startSite, type RunningSite } from "./support/site";

const PREVIEW_SECRET = "preview-secret-of-the-test-site";
const STUDIO = "http://studio.example.test";

/** One raw HTTP exchange, sent byte for byte (fetch would normalise `//` and `..` away). */
function rawRequest(
  site: RunningSite,
  requestLine: string,
  headers: string[] = [],
): Promise<{ status: number; head: string }> {
  const { port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end !== -1) {
        socket.destroy();
        resolve({ status: Number(received.split(" ", 2)[1]), head: received.slice(0, end) });
      }
    });
    socket.on("error", reject);
    socket.write(
      `${requestLine}\r\nHost: 127.0.0.1:${port}\r\n${headers.map((h) => `${h}\r\n`).join("")}Connection: close\r\n\r\n`,
    );
  });
}

const headerOf = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];

/** What a stack trace or a file path of this machine looks like in an answer. */
const LEAKS = [
  /\bat \S+ \(/,
  /node_modules/,
  /\/work\//,
  /\.tsx?:\d+/,
  /TypeError|ReferenceError|SyntaxError/,
  /<pre>/,
];

function expectNoLeak(body: string, what: string): void {
  for (const leak of LEAKS) expect(body, `${what} shows ${leak}`).not.toMatch(leak);
}

describe("hostile request targets", () => {
  let site: RunningSite;

  beforeAll(async () => {
    // Development mode is where Express and Remix would print stacks: prove they do not.
    site = await startSite({
      NODE_ENV: "development",
      WORKER: "off",
      SANITY_WEBHOOK_SECRET: "webhook-secret-of-the-test-site",
      CONTENT_AUTOMATION_TOKEN: "automation-token-of-the-test-site",
      PREVIEW_SECRET,
      STUDIO_ORIGIN: STUDIO,
      // A short headers timeout, so that the slow-client case below takes seconds; the request
      // timeout well above it, so that only the headers timeout can explain those closes.
      HTTP_HEADERS_TIMEOUT_SECONDS: "2",
      HTTP_REQUEST_TIMEOUT_SECONDS: "20",
    });
  });
  afterAll(() => site?.stop());

  it.each([
    ["GET /// HTTP/1.1", "/"],
    ["GET //matchweek-%5B HTTP/1.1", "/matchweek-%5B"],
    ["GET //evil.com HTTP/1.1", "/evil.com"],
    ["GET //evil.com/premier-league-predictions?week=3 HTTP/1.1", "/evil.com/premier-league-predictions?week=3"],
    ["GET /premier-league-predictions//matchweek-25 HTTP/1.1", "/premier-league-predictions/matchweek-25"],
    ["HEAD ////about HTTP/1.1", "/about"],
    ["GET //api//standings/premier-league HTTP/1.1", "/api/standings/premier-league"],
  ])(
    "redirects %s to the collapsed path on this site, never a 500 or another page's 200",
    async (requestLine, location) => {
      const { status, head } = await rawRequest(site, requestLine);
      expect(status).toBe(301);
      expect(headerOf(head, "Location")).toBe(location);
    },
  );

  it("refuses a write to a path with // (400), and the collapsed redirect lands on a real page", async () => {
    expect((await rawRequest(site, "POST //api/content/webhook HTTP/1.1", ["Content-Length: 0"])).status).toBe(400);
    const landed = await fetch(`${site.url}/about`.replace("/about", "//about"));
    expect(landed.status).toBe(200);
    expect(landed.url).toBe(`${site.url}/about`);
  });

  it("sends no Strict-Transport-Security over plain http, even to a client that says https when no proxy is trusted", async () => {
    for (const headers of [{}, { "X-Forwarded-Proto": "https" }] as Record<string, string>[]) {
      expect((await fetch(`${site.url}/about`, { headers })).headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("tells a shared cache that the JSON API's answers depend on Origin (the Studio's CORS)", async () => {
    const path = "/api/editor/fixtures/premier-league";
    const fromStudio = await fetch(site.url + path, { headers: { Origin: STUDIO } });
    expect(fromStudio.headers.get("access-control-allow-origin")).toBe(STUDIO);
    const elsewhere = await fetch(site.url + path, { headers: { Origin: "https://evil.example" } });
    const noOrigin = await fetch(site.url + path);
    for (const response of [fromStudio, elsewhere, noOrigin]) {
      expect(response.headers.get("cache-control")).toContain("s-maxage");
      expect(response.headers.get("vary")?.split(/,\s*/)).toContain("Origin");
    }
    // The cached answer never repeats the Studio's CORS header to anyone else.
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
    expect(noOrigin.headers.get("access-control-allow-origin")).toBeNull();
    expect(/cache;desc=(\w+)/.exec(noOrigin.headers.get("server-timing") ?? "")?.[1]).toBe("hit");
    const notModified = await fetch(site.url + path, { headers: { "If-None-Match": fromStudio.headers.get("etag")! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("vary")?.split(/,\s*/)).toContain("Origin");
  });

  it("answers every query string no page reads with the page's cached answer: the ledger CSV is built once", async () => {
    const first = await fetch(`${site.url}/algo-results/ledger.csv?a=1`);
    expect(first.status).toBe(200);
    const body = await first.text();
    for (const query of ["?b=2", "?utm_source=x&n=12345", "", "?%ZZ=1"]) {
      const again = await fetch(`${site.url}/algo-results/ledger.csv${query}`);
      expect(again.status, query).toBe(200);
      expect(/cache;desc=(\w+)/.exec(again.headers.get("server-timing") ?? "")?.[1], query).toBe("hit");
      expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(await again.text()).toBe(body);
    }
    // A parameter a page does read keeps its own answer.
    const searched = await (await fetch(`${site.url}/search?q=arsenal&ref=1`)).text();
    expect(searched).toContain("Arsenal");
  });

  it("closes trickling connections after the headers timeout and goes on serving", async () => {
    const { port } = new URL(site.url);
    const SLOW_CLIENTS = 40;
    const sockets: Socket[] = [];
    const closedAfter: number[] = [];
    const timers: NodeJS.Timeout[] = [];
    await Promise.all(
      Array.from(
        { length: SLOW_CLIENTS },
        () =>
          new Promise<void>((resolve) => {
            let connectedAt = 0;
            const socket = connect(Number(port), "127.0.0.1", () => {
              connectedAt = performance.now();
              socket.write("GET /about HTTP/1.1\r\nHost: x\r\n");
              // One header byte a second: never finished.
              timers.push(setInterval(() => socket.writable && socket.write("X"), 1000));
              resolve();
            });
            socket.on("error", () => undefined);
            socket.on("close", () => closedAfter.push(performance.now() - connectedAt));
            sockets.push(socket);
          }),
      ),
    );
    try {
      await expect.poll(() => closedAfter.length, { timeout: 16_000, interval: 200 }).toBe(SLOW_CLIENTS);
      // HTTP_HEADERS_TIMEOUT_SECONDS=2, checked every second: each closes about 2 to 3 s after it
      // connected (more on a busy machine), never before its 2 s, and long before the 20 s
      // request timeout or Node's own 60 s.
      expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(1_900);
      expect(Math.max(...closedAfter)).toBeLessThan(15_000);
      expect((await fetch(`${site.url}/about`)).status).toBe(200);
    } finally {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    }
  });

  it.each(["/%5C", "/%5c", "/%5C%5C", "/%5C%2F", "/premier-league-predictions/%5C", "/%E0%A4%A", "/%00", "/api/%5C"])(
    "answers %s with a 400, not a 500",
    async (path) => {
      const response = await fetch(site.url + path);
      expect(response.status).toBe(400);
      const body = await response.text();
      expectNoLeak(body, path);
      if (path.startsWith("/api")) expect(JSON.parse(body)).toHaveProperty("error");
      else expect(body).toContain("Go Back Home");
    },
  );

  it("gives every visitor the same page with no nonce, and allows no inline style or script by default", async () => {
    const [a, b] = await Promise.all([
      fetch(`${site.url}/about`),
      fetch(`${site.url}/about`, { headers: { "User-Agent": "another visitor" } }),
    ]);
    const html = await a.text();
    expect(await b.text()).toBe(html);
    expect(html).not.toMatch(/\snonce=/);
    const policy = Object.fromEntries(
      (a.headers.get("content-security-policy") ?? "").split(";").map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    expect(policy["style-src"]).toEqual(["'self'"]);
    expect(policy["script-src"][0]).toBe("'self'");
    for (const source of policy["script-src"].slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(policy["script-src-attr"]).toEqual(["'none'"]);
  });

  it("answers an absurdly long address with a 414", async () => {
    const response = await fetch(`${site.url}/${"a".repeat(5000)}`);
    expect(response.status).toBe(414);
  });

  it("shows no stack trace or file path in any error answer, whatever NODE_ENV says", async () => {
    const cases: [string, RequestInit, number][] = [
      ["/api/standings/v2z%m", {}, 400],
      ["/build/%E0%A4%A.js", {}, 400],
      ["/api/matches/abc", {}, 400],
      ["/no-such-page", {}, 404],
      [
        "/api/content/match-updates",
        { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } },
        401,
      ],
      [
        "/api/content/webhook",
        { method: "POST", body: "\u0000\u0001", headers: { "Content-Type": "application/json" } },
        401,
      ],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(site.url + path, init);
      expect(response.status, path).toBe(status);
      expectNoLeak(await response.text(), path);
    }
    // The site process itself is fine after all of it.
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
  });
});

describe("draft preview sessions", () => {
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSite({ WORKER: "off", PREVIEW_SECRET });
  });
  afterAll(() => site?.stop());

  const open = async () => {
    const response = await fetch(`${site.url}/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}`, {
      redirect: "manual",
    });
    expect(response.status).toBe(307);
    return response.headers.get("Set-Cookie")!.split(";")[0];
  };
  const inPreview = async (cookie: string) =>
    (await (await fetch(`${site.url}/about`, { headers: { Cookie: cookie } })).text()).includes("preview-banner");

  it("gives each opening a new session, and a captured one is worth nothing after leaving", async () => {
    const captured = await open();
    const another = await open();
    expect(captured).toMatch(/^fkp_preview=./);
    expect(another).not.toBe(captured);
    expect(await inPreview(captured)).toBe(true);

    // Another site's link or form cannot end it: a GET is refused, and so is a foreign Origin.
    const link = await fetch(`${site.url}/api/preview-mode/disable`, {
      headers: { Cookie: captured },
      redirect: "manual",
    });
    expect(link.status).toBe(405);
    const foreign = await fetch(`${site.url}/api/preview-mode/disable`, {
      method: "POST",
      headers: { Cookie: captured, Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    expect(await inPreview(captured)).toBe(true);

    const exit = await fetch(`${site.url}/api/preview-mode/disable`, {
      method: "POST",
      headers: { Cookie: captured, Origin: site.url },
      redirect: "manual",
    });
    expect(exit.status).toBe(303);
    expect(exit.headers.get("Set-Cookie")).toMatch(/^fkp_preview=;.*Expires=Thu, 01 Jan 1970/);
    expect(await inPreview(captured)).toBe(false);
    // Leaving one session leaves the other alone.
    expect(await inPreview(another)).toBe(true);
  });
});

describe("rate limits and X-Forwarded-For", () => {
  const READS_PER_MINUTE = 5;
  let direct: RunningSite;
  let behindProxy: RunningSite;

  beforeAll(async () => {
    const limits = { WORKER: "off", RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE) };
    [direct, behindProxy] = await Promise.all([startSite(limits), startSite({ ...limits, TRUST_PROXY: "loopback" })]);
  });
  afterAll(async () => {
    await direct?.stop();
    await behindProxy?.stop();
  });

  /** Distinct searches miss the page cache (a query string nothing reads would not), so every request reaches the limiter. */
  const fetchAs = (site: RunningSite, n: number, forwardedFor: string) =>
    fetch(`${site.url}/search?q=club${n}`, { headers: { "X-Forwarded-For": forwardedFor } });

  it("sends Strict-Transport-Security only over https: not over plain http, and behind a trusted proxy only when it says https", async () => {
    const hsts = (response: Response) => response.headers.get("strict-transport-security");
    // Pages from the cache too: the first answer is rendered over "https", the next ones served from memory.
    const overHttps = await fetch(`${behindProxy.url}/about`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1" },
    });
    expect(hsts(overHttps)).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const plain = await fetch(`${behindProxy.url}/about`, { headers: { "X-Forwarded-For": "192.0.2.1" } });
    expect(/cache;desc=(\w+)/.exec(plain.headers.get("server-timing") ?? "")?.[1]).toBe("hit");
    expect(hsts(plain)).toBeNull();
    expect(
      hsts(
        await fetch(`${behindProxy.url}/about`, {
          headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1" },
        }),
      ),
    ).not.toBeNull();
  });

  it("limits a client by its socket address when no proxy is trusted, whatever it forwards", async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= READS_PER_MINUTE; n++) statuses.push((await fetchAs(direct, n, `203.0.113.${n + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("limits each forwarded client separately behind a trusted proxy (TRUST_PROXY=loopback)", async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= READS_PER_MINUTE; n++) statuses.push((await fetchAs(behindProxy, n, "198.51.100.7")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client behind the same proxy still has its own budget.
    expect((await fetchAs(behindProxy, 100, "198.51.100.8")).status).toBe(200);
  });
});

describe("a restarted process and the replay clock", () => {
  it("carries on where the replay stands instead of starting it over", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "replay-restart-"));
    // A database migrated already (a fresh one took most of the test's 30 s to migrate).
    cpSync(await migratedPgliteDataDir(), dataDir, { recursive: true });
    // A replayed minute per real second, so that the seconds between the two starts show.
    const env = { WORKER: "off", PGLITE_DATA_DIR: dataDir, CLOCK: "replay:2026-02-07T15:50:00Z,speed=60" };
    const nowAt = (site: RunningSite) => new Date(/now at (\S+?)[;)]/.exec(site.output())![1]).getTime();
    try {
      const first = await startSite(env);
      const firstNow = nowAt(first);
      const firstStarted = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await first.stop();
      const second = await startSite(env);
      const elapsedMs = Date.now() - firstStarted;
      const secondNow = nowAt(second);
      await second.stop();
      // Where the replay stood, plus the time it ran on (60 times the wall time between the starts).
      expect(secondNow - firstNow).toBeGreaterThanOrEqual(60 * 2_000);
      expect(secondNow - firstNow).toBeLessThanOrEqual(60 * (elapsedMs + 1_000));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
