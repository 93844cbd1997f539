/**
 * `npm run bench:web -- --proxy`: the production topology of `npm run cluster` (Varnish in front
 * of two web processes and the worker, on PostgreSQL) under the Saturday 15:00 mix, against one
 * web process answering the same mix from its own page cache, in the same run:
 *
 * - throughput and p50/p99 of the mix through Varnish and straight from web process 1 (its page
 *   cache warm), interleaved and repeated, and their ratio, each request accepting compression as
 *   a browser's does;
 * - with wrk, one URL at a time (the home page, a live score): web process 1, Varnish and the
 *   static baseline of bench:web (the same bytes from a bare node:http server), taking turns;
 * - Varnish's own counters over the proxy runs: the hit ratio, the requests that reached the web
 *   processes, and the purges (bans) the worker's writes caused meanwhile;
 * - purge to fresh: how long after web process 1 answers a new live score the proxy answers it,
 *   over the worker's live ticks (every 15 s of the replayed clock);
 * - a rolling restart of both web processes under a steady load through the proxy: failed and
 *   5xx answers.
 *
 * The topology runs on CPU 0 and this process (the load generator) on CPU 1 when `taskset` is
 * available. Needs TEST_DATABASE_URL (or DATABASE_URL) and Varnish; a scratch database and roles
 * are created for the run and dropped after it.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startCluster, type Cluster } from "../../deploy/cluster";
import { varnishdPath } from "../../deploy/varnish-control";
import { LOAD_CORE, SERVER_CORE, canPin, describePinning, pinThisProcess } from "./cpu-pinning";
import { measureAtRate, measureThroughput, unexpectedAnswers, type ThroughputRun } from "./load";
import type { BenchOptions } from "./options";
import { compareOneUrl } from "./proxy-one-url";
import { defaultFootballDataDir, freePort, waitForData } from "./site-process";
import { formatLoadAverage, formatMs, formatRatio, median, min, table } from "./stats";
import { BROWSER_ENCODING, browserHeaders, discoverTargets, saturdaySequence, visitorHeaders } from "./targets";

/** Varnish's counters the report reads (`varnishstat -1 -j`). */
interface VarnishCounters {
  hits: number;
  misses: number;
  passes: number;
  backendRequests: number;
  bans: number;
}

function varnishCounters(dir: string): VarnishCounters {
  const result = spawnSync("varnishstat", ["-n", dir, "-1", "-j"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`varnishstat failed: ${result.stderr}`);
  const json = JSON.parse(result.stdout) as { counters?: Record<string, { value: number }> } & Record<
    string,
    { value: number }
  >;
  const counters = json.counters ?? json;
  const value = (name: string) => counters[name]?.value ?? 0;
  return {
    hits: value("MAIN.cache_hit") + value("MAIN.cache_hit_grace"),
    misses: value("MAIN.cache_miss"),
    passes: value("MAIN.s_pass"),
    backendRequests: value("MAIN.backend_req"),
    bans: value("MAIN.bans_added"),
  };
}

function difference(after: VarnishCounters, before: VarnishCounters): VarnishCounters {
  return {
    hits: after.hits - before.hits,
    misses: after.misses - before.misses,
    passes: after.passes - before.passes,
    backendRequests: after.backendRequests - before.backendRequests,
    bans: after.bans - before.bans,
  };
}

async function bodyOf(url: string): Promise<string> {
  const response = await fetch(url, { headers: visitorHeaders(new URL(url).pathname) });
  return response.text();
}

/**
 * Polls the live scores of every match in play on web process 1 and through the proxy for
 * `durationS`: each time the origin's answer for one changes, the time until the proxy gives
 * the same answer.
 */
async function purgeToFresh(
  origin: string,
  proxy: string,
  livePaths: readonly string[],
  durationS: number,
): Promise<number[]> {
  const delays: number[] = [];
  const end = performance.now() + durationS * 1000;
  const known = new Map<string, string>();
  for (const livePath of livePaths) known.set(livePath, await bodyOf(`${origin}${livePath}`));
  while (performance.now() < end) {
    for (const livePath of livePaths) {
      const now = await bodyOf(`${origin}${livePath}`);
      if (now === known.get(livePath)) continue;
      const changedAt = performance.now();
      known.set(livePath, now);
      for (;;) {
        if ((await bodyOf(`${proxy}${livePath}`)) === now) {
          delays.push(performance.now() - changedAt);
          break;
        }
        if (performance.now() - changedAt > 30_000) {
          delays.push(Number.POSITIVE_INFINITY);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return delays;
}

async function dropScratch(serverUrl: string, database: string, roles: { owner: string; app: string }): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.unsafe(`drop role if exists ${roles.app}`);
    await admin.unsafe(`drop role if exists ${roles.owner}`);
  } finally {
    await admin.end();
  }
}

export async function runProxyBench(options: BenchOptions): Promise<void> {
  if (!options.serverUrl)
    throw new Error(
      "--proxy: set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres",
    );
  if (spawnSync(varnishdPath(), ["-V"], { stdio: "ignore" }).status !== 0)
    throw new Error("--proxy: Varnish is not installed (apt-get install varnish)");
  const suffix = randomBytes(4).toString("hex");
  const database = `bench_proxy_${suffix}`;
  const roles = { owner: `bench_owner_${suffix}`, app: `bench_app_${suffix}` };
  const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-proxy-"));
  const token = randomBytes(16).toString("hex");
  const startedAt = Date.now();
  const ports = [await freePort(), await freePort(), await freePort()];
  console.log(
    `bench:web --proxy: Varnish in front of two web processes and the worker, on PostgreSQL (load average ${formatLoadAverage(os.loadavg())})`,
  );
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      adminUrl: options.serverUrl,
      database,
      roles,
      webPorts: ports.slice(0, 2),
      proxyPort: ports[2],
      worker: true,
      workDir,
      proxyMemoryMb: 256,
      env: {
        FOOTBALL_DATA_DIR: defaultFootballDataDir(),
        CLOCK: process.env.CLOCK,
        INTERNAL_PAGES_TOKEN: token,
        // One client sends thousands of requests a second: no rate limits.
        RATE_LIMIT_READS_PER_MINUTE: "0",
        RATE_LIMIT_WRITES_PER_MINUTE: "0",
      },
    });
    const [web1] = cluster.webUrls;
    const proxy = cluster.proxyUrl;
    await waitForData(
      { origin: web1, internalToken: token, startedAt },
      {
        progress: (p) =>
          console.log(
            `  waiting for the worker's start-up run: ${p.elapsedS} s, ${p.doneSinceStart} jobs done${p.running.length ? `, running ${p.running.join(", ")}` : ""}`,
          ),
      },
    );
    let pinned = false;
    if (canPin()) {
      pinned = pinThisProcess(LOAD_CORE);
      for (const pid of Object.values(cluster.pids()))
        spawnSync("taskset", ["-a", "-c", "-p", String(SERVER_CORE), String(pid)], { stdio: "ignore" });
    }
    console.log(`  ${describePinning(pinned)}`);

    const targets = await discoverTargets(proxy);
    for (const note of targets.notes) console.log(`  note: ${note}`);
    const sequence = saturdaySequence(targets.mix);
    for (const page of new Set(sequence)) {
      await bodyOf(`${proxy}${page}`);
      await bodyOf(`${web1}${page}`);
    }

    const direct: ThroughputRun[] = [];
    const proxied: ThroughputRun[] = [];
    const before = varnishCounters(cluster.varnishDir);
    let proxySeconds = 0;
    for (let round = 0; round < options.repeat; round++) {
      direct.push(
        await measureThroughput({
          origin: web1,
          paths: sequence,
          connections: options.connections,
          durationS: options.durationS,
          headersOf: browserHeaders,
        }),
      );
      const started = performance.now();
      proxied.push(
        await measureThroughput({
          origin: proxy,
          paths: sequence,
          connections: options.connections,
          durationS: options.durationS,
          headersOf: browserHeaders,
        }),
      );
      proxySeconds += (performance.now() - started) / 1000;
    }
    const counted = difference(varnishCounters(cluster.varnishDir), before);
    const lookups = counted.hits + counted.misses + counted.passes;
    const rate = (runs: ThroughputRun[]) => runs.map((r) => r.okPerSecond);

    console.log(
      `\nThe Saturday 15:00 mix, closed loop, each request accepting ${BROWSER_ENCODING} (answers/s, min and median of the rounds):`,
    );
    console.log(
      table(
        ["", "answers/s min", "answers/s median", "p50", "p99", "generator CPU", "other answers"],
        [
          [
            "web process 1 (its page cache)",
            min(rate(direct)).toFixed(0),
            median(rate(direct)).toFixed(0),
            formatMs(median(direct.map((r) => r.p50Ms))),
            formatMs(median(direct.map((r) => r.p99Ms))),
            `${Math.round(100 * median(direct.map((r) => r.generatorCpu)))}%`,
            unexpectedAnswers(direct[0].statuses) || "-",
          ],
          [
            "Varnish in front",
            min(rate(proxied)).toFixed(0),
            median(rate(proxied)).toFixed(0),
            formatMs(median(proxied.map((r) => r.p50Ms))),
            formatMs(median(proxied.map((r) => r.p99Ms))),
            `${Math.round(100 * median(proxied.map((r) => r.generatorCpu)))}%`,
            unexpectedAnswers(proxied[0].statuses) || "-",
          ],
          ["ratio (proxy / process)", "", formatRatio(median(rate(proxied)) / median(rate(direct))), "", "", "", ""],
        ],
      ),
    );
    console.log("(a generator CPU near 100% means the load generator, not the server, was the limit)");
    console.log(
      `\nVarnish over the proxy rounds (${proxySeconds.toFixed(0)} s): hit ratio ${((100 * counted.hits) / Math.max(1, lookups)).toFixed(3)}% ` +
        `(${counted.hits} hits, ${counted.misses} misses, ${counted.passes} passes); ${counted.backendRequests} requests reached the web processes ` +
        `(${(counted.hits / Math.max(1, counted.backendRequests)).toFixed(0)} hits per request to the site); ${counted.bans} purges from the worker's writes.`,
    );

    await compareOneUrl({
      web: web1,
      proxy,
      pages: [
        ["home page", "/", "text/html"],
        ["live score", targets.mix.live[0], "*/*"],
      ],
      workDir,
      rounds: options.repeat,
      durationS: options.durationS,
    });

    const livePaths = targets.mix.live;
    if (livePaths.length > 0) {
      const seconds = options.quick ? 35 : 75;
      console.log(
        `\nPurge to fresh: the live score of ${livePaths.length} matches in play polled on web process 1 and through the proxy for ${seconds} s...`,
      );
      const delays = await purgeToFresh(web1, proxy, livePaths, seconds);
      console.log(
        delays.length === 0
          ? "  no live tick changed the answer meanwhile"
          : `  ${delays.length} changes: the proxy had each ${delays.map((d) => formatMs(d)).join(", ")} after the web process (median ${formatMs(median(delays))})`,
      );
    } else {
      console.log("\nPurge to fresh: no match in play at the clock's moment; not measured.");
    }

    const steady = Math.max(100, Math.round(median(rate(proxied)) * 0.25));
    console.log(`\nRolling restart of both web processes under ${steady} requests/s of the mix through the proxy...`);
    const load = measureAtRate({
      origin: proxy,
      paths: sequence,
      rate: steady,
      durationS: 30,
      connections: 64,
      headersOf: browserHeaders,
    });
    const restartStarted = performance.now();
    await cluster.rollingRestart();
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    const run = await load;
    const failed =
      run.errors +
      Object.entries(run.statuses)
        .filter(([status]) => status.startsWith("5"))
        .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `  restart took ${restartSeconds.toFixed(1)} s; ${run.sent} requests sent, ${failed} failed (${unexpectedAnswers(run.statuses, run.errors) || "none"}), p99 ${formatMs(run.p99Ms)}`,
    );
  } finally {
    await cluster?.stop();
    rmSync(workDir, { recursive: true, force: true });
    await dropScratch(options.serverUrl, database, roles);
  }
}
