import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Counter } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import {
  createMetricsRegistry,
  hasBearerToken,
  isMetricsTarget,
  sendMetrics,
  startMetricsServer,
  type MetricsEndpoint,
} from "./metrics";

const TOKEN = "metrics-token-0123456789";
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function urlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server answering every request with sendMetrics. */
async function metricsServer(endpoint: MetricsEndpoint): Promise<string> {
  const server = createServer((req, res) => sendMetrics(req, res, endpoint));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return urlOf(server);
}

describe("createMetricsRegistry", () => {
  it("makes independent registries, each with the process defaults", async () => {
    const first = createMetricsRegistry();
    const second = createMetricsRegistry();
    new Counter({ name: "fkp_test_total", help: "a test counter", registers: [first] });
    const [a, b] = await Promise.all([first.metrics(), second.metrics()]);
    for (const text of [a, b]) {
      expect(text).toContain("process_cpu_seconds_total");
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      expect(text).toContain("process_resident_memory_bytes");
    }
    expect(a).toContain("fkp_test_total 0");
    expect(b).not.toContain("fkp_test_total");
  });
});

describe("hasBearerToken", () => {
  const request = (authorization?: string) =>
    ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

  it("accepts exactly `Bearer <token>`", () => {
    expect(hasBearerToken(request(`Bearer ${TOKEN}`), TOKEN)).toBe(true);
    expect(hasBearerToken(request(`bearer ${TOKEN}`), TOKEN)).toBe(true);
    expect(hasBearerToken(request(), TOKEN)).toBe(false);
    expect(hasBearerToken(request(TOKEN), TOKEN)).toBe(false);
    expect(hasBearerToken(request(`Basic ${TOKEN}`), TOKEN)).toBe(false);
    expect(hasBearerToken(request(`Bearer ${TOKEN}x`), TOKEN)).toBe(false);
    expect(hasBearerToken(request(`Bearer ${TOKEN.slice(0, -1)}`), TOKEN)).toBe(false);
  });
});

describe("sendMetrics", () => {
  it("answers the registry's text to the token, 401 without it or with another, 405 to a POST", async () => {
    const registry = createMetricsRegistry();
    const url = await metricsServer({ registry, token: TOKEN });
    const ok = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe(registry.contentType);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(await ok.text()).toContain("# TYPE process_cpu_seconds_total counter");

    for (const headers of [{}, { Authorization: "Bearer not-the-metrics-token" }] as Record<string, string>[]) {
      const refused = await fetch(url, { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain("process_cpu");
    }
    const posted = await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(posted.status).toBe(405);
  });

  it("needs no token when none is configured", async () => {
    const url = await metricsServer({ registry: createMetricsRegistry(), token: undefined });
    expect((await fetch(url)).status).toBe(200);
  });

  it("answers 500 and says why when a collector fails", async () => {
    const registry = createMetricsRegistry();
    new Counter({
      name: "fkp_broken_total",
      help: "a collector that throws",
      registers: [registry],
      collect() {
        throw new Error("no reading");
      },
    });
    const warnings: string[] = [];
    const url = await metricsServer({ registry, token: undefined, warn: (message) => warnings.push(message) });
    expect((await fetch(url)).status).toBe(500);
    expect(warnings).toEqual(["metrics: no reading"]);
  });
});

describe("startMetricsServer", () => {
  it("serves /metrics and nothing else, with the token when one is set", async () => {
    const server = await startMetricsServer({
      registry: createMetricsRegistry(),
      token: TOKEN,
      port: 0,
      host: "127.0.0.1",
    });
    servers.push(server);
    const url = urlOf(server);
    expect((await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${url}/metrics?x=1`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${url}/metrics/x`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("fails to start on a port in use", async () => {
    const first = await startMetricsServer({
      registry: createMetricsRegistry(),
      token: undefined,
      port: 0,
      host: "127.0.0.1",
    });
    servers.push(first);
    const port = (first.address() as AddressInfo).port;
    await expect(
      startMetricsServer({ registry: createMetricsRegistry(), token: undefined, port, host: "127.0.0.1" }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});

describe("isMetricsTarget", () => {
  it("is /metrics with or without a query, and nothing longer", () => {
    expect(["/metrics", "/metrics?a=1"].map(isMetricsTarget)).toEqual([true, true]);
    expect(["/metricsx", "/metrics/", "/api/metrics", undefined].map(isMetricsTarget)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
