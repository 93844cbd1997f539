import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyPurger } from "./purge";

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in for the proxy's purge endpoint: answers each request with the next status. */
async function purgeEndpoint(statuses: number[]): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    res.writeHead(statuses.shift() ?? 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received, server };
}

describe("purging the caching proxy", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("sends the changed keys in one PURGE with Surrogate-Key, and the token in its header", async () => {
    const endpoint = await purgeEndpoint([200]);
    server = endpoint.server;
    const warnings: string[] = [];
    const purger = createProxyPurger(
      { url: endpoint.url, method: "PURGE", token: "purge-token-0123456789", tokenHeader: "X-Purge-Token" },
      { warn: (m) => warnings.push(m) },
    );
    expect(await purger.purge(["live", "data", "live"])).toBe(true);
    expect(endpoint.received).toHaveLength(1);
    expect(endpoint.received[0]).toMatchObject({ method: "PURGE", url: "/" });
    expect(endpoint.received[0].headers["surrogate-key"]).toBe("live data");
    expect(endpoint.received[0].headers["x-purge-token"]).toBe("purge-token-0123456789");
    expect(purger.stats()).toEqual({ sent: 1, failed: 0 });
    expect(warnings).toEqual([]);
  });

  it("speaks Fastly's purge API with POST and its key header", async () => {
    const endpoint = await purgeEndpoint([200]);
    server = endpoint.server;
    const purger = createProxyPurger(
      {
        url: `${endpoint.url}service/abc/purge`,
        method: "POST",
        token: "fastly-api-key-0123456789",
        tokenHeader: "Fastly-Key",
      },
      { warn: () => {} },
    );
    await purger.purge(["content"]);
    expect(endpoint.received[0]).toMatchObject({ method: "POST", url: "/service/abc/purge" });
    expect(endpoint.received[0].headers["fastly-key"]).toBe("fastly-api-key-0123456789");
  });

  it("retries a refused purge, then gives up with a warning that names neither the token nor the URL's query", async () => {
    const endpoint = await purgeEndpoint([503, 503, 503]);
    server = endpoint.server;
    const warnings: string[] = [];
    const purger = createProxyPurger(
      {
        url: `${endpoint.url}?api_key=secret-in-query`,
        method: "PURGE",
        token: "purge-token-0123456789",
        tokenHeader: "X-Purge-Token",
      },
      { warn: (m) => warnings.push(m) },
      [10, 10],
    );
    expect(await purger.purge(["data"])).toBe(false);
    expect(endpoint.received).toHaveLength(3);
    expect(purger.stats()).toEqual({ sent: 0, failed: 1 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("proxy purge of data failed");
    expect(warnings[0]).toContain("503");
    expect(warnings[0]).not.toContain("secret-in-query");
    expect(warnings[0]).not.toContain("purge-token");
  });

  it("succeeds on a retry after one failure", async () => {
    const endpoint = await purgeEndpoint([500, 200]);
    server = endpoint.server;
    const purger = createProxyPurger(
      { url: endpoint.url, method: "PURGE", tokenHeader: "X-Purge-Token" },
      { warn: () => {} },
      [10],
    );
    expect(await purger.purge(["live"])).toBe(true);
    expect(endpoint.received).toHaveLength(2);
    expect(endpoint.received[1].headers["x-purge-token"]).toBeUndefined();
  });

  it("sends nothing for keys that are not plain keys", async () => {
    const endpoint = await purgeEndpoint([]);
    server = endpoint.server;
    const purger = createProxyPurger(
      { url: endpoint.url, method: "PURGE", tokenHeader: "X-Purge-Token" },
      { warn: () => {} },
    );
    expect(await purger.purge(["", "a|b", "X"])).toBe(true);
    expect(endpoint.received).toHaveLength(0);
  });
});
