/**
 * Metrics and logs of the running site: /metrics closed without configuration and behind its
 * token with it, every metric family there and moving under a small load, request ids returned
 * and logged, and a realistic visit in Chromium (pages, the internal pages with their token,
 * preview opened with its secret in the address, the signed webhook, content automation) after
 * which no configured secret and no cookie value appears anywhere in what the site printed.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { launchChromium, openPage, startSite, type RunningSite } from "./support/site";

const SECRETS = {
  PREVIEW_SECRET: "e2e-obs-preview-secret-4071",
  SESSION_SECRET: "e2e-obs-session-secret-4072",
  INTERNAL_PAGES_TOKEN: "e2e-obs-internal-token-4073",
  SANITY_WEBHOOK_SECRET: "e2e-obs-webhook-secret-4074",
  CONTENT_AUTOMATION_TOKEN: "e2e-obs-automation-token-4075",
  METRICS_TOKEN: "e2e-obs-metrics-token-4076",
  // Unused by the local content source, but configured: it must not leak either.
  SANITY_READ_TOKEN: "e2e-obs-sanity-read-token-4077",
  SANITY_WRITE_TOKEN: "e2e-obs-sanity-write-token-4078",
};
const AUTH = { Authorization: `Bearer ${SECRETS.METRICS_TOKEN}` };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every metric family a scrape must show: the process defaults, the site's and the embedded worker's. */
const FAMILIES = [
  "process_cpu_seconds_total",
  "process_resident_memory_bytes",
  "nodejs_eventloop_lag_seconds",
  "nodejs_heap_size_used_bytes",
  "fkp_http_request_duration_seconds",
  "fkp_page_cache_requests_total",
  "fkp_page_cache_bytes",
  "fkp_page_cache_max_bytes",
  "fkp_page_cache_entries",
  "fkp_page_cache_dropped_total",
  "fkp_data_version",
  "fkp_data_version_age_seconds",
  "fkp_job_runs_total",
  "fkp_job_duration_seconds",
  "fkp_job_rows_total",
  "fkp_job_consecutive_failures",
  "fkp_job_last_success_age_seconds",
  "fkp_live_tick_lag_seconds",
  "fkp_pgboss_queue_depth",
];

const root = path.resolve(import.meta.dirname, "../..");
const contentDirectory = mkdtempSync(path.join(tmpdir(), "e2e-observability-"));
const contentFile = path.join(contentDirectory, "dataset.ndjson");
let site: RunningSite;
let plain: RunningSite;
let plainMetricsPort: number;
let browser: Browser;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** A scrape of `site`'s /metrics with the token. */
async function scrape(target: RunningSite = site): Promise<string> {
  const response = await fetch(`${target.url}/metrics`, { headers: AUTH });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series in a scrape (0 when it is not there yet). */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** The site's JSON log lines so far. */
function logLines(target: RunningSite = site): Record<string, unknown>[] {
  return target
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The request line logged under `id`, once it is written (lines are written after the answer). */
async function requestLine(id: string, target: RunningSite = site): Promise<Record<string, unknown>> {
  await expect.poll(() => logLines(target).some((line) => line.reqId === id), { timeout: 5_000 }).toBe(true);
  return logLines(target).find((line) => line.reqId === id)!;
}

beforeAll(async () => {
  copyFileSync(path.join(root, "content/dataset.ndjson"), contentFile);
  plainMetricsPort = await freePort();
  [site, plain] = await Promise.all([
    // Requests come from this machine: TRUST_PROXY=loopback makes the test a trusted proxy.
    startSite({
      FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR,
      LOCAL_CONTENT_FILE: contentFile,
      TRUST_PROXY: "loopback",
      ...SECRETS,
    }),
    startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, WORKER: "off", METRICS_PORT: String(plainMetricsPort) }),
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), plain?.stop()]);
  rmSync(contentDirectory, { recursive: true, force: true });
});

describe("/metrics", () => {
  it("is an unknown page on the site's port without METRICS_TOKEN, and served on METRICS_PORT alone", async () => {
    const unknown = await fetch(`${plain.url}/no-such-page-anywhere`);
    const metrics = await fetch(`${plain.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(unknown.status).toBe(404);
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(titleOf(await metrics.text())).toBe(titleOf(await unknown.text()));
    expect((await fetch(`${plain.url}/metrics`, { headers: AUTH })).status).toBe(404);

    const own = await fetch(`http://127.0.0.1:${plainMetricsPort}/metrics`);
    expect(own.status).toBe(200);
    const text = await own.text();
    expect(text).toContain("# TYPE fkp_http_request_duration_seconds histogram");
    expect(text).toContain('fkp_page_cache_requests_total{outcome="miss"}');
    expect((await fetch(`http://127.0.0.1:${plainMetricsPort}/`)).status).toBe(404);
  });

  it("needs its token when one is set: 401 without it or with another, the metrics with it", async () => {
    for (const headers of [
      {},
      { Authorization: "Bearer e2e-not-the-metrics-token" },
      { Authorization: SECRETS.METRICS_TOKEN },
    ] as Record<string, string>[]) {
      const refused = await fetch(`${site.url}/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain("fkp_");
    }
    const answer = await fetch(`${site.url}/metrics`, { headers: AUTH });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-request-id")).toMatch(UUID);
  });

  it("shows every metric family once the worker has run", async () => {
    await expect
      .poll(async () => valueOf(await scrape(), 'fkp_job_runs_total{job="backfill",status="ok"}'), {
        timeout: 60_000,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(1);
    const text = await scrape();
    for (const family of FAMILIES) expect(text, family).toContain(`# TYPE ${family} `);
    // Samples, not just declarations, for what this setup has (pg-boss runs on PostgreSQL only).
    for (const family of FAMILIES.filter((name) => name !== "fkp_pgboss_queue_depth")) {
      expect(
        text.split("\n").some((line) => line.startsWith(family) && !line.startsWith("#")),
        family,
      ).toBe(true);
    }
    expect(valueOf(text, 'fkp_data_version{scope="data"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'fkp_job_rows_total{job="backfill",kind="written"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'fkp_job_last_success_age_seconds{job="backfill"}')).toBeLessThan(120);
    expect(valueOf(text, "fkp_page_cache_max_bytes")).toBe(128 * 1024 * 1024);
    // Labels name routes and fixed answers, never an address.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    for (const route of routes)
      expect(route).toMatch(/^(root|routes\/[^/?]+|static|probe|metrics|refused|redirect|cors|manifest|not-found)$/);
  });

  it("moves under a small load: a miss then a hit, counted by route, in the cache and its size", async () => {
    const before = await scrape();
    const series = 'fkp_http_request_duration_seconds_count{route="routes/search",method="GET",status="200"}';
    // A page asked twice: rendered, then from memory (again with another search if the worker's
    // write came in between and the second had to render as well). A search of its own is a page
    // of its own: `q` is read on /search, so it is part of the cache key there.
    let asked = 0;
    let hit = false;
    while (!hit && asked < 6) {
      const first = await fetch(`${site.url}/search?q=load-${asked}`);
      const second = await fetch(`${site.url}/search?q=load-${asked}`);
      asked += 2;
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.headers.get("server-timing")).toContain("cache;desc=miss");
      hit = (second.headers.get("server-timing") ?? "").includes("cache;desc=hit");
    }
    expect(hit).toBe(true);
    await fetch(`${site.url}/healthz`);
    await fetch(`${site.url}//about`, { redirect: "manual" });
    const after = await scrape();
    expect(valueOf(after, series) - valueOf(before, series)).toBe(asked);
    expect(
      valueOf(after, 'fkp_http_request_duration_seconds_count{route="probe",method="GET",status="200"}'),
    ).toBeGreaterThan(
      valueOf(before, 'fkp_http_request_duration_seconds_count{route="probe",method="GET",status="200"}'),
    );
    expect(valueOf(after, 'fkp_http_request_duration_seconds_count{route="redirect",method="GET",status="301"}')).toBe(
      valueOf(before, 'fkp_http_request_duration_seconds_count{route="redirect",method="GET",status="301"}') + 1,
    );
    for (const outcome of ["hit", "miss"]) {
      const counted = `fkp_page_cache_requests_total{outcome="${outcome}"}`;
      expect(valueOf(after, counted), outcome).toBeGreaterThan(valueOf(before, counted));
    }
    expect(valueOf(after, "fkp_page_cache_entries")).toBeGreaterThan(0);
    expect(valueOf(after, "fkp_page_cache_bytes")).toBeGreaterThan(valueOf(before, "fkp_page_cache_bytes"));
    expect(valueOf(after, "process_cpu_seconds_total")).toBeGreaterThan(valueOf(before, "process_cpu_seconds_total"));
  });
});

describe("request ids", () => {
  it("returns one on every answer, cached pages and 304s included, and logs it with the request's line", async () => {
    await fetch(`${site.url}/terms`);
    const hit = await fetch(`${site.url}/terms?token=e2e-not-a-real-token&week=2`);
    const id = hit.headers.get("x-request-id")!;
    expect(id).toMatch(UUID);
    expect(hit.headers.get("server-timing")).toContain("cache;desc=");
    const line = await requestLine(id);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      route: "routes/terms",
      status: 200,
      path: "/terms?token=[redacted]&week=2",
    });
    // The verdict the answer itself gave: a hit, or a miss if the cache had dropped the page,
    // or a rerender when the worker wrote between the two requests (the previous page is sent
    // while a fresh one renders).
    const verdict = /cache;desc=(\w+)/.exec(hit.headers.get("server-timing") ?? "")?.[1];
    expect(verdict).toMatch(/^(hit|miss|rerender)$/);
    expect(line.cache).toBe(verdict);
    expect(typeof line.durationMs).toBe("number");

    const etag = (await fetch(`${site.url}/terms`)).headers.get("etag")!;
    const notModified = await fetch(`${site.url}/terms`, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    const notModifiedId = notModified.headers.get("x-request-id")!;
    expect(notModifiedId).toMatch(UUID);
    expect(await requestLine(notModifiedId)).toMatchObject({ status: 304, route: "routes/terms" });

    // Each answer has its own: the cached page does not repeat the id it was rendered with.
    const again = await fetch(`${site.url}/terms`);
    expect(new Set([id, notModifiedId, again.headers.get("x-request-id")]).size).toBe(3);
  });

  it("keeps the id a trusted proxy sends, and replaces one from a client it does not trust", async () => {
    const trusted = await fetch(`${site.url}/about`, { headers: { "X-Request-Id": "lb-trace.4096:7" } });
    expect(trusted.headers.get("x-request-id")).toBe("lb-trace.4096:7");
    expect(await requestLine("lb-trace.4096:7")).toMatchObject({ route: "routes/about", status: 200, path: "/about" });

    const malformed = await fetch(`${site.url}/about`, { headers: { "X-Request-Id": "two words" } });
    expect(malformed.headers.get("x-request-id")).toMatch(UUID);

    // The second site trusts no proxy (TRUST_PROXY unset): a client cannot name its request.
    const untrusted = await fetch(`${plain.url}/healthz`, { headers: { "X-Request-Id": "client-chosen-id" } });
    const replaced = untrusted.headers.get("x-request-id")!;
    expect(replaced).toMatch(UUID);
    expect(await requestLine(replaced, plain)).toMatchObject({ route: "probe", status: 200 });
    expect(plain.output()).not.toContain("client-chosen-id");
  });
});

describe("a visit with every secret configured", () => {
  it("writes no secret and no cookie value to the log", async () => {
    const cookieValues: string[] = [];

    // A visitor's pages.
    const visitor = await browser.newContext();
    for (const pagePath of ["/", "/premier-league-predictions", "/algo-results", "/about", "/search?q=arsenal"]) {
      const { page, status } = await openPage(visitor, site.url + pagePath);
      expect(status, pagePath).toBe(200);
      await page.close();
    }
    await visitor.close();

    // An operator opens the internal pages with the token in the address, once.
    const operator = await browser.newContext();
    const internal = await openPage(operator, `${site.url}/test-api?token=${SECRETS.INTERNAL_PAGES_TOKEN}`);
    expect(internal.status).toBe(200);
    expect((await internal.page.goto(`${site.url}/api-status`))?.status()).toBe(200);
    await internal.page.waitForLoadState("networkidle");
    cookieValues.push(...(await operator.cookies()).map((cookie) => cookie.value));
    await operator.close();

    // An editor enters preview with the secret in the address, reads a draft, leaves.
    const editor = await browser.newContext();
    const preview = await openPage(
      editor,
      `${site.url}/api/preview-mode/enable?sanity-preview-secret=${encodeURIComponent(SECRETS.PREVIEW_SECRET)}&sanity-preview-pathname=%2F`,
    );
    expect(preview.page.url()).toBe(`${site.url}/`);
    cookieValues.push(...(await editor.cookies()).map((cookie) => cookie.value));
    expect((await preview.page.goto(`${site.url}/premier-league-predictions`))?.status()).toBe(200);
    await preview.page.waitForLoadState("networkidle");
    await preview.page.getByRole("button", { name: "Exit preview" }).click();
    await expect.poll(() => preview.page.locator(".preview-banner").count()).toBe(0);
    await editor.close();
    expect(cookieValues.length).toBeGreaterThanOrEqual(2);

    // The content webhook, signed; content automation with its bearer token; a wrong preview secret.
    const body = JSON.stringify({ _id: "siteSettings", _type: "siteSettings" });
    const webhook = await fetch(`${site.url}/api/content/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRETS.SANITY_WEBHOOK_SECRET),
      },
      body,
    });
    expect(webhook.status).toBe(200);
    const automation = await fetch(`${site.url}/api/content/match-updates`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${SECRETS.CONTENT_AUTOMATION_TOKEN}` },
      body: JSON.stringify({
        match_id: "premier-league/liverpool-vs-manchester-city",
        confidence_score: 70,
        verdict_tag: "Derby Day",
      }),
    });
    expect(automation.status).toBe(200);
    expect(
      (await fetch(`${site.url}/api/preview-mode/enable?sanity-preview-secret=e2e-wrong-secret-value`)).status,
    ).toBe(401);
    expect(
      (
        await fetch(`${site.url}/api/live-match`, {
          headers: { Authorization: `Bearer ${SECRETS.INTERNAL_PAGES_TOKEN}` },
        })
      ).status,
    ).not.toBe(404);
    await scrape();

    // Everything it printed, to the last line (stopping flushes the log).
    await site.stop();
    const output = site.output();
    const lines = logLines();
    expect(lines.filter((line) => line.msg === "request").length).toBeGreaterThan(30);
    expect(
      lines.some(
        (line) =>
          typeof line.path === "string" &&
          line.path.startsWith("/api/preview-mode/enable?sanity-preview-secret=[redacted]"),
      ),
    ).toBe(true);
    expect(lines.some((line) => line.path === "/test-api?token=[redacted]")).toBe(true);
    for (const [name, secret] of Object.entries(SECRETS)) {
      for (const form of new Set([secret, encodeURIComponent(secret)]))
        expect(output.includes(form), `${name} in the log`).toBe(false);
    }
    for (const value of cookieValues) expect(output.includes(value), "a cookie value in the log").toBe(false);
  });
});
