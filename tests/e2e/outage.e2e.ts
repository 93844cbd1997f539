/**
 * The site on PostgreSQL while the database goes away and comes back: answers stay fast (503 with
 * Retry-After and the site's error page, or a page's last good answer), the load balancer's probes
 * say so, and pages recover within seconds. The database is reached through a TCP proxy the test
 * can cut.
 */
import { createServer, Socket, type Server } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { startSite, type RunningSite } from "./support/site";

/** A TCP proxy to Postgres: `cut()` drops every connection and refuses new ones until `restore()`. */
interface CuttableProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function cuttableProxy(target: URL): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function timed(url: string, init?: RequestInit): Promise<{ response: Response; body: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

describeOnPostgres("a database outage on PostgreSQL", (server) => {
  const name = `outage_e2e_${process.pid}`;
  let proxy: CuttableProxy;
  let site: RunningSite;

  beforeAll(async () => {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const target = new URL(server);
    proxy = await cuttableProxy(target);
    const viaProxy = new URL(server);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    // Cached pages go stale after a second, so the outage meets stale entries too.
    site = await startSite({ DATABASE_URL: viaProxy.toString(), WORKER: "off", PAGE_CACHE_MAX_AGE_SECONDS: "1" });
  });
  afterAll(async () => {
    await site?.stop();
    await proxy?.close();
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("answers fast during the outage, serves last good pages, and recovers within seconds", async () => {
    expect((await timed(`${site.url}/readyz`)).response.status).toBe(200);
    const league = await timed(`${site.url}/premier-league-predictions`);
    expect(league.response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    proxy.cut();

    // A page the cache held: at once its previous page while it is rendered again in the
    // background; that render fails, and from then on its last good answer, never an error.
    const cutAt = performance.now();
    const during = await timed(`${site.url}/premier-league-predictions`);
    expect(during.response.status).toBe(200);
    expect(during.body).toBe(league.body);
    expect(during.response.headers.get("server-timing")).toContain("cache;desc=rerender");
    let stale = during;
    while (!(stale.response.headers.get("server-timing") ?? "").includes("cache;desc=stale")) {
      expect(performance.now() - cutAt, "the last good answer within 5 s of the cut").toBeLessThan(5_000);
      stale = await timed(`${site.url}/premier-league-predictions`);
      expect(stale.response.status).toBe(200);
      expect(stale.body).toBe(league.body);
      expect(stale.ms).toBeLessThan(3_000);
    }
    expect(stale.response.headers.get("server-timing")).toContain("cache;desc=stale");

    // A page never rendered: the site's own error page with a 503, at once.
    const page = await timed(`${site.url}/la-liga-predictions`, { headers: { Accept: "text/html" } });
    expect(page.response.status).toBe(503);
    expect(page.response.headers.get("retry-after")).toBe("30");
    expect(page.response.headers.get("cache-control")).toBe("no-store");
    expect(page.body).toContain("Back in a Moment");
    expect(page.body).toContain("We can&#x27;t reach our match data right now. Please try again in a minute.");
    expect(page.body).toContain("Go Back Home");
    expect(page.body).not.toMatch(/ECONNREFUSED|CONNECTION_|node_modules|\bat \S+ \(/);
    expect(page.ms).toBeLessThan(3_000);

    const api = await timed(`${site.url}/api/standings/premier-league`);
    expect(api.response.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({
      error: "We can't reach our match data right now. Please try again in a minute.",
    });
    expect(api.ms).toBeLessThan(3_000);

    const health = await timed(`${site.url}/healthz`);
    expect([health.response.status, JSON.parse(health.body)]).toEqual([200, { status: "ok" }]);
    const ready = await timed(`${site.url}/readyz`);
    expect(ready.response.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "not ready", database: "unreachable", content: "ok" });
    expect(ready.ms).toBeLessThan(3_000);

    proxy.restore();
    const restoredAt = performance.now();
    let recovered: number | null = null;
    while (performance.now() - restoredAt < 15_000) {
      const attempt = await timed(`${site.url}/la-liga-predictions`);
      if (attempt.response.status === 200) {
        recovered = performance.now() - restoredAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).not.toBeNull();
    expect(recovered!).toBeLessThan(5_000);
    expect((await timed(`${site.url}/readyz`)).response.status).toBe(200);
  });
});
