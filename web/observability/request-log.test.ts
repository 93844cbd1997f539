import { createServer, request as httpRequest, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLog, REDACTED } from "@shared/observability/log";
import { createMetricsRegistry } from "@shared/observability/metrics";
import type { TrustProxyFn } from "../transport-security";
import { noteCacheOutcome } from "./cache-outcome";
import { createRequestObserver, loggableTarget, type ObservedRequest } from "./request-log";
import { registerHttpMetrics } from "./web-metrics";

describe("loggableTarget", () => {
  it("keeps the path and the query parameters pages read", () => {
    expect(loggableTarget("/premier-league-predictions?week=24")).toBe("/premier-league-predictions?week=24");
    expect(loggableTarget("/search?q=arsenal&format=json")).toBe("/search?q=arsenal&format=json");
    expect(loggableTarget("/about")).toBe("/about");
  });

  it("blanks the value of any other parameter: tokens and secrets in addresses never reach the log", () => {
    expect(loggableTarget("/test-api?token=internal-token-0123")).toBe(`/test-api?token=${REDACTED}`);
    expect(
      loggableTarget("/api/preview-mode/enable?sanity-preview-secret=s3cret-value&sanity-preview-pathname=%2F"),
    ).toBe(`/api/preview-mode/enable?sanity-preview-secret=${REDACTED}&sanity-preview-pathname=${REDACTED}`);
    expect(loggableTarget("/x?week=2&api_key=abc&flag")).toBe(`/x?week=2&api_key=${REDACTED}&flag`);
    expect(loggableTarget("/x?%E0%A4%A=secret")).toBe(`/x?${REDACTED}=${REDACTED}`);
  });

  it("logs Remix's route discovery as its path", () => {
    expect(loggableTarget("/__manifest?p=%2Fabout&p=%2Fteams&version=abc")).toBe("/__manifest");
  });
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server that observes every request, then answers it with `answer`; its log lines and metrics. */
async function observedServer(
  answer: (observed: ObservedRequest, res: ServerResponse) => void,
  trustProxy: TrustProxyFn = () => false,
) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const registry = createMetricsRegistry();
  const observe = createRequestObserver({
    log: createLog({ level: "info", format: "json", name: "web", destination }),
    metrics: registerHttpMetrics(registry),
    trustProxy,
    routeLabel: (url) => (url?.startsWith("/teams/") ? "routes/teams.$team" : "routes/$"),
  });
  const server = createServer((req, res) => {
    const observed = observe(req, res);
    // As the server's dispatch does for every answer but the page cache's own.
    observed.identifyAnswers();
    answer(observed, res);
    observed.settle();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The log lines once `count` have been written (the log writes after the answer is done). */
  const logged = async (count: number) => {
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(count);
    return lines;
  };
  return { url, registry, logged };
}

describe("createRequestObserver", () => {
  it("returns a request id and logs one line with it, the route, status, duration and cache outcome", async () => {
    const site = await observedServer((_observed, res) => {
      noteCacheOutcome(res, "hit");
      res.writeHead(200, ["content-type", "text/html"]);
      res.end("<p>page</p>");
    });
    const response = await fetch(`${site.url}/teams/arsenal?token=abc-123-secret&q=x`, {
      headers: { Cookie: "fkp_internal=cookie-value", Authorization: "Bearer auth-value" },
    });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = await site.logged(1);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      reqId: id,
      method: "GET",
      path: `/teams/arsenal?token=${REDACTED}&q=x`,
      route: "routes/teams.$team",
      status: 200,
      cache: "hit",
    });
    expect(line.durationMs).toBeGreaterThan(0);
    expect(JSON.stringify(line)).not.toMatch(/abc-123-secret|cookie-value|auth-value/);
  });

  it("keeps a trusted proxy's id, and replaces an untrusted client's", async () => {
    const trustLoopback: TrustProxyFn = (address) => address === "127.0.0.1" || address === "::ffff:127.0.0.1";
    const behindProxy = await observedServer((_observed, res) => res.end("ok"), trustLoopback);
    const kept = await fetch(behindProxy.url, { headers: { "X-Request-Id": "lb-1234.5" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1234.5");

    const direct = await observedServer((_observed, res) => res.end("ok"));
    const replaced = await fetch(direct.url, { headers: { "X-Request-Id": "lb-1234.5" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("lb-1234.5");
    expect((await direct.logged(1))[0].reqId).toBe(replaced.headers.get("x-request-id"));
  });

  it("uses the label the server gave, logs a 5xx at error level, and counts every answer by route, method and status", async () => {
    const site = await observedServer((observed, res) => {
      if (res.req.url === "/healthz") observed.label = "probe";
      res.statusCode = res.req.url === "/boom" ? 500 : 200;
      res.end();
    });
    await fetch(`${site.url}/healthz`);
    await fetch(`${site.url}/healthz`, { method: "HEAD" });
    await fetch(`${site.url}/boom`, { method: "POST" });
    await fetch(`${site.url}/boom`, { method: "PROPFIND" });
    const lines = await site.logged(4);
    expect(lines.map((line) => [line.level, line.route, line.status])).toEqual([
      ["info", "probe", 200],
      ["info", "probe", 200],
      ["error", "routes/$", 500],
      ["error", "routes/$", 500],
    ]);
    const text = await site.registry.metrics();
    expect(text).toContain('fkp_http_request_duration_seconds_count{route="probe",method="GET",status="200"} 1');
    expect(text).toContain('fkp_http_request_duration_seconds_count{route="probe",method="HEAD",status="200"} 1');
    expect(text).toContain('fkp_http_request_duration_seconds_count{route="routes/$",method="POST",status="500"} 1');
    expect(text).toContain('fkp_http_request_duration_seconds_count{route="routes/$",method="other",status="500"} 1');
    expect(text).not.toContain("PROPFIND");
  });

  it("times an answer written later until it is done", async () => {
    const site = await observedServer((_observed, res) => {
      setTimeout(() => res.end("late"), 40);
    });
    const response = await fetch(`${site.url}/later`);
    expect(await response.text()).toBe("late");
    const [line] = await site.logged(1);
    expect(line).toMatchObject({ reqId: response.headers.get("x-request-id"), status: 200 });
    expect(line.durationMs).toBeGreaterThanOrEqual(35);
    expect(line.aborted).toBeUndefined();
  });

  it("adds the id to headers given as an object, as a list, or set beforehand, and leaves a shared list alone", async () => {
    const shared = ["content-type", "text/plain"];
    const site = await observedServer((_observed, res) => {
      const path = res.req.url;
      if (path === "/list") res.writeHead(200, shared);
      else if (path === "/object") res.writeHead(201, { "content-type": "text/plain" });
      else if (path === "/reason") res.writeHead(202, "Accepted Later", ["content-type", "text/plain"]);
      else if (path === "/nested") res.writeHead(203, [["content-type", "text/plain"]] as unknown as string[]);
      else {
        res.setHeader("content-type", "text/plain");
        res.statusCode = 204;
      }
      res.end();
    });
    for (const [path, status] of [
      ["/list", 200],
      ["/list", 200],
      ["/object", 201],
      ["/reason", 202],
      ["/nested", 203],
      ["/implicit", 204],
    ] as const) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      if (status !== 204) expect(response.headers.get("content-type"), path).toBe("text/plain");
    }
    expect((await fetch(`${site.url}/reason`)).statusText).toBe("Accepted Later");
    expect(shared).toEqual(["content-type", "text/plain"]);
  });

  it("counts an answer the client did not wait for as aborted", async () => {
    const site = await observedServer((_observed, res) => {
      res.writeHead(200);
      res.write("start of a slow answer");
    });
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${site.url}/slow`, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    const [line] = await site.logged(1);
    expect(line).toMatchObject({ route: "routes/$", aborted: true });
    await expect
      .poll(() => site.registry.metrics())
      .toContain('fkp_http_request_duration_seconds_count{route="routes/$",method="GET",status="aborted"} 1');
  });
});
