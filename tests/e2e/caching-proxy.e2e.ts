/**
 * The production topology of `npm run cluster` (deploy/cluster.ts) on one machine: PostgreSQL
 * with the owner and application roles, two web processes, and a real Varnish in front with the
 * project's VCL. Every public answer names its surrogate keys; a worker's write or an editor's
 * publish purges them, and the proxy serves the new answer within 2 s; the proxy answers nearly
 * everything itself; a rolling restart of both web processes under load loses no request.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../deploy/cluster";
import { varnishdPath } from "../../deploy/varnish-control";
import { postgresTestServerUrl, NEEDS_POSTGRES } from "@shared/db/on-postgres";
import { openDb, type DbHandle } from "@shared/db";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { backfillJob } from "@sync-worker/jobs/backfill";
import { fixturesAndOddsJob } from "@sync-worker/jobs/fixtures-and-odds";
import { liveJob } from "@sync-worker/jobs/live";
import { referenceDataJob } from "@sync-worker/jobs/reference-data";
import { resultsJob } from "@sync-worker/jobs/results";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { REPLAY_MOMENT, testWorker, type TestWorker } from "@sync-worker/test-support/worker";

const WEBHOOK_SECRET = "webhook-secret-for-the-proxy-test";
const NEEDS_VARNISH = "skipped: needs Varnish (apt-get install varnish)";
const hasVarnish = spawnSync(varnishdPath(), ["-V"], { encoding: "utf8" }).status === 0;
const server = postgresTestServerUrl();

/** A suite that needs both servers; without one it is registered and skipped, saying which. */
function describeWithProxy(title: string, body: (serverUrl: string) => void): void {
  if (server && hasVarnish) describe(title, () => body(server));
  else
    describe.skip(`${title} (${server ? NEEDS_VARNISH : NEEDS_POSTGRES})`, () =>
      body("postgres://no-server.invalid/none"));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function matchId(db: DbHandle, home: string, away: string): Promise<number> {
  const [row] = await db.execute<{ id: number }>(
    `select id from fixtures where home_team_id = ${getTeamBySlug(home)!.id} and away_team_id = ${getTeamBySlug(away)!.id} order by kickoff_at desc limit 1`,
  );
  return row.id;
}

/** Asks `url` until `accept` holds, for at most `ms`; returns how long it took. */
async function within(ms: number, url: string, accept: (response: Response, body: string) => boolean): Promise<number> {
  const started = performance.now();
  let last = "";
  while (performance.now() - started < ms) {
    const response = await fetch(url);
    last = await response.text();
    if (accept(response, last)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not change within ${ms} ms; last answer: ${last.slice(0, 300)}`);
}

describeWithProxy("the production topology: Varnish in front of two web processes on PostgreSQL", (serverUrl) => {
  const suffix = randomBytes(4).toString("hex");
  const database = `cluster_e2e_${suffix}`;
  const roles = { owner: `cluster_owner_${suffix}`, app: `cluster_app_${suffix}` };
  const workDir = mkdtempSync(path.join(tmpdir(), "cluster-e2e-"));
  let cluster: Cluster;
  let db: DbHandle;
  let worker: TestWorker;
  let proxy: string;

  beforeAll(async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    cluster = await startCluster({
      adminUrl: serverUrl,
      database,
      roles,
      webPorts: ports.slice(0, 2),
      proxyPort: ports[2],
      // The test writes as the worker does, at moments it chooses.
      worker: false,
      workDir,
      proxyMemoryMb: 64,
      env: {
        CLOCK: `replay:${REPLAY_MOMENT.toISOString()}`,
        FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR,
        SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    proxy = cluster.proxyUrl;
    db = await openDb({ url: cluster.appUrl });
    worker = testWorker(db);
    for (const job of [referenceDataJob, backfillJob, fixturesAndOddsJob]) {
      const run = await worker.run(job);
      expect(run.status, `${job.name}: ${run.error}`).toBe("ok");
    }
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    rmSync(workDir, { recursive: true, force: true });
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.unsafe(`drop role if exists ${roles.app}`);
    await admin.unsafe(`drop role if exists ${roles.owner}`);
    await admin.end();
  });

  it("names what each answer was built from in Surrogate-Key and Cache-Tag, with the same ETag on both processes", async () => {
    const arsenal = await matchId(db, "arsenal", "sunderland");
    const [web1, web2] = cluster.webUrls;
    const live = await fetch(`${web1}/api/live/${arsenal}`);
    expect(live.headers.get("surrogate-key")).toBe(`data live content match-${arsenal}`);
    expect(live.headers.get("cache-tag")).toBe(`data,live,content,match-${arsenal}`);
    expect(live.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=15");
    const page = await fetch(`${web1}/premier-league-predictions`, { headers: { Accept: "text/html" } });
    expect(page.headers.get("surrogate-key")).toMatch(/^data (live )?content league-premier-league$/);
    const other = await fetch(`${web2}/premier-league-predictions`, { headers: { Accept: "text/html" } });
    expect(other.headers.get("etag")).toBe(page.headers.get("etag"));
    // A personal answer names nothing: no proxy may keep it.
    const internal = await fetch(`${web1}/test-api`);
    expect(internal.headers.get("surrogate-key")).toBeNull();
    // The keys are for the proxy alone.
    const proxied = await fetch(`${proxy}/api/live/${arsenal}`);
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get("surrogate-key")).toBeNull();
    expect(proxied.headers.get("cache-tag")).toBeNull();
  });

  it("serves a worker's live tick through the proxy within 2 s, and keeps the live score between ticks", async () => {
    const arsenal = await matchId(db, "arsenal", "sunderland");
    const url = `${proxy}/api/live/${arsenal}`;
    await within(5_000, url, (_r, body) => JSON.parse(body).liveMinute === 45);
    const cached = await fetch(url);
    expect(cached.headers.get("x-cache")).toBe("HIT");

    worker.setNow("2026-02-07T16:20:00Z");
    expect((await worker.run(liveJob)).status).toBe("ok");
    const took = await within(2_000, url, (_r, body) => JSON.parse(body).liveMinute === 63);
    expect(took).toBeLessThan(2_000);
    expect((await fetch(url)).headers.get("x-cache")).toBe("HIT");
  });

  it("serves a result through the proxy within 2 s of the worker storing it", async () => {
    const newcastle = await matchId(db, "newcastle-united", "brentford");
    const url = `${proxy}/api/matches/${newcastle}`;
    await fetch(url);
    expect((await fetch(url)).headers.get("x-cache")).toBe("HIT");
    worker.setNow("2026-02-07T19:40:00Z");
    expect((await worker.run(resultsJob)).rowsWritten).toBeGreaterThan(0);
    const took = await within(2_000, url, (_r, body) => {
      const record = JSON.parse(body) as { matchState: string; homeScore: number };
      return record.matchState === "post-match" && record.homeScore === 2;
    });
    expect(took).toBeLessThan(2_000);
  });

  it("drops pages built from editorial content within 2 s of a publish", async () => {
    const url = `${proxy}/about`;
    await fetch(url, { headers: { Accept: "text/html" } });
    const before = await fetch(url, { headers: { Accept: "text/html" } });
    expect(before.headers.get("x-cache")).toBe("HIT");
    const body = JSON.stringify({ _id: "siteSettings", _type: "siteSettings" });
    const delivered = await fetch(`${proxy}/api/content/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET),
      },
      body,
    });
    expect(delivered.status).toBe(200);
    const started = performance.now();
    let refetched = false;
    while (!refetched && performance.now() - started < 2_000) {
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      await response.arrayBuffer();
      refetched = response.headers.get("x-cache") === "MISS";
      if (!refetched) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refetched).toBe(true);
  });

  it("answers more than 99% of a mix of public requests itself", async () => {
    const arsenal = await matchId(db, "arsenal", "sunderland");
    const paths = [
      "/",
      "/premier-league-predictions",
      "/bundesliga-predictions",
      "/la-liga-predictions",
      "/serie-a-predictions",
      "/ligue-1-predictions",
      "/algo-results",
      "/today",
      `/api/live/${arsenal}`,
      "/api/matches/league/premier-league",
      "/api/standings/premier-league",
      "/premier-league/teams/arsenal",
    ];
    // The tests before wrote results and published the site's settings: pages the web processes
    // had rendered are out of date there, and each answers with its previous page (Surrogate-
    // Control: no-store, which Varnish passes) until its re-render is done. Under load that took
    // long enough for 19 of 3,000 requests to pass. The mix starts once every page is current.
    for (const web of cluster.webUrls) {
      for (const path of paths) {
        const started = performance.now();
        for (;;) {
          const response = await fetch(`${web}${path}`, {
            headers: { Accept: path.startsWith("/api/") ? "application/json" : "text/html" },
          });
          await response.arrayBuffer();
          if (!/cache;desc=rerender/.test(response.headers.get("server-timing") ?? "")) break;
          expect(performance.now() - started, `${web}${path} still re-rendering`).toBeLessThan(10_000);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }
    const outcomes = new Map<string, number>();
    let next = 0;
    const total = 3_000;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (next < total) {
          const path = paths[next++ % paths.length];
          const response = await fetch(`${proxy}${path}`, {
            headers: { Accept: path.startsWith("/api/") ? "application/json" : "text/html" },
          });
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          const outcome = response.headers.get("x-cache") ?? "none";
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    const hits = outcomes.get("HIT") ?? 0;
    expect(hits / total, JSON.stringify(Object.fromEntries(outcomes))).toBeGreaterThan(0.99);
  });

  it("restarts both web processes one at a time under load without failing a request", async () => {
    const arsenal = await matchId(db, "arsenal", "sunderland");
    // Requests that reach the web processes: a preview-like personal cookie passes the proxy.
    const targets: Array<[string, RequestInit]> = [
      ["/healthz", {}],
      [`/api/matches/${arsenal}`, { headers: { Cookie: "fkp_load=1" } }],
      ["/premier-league-predictions", { headers: { Cookie: "fkp_load=1", Accept: "text/html" } }],
      [`/api/live/${arsenal}`, {}],
    ];
    let running = true;
    let sent = 0;
    const failures: string[] = [];
    // When each failure came, against the restart's steps, for a failure's message.
    const started = Date.now();
    const since = () => `at ${((Date.now() - started) / 1000).toFixed(2)} s`;
    const steps: string[] = [];
    const load = Promise.all(
      Array.from({ length: 6 }, async (_v, lane) => {
        for (let i = lane; running; i++) {
          const [path, init] = targets[i % targets.length];
          sent++;
          try {
            const response = await fetch(`${proxy}${path}`, init);
            await response.arrayBuffer();
            if (response.status >= 500)
              failures.push(
                `${path}: ${response.status} from ${response.headers.get("server") ?? "the site"} ${since()}`,
              );
          } catch (error) {
            failures.push(`${path}: ${(error as Error).message} ${since()}`);
          }
        }
      }),
    );
    try {
      await cluster.rollingRestart((name) => steps.push(`${name} back in rotation ${since()}`));
    } finally {
      running = false;
      await load;
    }
    expect(failures, steps.join("; ")).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    for (const name of ["web1", "web2"]) expect(cluster.output(name)).toContain("SIGTERM: finishing open requests");
  }, 180_000);
});
