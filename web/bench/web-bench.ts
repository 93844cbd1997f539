/**
 * `npm run bench:web`: how fast the site answers, against a static server sending the same bytes.
 *
 * For each database (the embedded PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL
 * names a server, in a scratch database created for the run and dropped after it) the benchmark
 * starts the site (`web/start.ts`) and the worker that fills the database from FOOTBALL_DATA_DIR
 * (inside the site's process on the embedded database, in a process of its own on PostgreSQL,
 * as each runs by default), waits for its data, saves each measured page, serves those bytes from a
 * minimal node:http server (web/bench/static-server.ts) as the baseline, and measures:
 *
 * - throughput of repeated requests (cache hits once the site caches pages): answers/s, p50,
 *   p99, and the ratio to the static server, the servers taking turns, repeated; beside it, the
 *   ratio to a second static server that sends the site's header lines with the bytes (what the
 *   site's own work costs, apart from what Node costs to write those headers);
 * - the server time of a cache miss (a render on the request path: each request carries an
 *   Authorization header, which no cache answers or keeps), median;
 * - the server time of a 304 (If-None-Match with the page's ETag), median;
 * - a Saturday 15:00 mix of home, league and match pages and live-score polls, each request
 *   accepting compression as a browser's does (against a static server of the compressed bytes
 *   the site sent), while the worker's live ticks (every 15 s of the replayed clock) change the
 *   live pages:
 *   throughput, the highest steady request rate the site holds with p99 <= 200 ms, and the
 *   highest with p99 <= 50 ms as a share of the mix's flat-out rate;
 * - each page's HTML size and the share of it that is inline loader data, and the site
 *   process's resident size after the run.
 *
 * Server times come from the `Server-Timing` header (`total;dur=`) when the site sends it, else
 * from the time measured here. The servers run on CPU 0 and this process (the load generator) on
 * CPU 1 when `taskset` is available.
 *
 * Flags: --duration <s> (5), --connections <n> (16), --repeat <n> (3), --misses <n> (50),
 * --db pglite|postgres|both, --quick (a short smoke run).
 *
 * `--soak [seconds]` (600) runs the memory soak instead (web/bench/soak.ts): the site's resident
 * size under a steady load across thousands of distinct URLs, with a small page cache
 * (--cache-mb, 32), at --rate requests/s (300).
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LOAD_CORE, describePinning, pinThisProcess } from "./cpu-pinning";
import { printTargets, type DatabaseReport } from "./database-report";
import { closeProbeConnections } from "./http-probe";
import { measureThroughput } from "./load";
import { measureMix } from "./mix-figures";
import { parseBenchOptions, type BenchOptions } from "./options";
import { inlineLoaderDataShare } from "./inline-data";
import { measurePages } from "./page-figures";
import { loadSnapshot, saveSnapshot } from "./page-snapshot";
import { readProcessMemory } from "./process-memory";
import { runProxyBench } from "./proxy-bench";
import { runSoak } from "./soak";
import {
  ROOT,
  createScratchDatabase,
  defaultFootballDataDir,
  startSite,
  startStaticServer,
  waitForData,
  type DatabaseKind,
  type RunningSite,
  type RunningStaticServer,
  type ScratchDatabase,
} from "./site-process";
import { formatLoadAverage } from "./stats";
import { BROWSER_ENCODING, allPaths, browserHeaders, discoverTargets, mixPaths, saturdaySequence } from "./targets";

const CACHE_DIR = path.join(ROOT, ".cache/bench-web");

const log = (line = "") => console.log(line);

async function benchDatabase(database: DatabaseKind, options: BenchOptions, pinned: boolean): Promise<DatabaseReport> {
  const loadStart = os.loadavg();
  let scratch: ScratchDatabase | null = null;
  let site: RunningSite | null = null;
  let baseline: RunningStaticServer | null = null;
  let sameHeaders: RunningStaticServer | null = null;
  let mixBaseline: RunningStaticServer | null = null;
  try {
    if (database === "postgres") scratch = await createScratchDatabase(options.serverUrl!, "bench_web");
    const label =
      database === "postgres"
        ? `PostgreSQL (${scratch!.label}, created for this run; the worker in a process of its own, WORKER=separate)`
        : "PGlite (embedded, .cache/bench-web/pglite)";
    log(`\n=== ${label} ===`);
    log(`load average at start: ${formatLoadAverage(loadStart)}`);
    const footballDataDir = defaultFootballDataDir();
    if (!footballDataDir)
      log("FOOTBALL_DATA_DIR is not set and ../shared/data is missing: the worker reads the public origin");
    const startedAt = Date.now();
    site = await startSite({
      database,
      databaseUrl: scratch?.url,
      pgliteDataDir: path.join(CACHE_DIR, "pglite"),
      footballDataDir,
      logFile: path.join(CACHE_DIR, `site-${database}.log`),
      echo: (line) => log(`  [site] ${line}`),
      // As each kind runs by default: the embedded worker in the site's process; on PostgreSQL a worker of its own.
      worker: database === "postgres" ? "separate" : "embedded",
    });
    log(
      `site serving at ${site.origin} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s; waiting for its data (the first start fits the prediction engine: 1 to 3 minutes)`,
    );
    const { failedJobs } = await waitForData(site, {
      progress: (p) =>
        log(
          `  ${p.elapsedS} s: ${p.doneSinceStart} job runs since start${p.running.length ? `, running: ${p.running.join(", ")}` : ""}${p.failed.length ? `, failed: ${p.failed.join(", ")}` : ""}`,
        ),
    });
    log(
      `data ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s${failedJobs.length ? `; failed jobs: ${failedJobs.join(", ")}` : ""}`,
    );

    const targets = await discoverTargets(site.origin);
    for (const note of targets.notes) log(`note: ${note}`);
    const snapshotDir = path.join(CACHE_DIR, `pages-${database}`);
    const snapshot = await saveSnapshot(site.origin, allPaths(targets), snapshotDir);
    const notOk = snapshot.filter((e) => e.status !== 200);
    if (notOk.length)
      log(`note: saved answers that are not 200: ${notOk.map((e) => `${e.path} ${e.status}`).join(", ")}`);
    log(`saved ${snapshot.length} pages in ${path.relative(ROOT, snapshotDir)}`);
    baseline = await startStaticServer(snapshotDir);
    sameHeaders = await startStaticServer(snapshotDir, { siteHeaders: true });
    // The mix's pages as a browser gets them (compressed), for the mix's own static server.
    const mixSnapshotDir = path.join(CACHE_DIR, `mix-${database}`);
    await saveSnapshot(site.origin, mixPaths(targets), mixSnapshotDir, { "accept-encoding": BROWSER_ENCODING });
    mixBaseline = await startStaticServer(mixSnapshotDir);

    // Warm the servers (JIT, connections, the site's caches) on the whole mix.
    const warm = { paths: saturdaySequence(targets.mix), connections: options.connections, durationS: 2 };
    await measureThroughput({ origin: site.origin, ...warm });
    await measureThroughput({ origin: site.origin, ...warm, headersOf: browserHeaders });
    await measureThroughput({ origin: baseline.origin, ...warm });
    await measureThroughput({ origin: sameHeaders.origin, ...warm });
    await measureThroughput({ origin: mixBaseline.origin, ...warm, headersOf: browserHeaders });

    const inlineShares = new Map(
      loadSnapshot(snapshotDir).map(({ entry, body }) => [
        entry.path,
        entry.contentType.includes("text/html") ? inlineLoaderDataShare(body.toString("utf8")) : 0,
      ]),
    );
    const pages = await measurePages(
      site,
      baseline,
      sameHeaders,
      targets,
      options,
      new Map(snapshot.map((e) => [e.path, e.bytes])),
      inlineShares,
    );
    const mix = await measureMix(site, mixBaseline, targets, options);
    const memory = readProcessMemory(site.pid);
    const loadEnd = os.loadavg();
    const report: DatabaseReport = {
      database,
      label,
      loadStart,
      loadEnd,
      failedJobs,
      notes: targets.notes,
      pages,
      mix,
      rssAfter: memory?.rss ?? null,
      peakRss: memory?.peakRss ?? null,
    };
    printTargets(report, pinned);
    log(`load average at end: ${formatLoadAverage(loadEnd)}`);
    return report;
  } finally {
    await baseline?.stop();
    await sameHeaders?.stop();
    await mixBaseline?.stop();
    await site?.stop();
    closeProbeConnections();
    await scratch?.drop();
  }
}

async function main(): Promise<void> {
  const options = parseBenchOptions();
  if (options.soakS !== undefined) return runSoak(options);
  if (options.proxy) return runProxyBench(options);
  const pinned = pinThisProcess(LOAD_CORE);
  const loadStart = os.loadavg();
  log(`bench:web: ${options.databases.join(" and ")}; ${describePinning(pinned)}; ${os.cpus().length} cores`);
  log(
    `load average at start: ${formatLoadAverage(loadStart)}${options.quick ? " (quick run: short measurements, not for comparison)" : ""}`,
  );
  const reports: DatabaseReport[] = [];
  for (const database of options.databases) reports.push(await benchDatabase(database, options, pinned));
  const loadEnd = os.loadavg();
  writeFileSync(
    path.join(CACHE_DIR, "results.json"),
    `${JSON.stringify({ options: { ...options, serverUrl: undefined }, pinned, loadStart, loadEnd, reports }, null, 2)}\n`,
  );
  log(
    `\nload average at end: ${formatLoadAverage(loadEnd)}; figures in ${path.relative(ROOT, path.join(CACHE_DIR, "results.json"))}`,
  );
}

main().catch((error: unknown) => {
  console.error(`bench:web: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
