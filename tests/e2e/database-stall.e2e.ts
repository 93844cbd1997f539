/**
 * The site on PostgreSQL while the network blackholes the database: a TCP proxy in front of it
 * accepts connections and never answers them, and stops answering the open ones. No server-side
 * timeout can end such a query; the client's bound does, so every uncached page and API answer
 * is a 503 within about 3 s (not a hang until the database is back), /readyz says the database is
 * unreachable, and pages render again within seconds of the network coming back, whether it brings
 * the old connections back or lost them for good.
 */
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnPostgres } from "@shared/db/on-postgres";
import { switchableProxy, type SwitchableProxy } from "../support/switchable-proxy";
import { startSite, type RunningSite } from "./support/site";

/** Pages and API answers that read the database, for `leagues`; none has been rendered yet, so none is in the page cache. */
const uncached = (...leagues: string[]) =>
  leagues.flatMap((league) => [
    `/${league}-predictions`,
    `/api/standings/${league}`,
    `/api/players/top-scorers/${league}`,
  ]);
const ANSWER_WITHIN_MS = 3_000;
const RECOVER_WITHIN_MS = 5_000;

async function timed(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: string; ms: number; retryAfter: string | null }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return {
    status: response.status,
    body,
    ms: performance.now() - started,
    retryAfter: response.headers.get("retry-after"),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

describeOnPostgres("the site while PostgreSQL is blackholed", (server) => {
  const name = `stall_e2e_${process.pid}`;
  let proxy: SwitchableProxy;
  let site: RunningSite;

  beforeAll(async () => {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    proxy = await switchableProxy(server);
    const databaseUrl = new URL(server);
    databaseUrl.pathname = `/${name}`;
    site = await startSite({ DATABASE_URL: proxy.via(databaseUrl.toString()), WORKER: "off" });
  });
  afterAll(async () => {
    proxy?.set("pass");
    await site?.stop();
    await proxy?.close();
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** Blackholes the database for `outageMs`, asking uncached pages; their answers' times. */
  async function outage(paths: string[], outageMs: number): Promise<number[]> {
    proxy.set("blackhole");
    const startedAt = performance.now();
    const times: number[] = [];
    // A burst first, as a page's visitors arrive together, then one request after another.
    const burst = await Promise.all(
      paths.slice(0, 8).map((path) => timed(`${site.url}${path}`, { headers: { Accept: "text/html" } })),
    );
    for (const answer of burst) {
      expect(answer.status).toBe(503);
      times.push(answer.ms);
    }
    // Then three visitors, each asking one page after another until the outage ends.
    const visitor = async (first: number) => {
      for (let i = first; performance.now() - startedAt < outageMs; i += 3) {
        const answer = await timed(`${site.url}${paths[i % paths.length]}`, { headers: { Accept: "text/html" } });
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toBe("30");
        times.push(answer.ms);
      }
    };
    await Promise.all([0, 1, 2].map(visitor));
    return times;
  }

  /** The time from now until `path` renders. */
  async function recovery(path: string): Promise<number> {
    const restoredAt = performance.now();
    while (performance.now() - restoredAt < 20_000) {
      if ((await timed(`${site.url}${path}`)).status === 200) return performance.now() - restoredAt;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no page rendered within 20 s of the database coming back:\n${site.output()}`);
  }

  it("answers uncached pages 503 within about 3 s while blackholed, and renders them again within seconds", async () => {
    expect((await timed(`${site.url}/readyz`)).status).toBe(200);
    expect((await timed(`${site.url}/premier-league-predictions`)).status).toBe(200);

    const paths = uncached("la-liga", "serie-a", "bundesliga");
    const times = await outage(paths, 8_000);
    const ready = await timed(`${site.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "not ready", database: "unreachable" });
    expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const api = await timed(`${site.url}/api/standings/serie-a`);
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({
      error: "We can't reach our match data right now. Please try again in a minute.",
    });

    proxy.set("pass");
    const recovered = await recovery(paths[0]);
    console.log(
      `blackholed database: ${times.length} uncached requests answered 503 in median ${seconds(median(times))}, ` +
        `max ${seconds(Math.max(...times))}; /readyz 503 in ${seconds(ready.ms)}; first 200 ${seconds(recovered)} after the network came back`,
    );
    expect(Math.max(...times)).toBeLessThan(ANSWER_WITHIN_MS);
    expect(recovered).toBeLessThan(RECOVER_WITHIN_MS);
    expect((await timed(`${site.url}/readyz`)).status).toBe(200);
  });

  it("recovers as fast when the network comes back without the connections it stalled", async () => {
    const paths = uncached("ligue-1", "premier-league").filter((path) => path !== "/premier-league-predictions");
    expect(paths).toHaveLength(5);
    const times = await outage(paths, 5_000);
    // A firewall or NAT that forgot them: the old connections never answer again.
    proxy.set("pass", { strand: true });
    const recovered = await recovery(paths[0]);
    console.log(
      `blackholed database, connections lost: ${times.length} uncached requests answered 503 in median ${seconds(median(times))}, ` +
        `max ${seconds(Math.max(...times))}; first 200 ${seconds(recovered)} after the network came back`,
    );
    expect(Math.max(...times)).toBeLessThan(ANSWER_WITHIN_MS);
    expect(recovered).toBeLessThan(RECOVER_WITHIN_MS);
    // Every page renders again, none held up by a connection still waiting for the old network.
    const after = await Promise.all(paths.map((path) => timed(`${site.url}${path}`)));
    expect(after.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(Math.max(...after.map((answer) => answer.ms))).toBeLessThan(ANSWER_WITHIN_MS);
  });
});
