/**
 * `npm run bench:web`: how fast the site answers, against a static server sending the same bytes.
 *
 * For each database (the embedded PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL
 * names a server, in a scratch database created for the run and dropped after it) the benchmark
 * starts the site (`web/start.ts`, the worker inside it filling the database from
 * FOOTBALL_DATA_DIR), waits for its data, saves each measured page, serves those bytes from a
 * minimal node:http server (web/bench/static-server.ts) as the baseline, and measures:
 *
 * - throughput of repeated requests (cache hits once the site caches pages): answers/s, p50,
 *   p99, and the ratio to the static server, site and static interleaved, repeated;
 * - the server time of a cache miss (a distinct ?v= per request, part of the cache key), median;
 * - the server time of a 304 (If-None-Match with the page's ETag), median;
 * - a Saturday 15:00 mix of home, league and match pages and live-score polls, while the
 *   embedded worker's live ticks (every 15 s of the replayed clock) change the live pages:
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
import { closeProbeConnections, probe } from "./http-probe";
import {
  GENERATOR_SATURATED,
  describeCache,
  measureAtRate,
  measureThroughput,
  unexpectedAnswers,
  type PacedRun,
  type ThroughputRun,
} from "./load";
import { parseBenchOptions, type BenchOptions } from "./options";
import { inlineLoaderDataShare } from "./inline-data";
import { loadSnapshot, saveSnapshot } from "./page-snapshot";
import { readProcessMemory } from "./process-memory";
import { runProxyBench } from "./proxy-bench";
import { runSoak } from "./soak";
import { measureMisses, measureNotModified, type ServerTimeFigure } from "./server-time-probes";
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
import { formatCount, formatLoadAverage, formatMs, formatRatio, table } from "./stats";
import {
  SATURDAY_MIX,
  allPaths,
  discoverTargets,
  saturdaySequence,
  visitorHeaders,
  type PageTarget,
  type Targets,
} from "./targets";
import {
  GENERATOR_NOTE,
  generatorLoad,
  printThroughputRow,
  THROUGHPUT_HEADER,
  throughputCells,
} from "./throughput-table";

const CACHE_DIR = path.join(ROOT, ".cache/bench-web");
/** The Saturday mix must answer 99% of requests within this. */
const P99_LIMIT_MS = 200;
/** The stricter bound: the highest steady rate with p99 within it, against the mix's flat-out rate. */
const P99_STEADY_MS = 50;
/** That rate should be at least this share of the mix's flat-out (closed-loop) rate. */
const STEADY_SHARE_TARGET = 0.8;
/** Cached pages and the live endpoint must reach this share of the static server's throughput. */
const THROUGHPUT_RATIO_TARGET = 0.5;
/** A 304 must take less than this on the server. */
const NOT_MODIFIED_LIMIT_MS = 1;

interface PageFigures {
  target: PageTarget;
  bytes: number;
  /** The share of the HTML that is inline loader data (0 for JSON answers). */
  inlineDataShare: number;
  /** The cache's verdict on a repeated request, before the throughput runs. */
  warmCache: string;
  site: ThroughputRun[];
  static: ThroughputRun[];
  miss: ServerTimeFigure;
  notModified: ServerTimeFigure;
}

interface MixFigures {
  site: ThroughputRun[];
  static: ThroughputRun[];
  steps: PacedRun[];
  highestHeld: PacedRun | null;
  /** The highest step with p99 <= P99_STEADY_MS and no errors. */
  highestWithin50: PacedRun | null;
  /** The first step not held had the load generator at its limit: the site may hold more. */
  generatorBound: boolean;
}

interface DatabaseReport {
  database: DatabaseKind;
  label: string;
  loadStart: number[];
  loadEnd: number[];
  failedJobs: string[];
  notes: string[];
  pages: PageFigures[];
  mix: MixFigures | null;
  /** The site process's resident size after the run, bytes (null: not readable). */
  rssAfter: number | null;
  peakRss: number | null;
}

const log = (line = "") => console.log(line);

async function measurePages(
  site: RunningSite,
  baseline: RunningStaticServer,
  targets: Targets,
  options: BenchOptions,
  sizes: Map<string, number>,
  inlineShares: Map<string, number>,
) {
  const pages: PageFigures[] = [];
  log(
    `\nThroughput of repeated requests (${options.connections} connections, ${options.durationS} s per run, ${options.repeat} run(s) each, site and static interleaved)`,
  );
  const rows: string[][] = [];
  for (const target of targets.pages) {
    await probe(`${site.origin}${target.path}`, visitorHeaders(target.path));
    const again = await probe(`${site.origin}${target.path}`, visitorHeaders(target.path));
    const warmCache = again.serverTiming.cache ?? "-";
    const siteRuns: ThroughputRun[] = [];
    const staticRuns: ThroughputRun[] = [];
    for (let rep = 0; rep < options.repeat; rep++) {
      const run = { paths: [target.path], connections: options.connections, durationS: options.durationS };
      siteRuns.push(await measureThroughput({ origin: site.origin, ...run }));
      staticRuns.push(await measureThroughput({ origin: baseline.origin, ...run }));
    }
    const row = printThroughputRow(`${target.label} ${target.path}`, siteRuns, staticRuns);
    rows.push(row);
    log(
      `  ${row[0]}: site ${row[1]}/s, p50 ${row[2]} ms, p99 ${row[3]} ms; static ${row[4]}/s; ratio ${row[5]}; cache ${row[6]}; load gen CPU ${row[7]}${row[8] !== "-" ? `; ${row[8]}` : ""}`,
    );
    pages.push({
      target,
      bytes: sizes.get(target.path) ?? 0,
      inlineDataShare: inlineShares.get(target.path) ?? 0,
      warmCache,
      site: siteRuns,
      static: staticRuns,
      miss: { medianMs: Number.NaN, source: "client", samples: 0, statuses: {}, cache: [] },
      notModified: { medianMs: Number.NaN, source: "client", samples: 0, statuses: {}, cache: [] },
    });
  }
  log(`\n${table(THROUGHPUT_HEADER, rows)}\n${GENERATOR_NOTE}`);

  log(
    `\nServer time of a cache miss (median of ${options.misses}, a distinct ?v= each) and of a 304 (median of ${options.notModified})`,
  );
  for (const page of pages) {
    page.miss = await measureMisses(site.origin, page.target, options.misses);
    page.notModified = await measureNotModified(site.origin, page.target, options.notModified);
  }
  const timeRows = pages.map((p) => [
    `${p.target.label} ${p.target.path}`,
    formatCount(p.bytes),
    p.target.path.startsWith("/api/") ? "-" : `${(p.inlineDataShare * 100).toFixed(1)}%`,
    p.warmCache,
    `${formatMs(p.miss.medianMs)} (${p.miss.source})`,
    p.miss.cache.join("/") || "-",
    unexpectedAnswers(p.miss.statuses) || "-",
    p.notModified.note === "no ETag" ? "no ETag" : `${formatMs(p.notModified.medianMs)} (${p.notModified.source})`,
    p.notModified.note && p.notModified.note !== "no ETag"
      ? p.notModified.note
      : p.notModified.samples > 0
        ? `${p.notModified.samples} × 304`
        : "-",
  ]);
  log(
    table(
      [
        "page",
        "bytes",
        "inline data",
        "cache (repeat)",
        "miss ms",
        "cache (miss)",
        "miss: other answers",
        "304 ms",
        "304 answers",
      ],
      timeRows,
    ),
  );
  return pages;
}

async function measureMix(
  site: RunningSite,
  baseline: RunningStaticServer,
  targets: Targets,
  options: BenchOptions,
): Promise<MixFigures> {
  const sequence = saturdaySequence(targets.mix);
  const shares = Object.entries(SATURDAY_MIX)
    .map(([group, share]) => `${share}% ${group} (${targets.mix[group as keyof typeof SATURDAY_MIX].length} paths)`)
    .join(", ");
  log(`\nSaturday 15:00 mix: ${shares}`);
  const siteRuns: ThroughputRun[] = [];
  const staticRuns: ThroughputRun[] = [];
  for (let rep = 0; rep < options.repeat; rep++) {
    const run = { paths: sequence, connections: options.connections, durationS: options.durationS };
    siteRuns.push(await measureThroughput({ origin: site.origin, ...run }));
    staticRuns.push(await measureThroughput({ origin: baseline.origin, ...run }));
  }
  log(table(THROUGHPUT_HEADER, [printThroughputRow("mix, as fast as possible", siteRuns, staticRuns)]));

  // Rising steady rates from a third of the closed-loop throughput until p99 passes the limit.
  const capacity = throughputCells(siteRuns).median;
  const steps: PacedRun[] = [];
  let highestHeld: PacedRun | null = null;
  if (!(capacity > 0)) {
    log("  no 2xx answers in the mix: no steady-rate steps");
    return { site: siteRuns, static: staticRuns, steps, highestHeld, highestWithin50: null, generatorBound: false };
  }
  const increment = Math.max(1, capacity * (options.quick ? 0.2 : 0.1));
  // Up to about 2.5 times the closed-loop figure: a short closed-loop run can catch the cache mid-refresh.
  const maxSteps = options.quick ? 12 : 22;
  const stepSeconds = Math.max(options.durationS, options.quick ? 2 : 5);
  const held = (run: PacedRun) => run.p99Ms <= P99_LIMIT_MS && run.errors === 0 && !unexpectedAnswers(run.statuses);
  const describe = (run: PacedRun) =>
    `  ${formatCount(run.targetRate).padStart(6)} req/s: answered ${formatCount(run.achievedRate)}/s, p50 ${formatMs(run.p50Ms)} ms, p99 ${formatMs(run.p99Ms)} ms` +
    `${describeCache(run.cache) !== "-" ? `, cache ${describeCache(run.cache)}` : ""}, load gen CPU ${generatorLoad([run])}` +
    `${unexpectedAnswers(run.statuses, run.errors) ? `, ${unexpectedAnswers(run.statuses, run.errors)}` : ""} -> ${held(run) ? "held" : "not held"}` +
    `${
      Object.keys(run.missedPaths).length
        ? `; missed: ${Object.entries(run.missedPaths)
            .map(([p, n]) => `${p} ×${n}`)
            .join(", ")}`
        : ""
    }`;
  log(
    `Steady rates (open loop, evenly spaced, ${stepSeconds} s each, at most ${options.connections} in flight; held = p99 <= ${P99_LIMIT_MS} ms, no errors):`,
  );
  let rate = Math.max(1, Math.round(capacity * 0.3));
  for (let i = 0; i < maxSteps; i++) {
    const run = await measureAtRate({
      origin: site.origin,
      paths: sequence,
      rate,
      durationS: stepSeconds,
      connections: options.connections,
    });
    steps.push(run);
    log(describe(run));
    if (!held(run)) break;
    highestHeld = run;
    rate = Math.round(rate + increment);
  }
  // Not even the first step held: halve until one does.
  while (!highestHeld && rate > 1) {
    rate = Math.max(1, Math.floor(rate / 2));
    const run = await measureAtRate({
      origin: site.origin,
      paths: sequence,
      rate,
      durationS: stepSeconds,
      connections: options.connections,
    });
    steps.push(run);
    log(describe(run));
    if (held(run)) highestHeld = run;
  }
  const firstMissed = steps.find((run) => !held(run));
  if (!firstMissed) log("  every step held: the limit is above the last rate tried");
  const generatorBound = firstMissed !== undefined && firstMissed.generatorCpu >= GENERATOR_SATURATED;
  if (generatorBound) log("  the load generator was at its limit in the step not held: the site may hold more");
  const within50 = steps.filter(
    (run) => run.p99Ms <= P99_STEADY_MS && run.errors === 0 && !unexpectedAnswers(run.statuses),
  );
  const highestWithin50 = within50.reduce<PacedRun | null>(
    (best, run) => (best === null || run.targetRate > best.targetRate ? run : best),
    null,
  );
  return { site: siteRuns, static: staticRuns, steps, highestHeld, highestWithin50, generatorBound };
}

async function benchDatabase(database: DatabaseKind, options: BenchOptions, pinned: boolean): Promise<DatabaseReport> {
  const loadStart = os.loadavg();
  let scratch: ScratchDatabase | null = null;
  let site: RunningSite | null = null;
  let baseline: RunningStaticServer | null = null;
  try {
    if (database === "postgres") scratch = await createScratchDatabase(options.serverUrl!, "bench_web");
    const label =
      database === "postgres"
        ? `PostgreSQL (${scratch!.label}, created for this run)`
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

    // Warm both servers (JIT, connections, the site's caches) on the whole mix.
    const warm = { paths: saturdaySequence(targets.mix), connections: options.connections, durationS: 2 };
    await measureThroughput({ origin: site.origin, ...warm });
    await measureThroughput({ origin: baseline.origin, ...warm });

    const inlineShares = new Map(
      loadSnapshot(snapshotDir).map(({ entry, body }) => [
        entry.path,
        entry.contentType.includes("text/html") ? inlineLoaderDataShare(body.toString("utf8")) : 0,
      ]),
    );
    const pages = await measurePages(
      site,
      baseline,
      targets,
      options,
      new Map(snapshot.map((e) => [e.path, e.bytes])),
      inlineShares,
    );
    const mix = await measureMix(site, baseline, targets, options);
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
    await site?.stop();
    closeProbeConnections();
    await scratch?.drop();
  }
}

function check(
  name: string,
  value: number,
  limit: number,
  kind: "at least" | "at most" | "below",
  unit: string,
): string[] {
  const pass = kind === "at least" ? value >= limit : kind === "at most" ? value <= limit : value < limit;
  const sign = kind === "at least" ? ">=" : kind === "at most" ? "<=" : "<";
  const shown = unit === "ms" ? `${formatMs(value)} ms` : formatRatio(value);
  return [
    name,
    shown,
    `${sign} ${unit === "ms" ? `${limit} ms` : formatRatio(limit)}`,
    formatRatio(value / limit),
    Number.isFinite(value) ? (pass ? "pass" : "FAIL") : "n/a",
  ];
}

function printTargets(report: DatabaseReport, pinned: boolean): void {
  const rows: string[][] = [];
  for (const page of report.pages) {
    const ratio = throughputCells(page.site).median / throughputCells(page.static).median;
    rows.push(check(`${page.target.label}: throughput / static`, ratio, THROUGHPUT_RATIO_TARGET, "at least", "ratio"));
  }
  for (const page of report.pages) {
    if (page.target.missLimitMs === undefined) continue;
    rows.push(
      check(
        `${page.target.label}: miss (${page.miss.source})`,
        page.miss.medianMs,
        page.target.missLimitMs,
        "at most",
        "ms",
      ),
    );
  }
  for (const page of report.pages) {
    rows.push(
      check(
        `${page.target.label}: 304 (${page.notModified.note === "no ETag" ? "no ETag" : page.notModified.source})`,
        page.notModified.medianMs,
        NOT_MODIFIED_LIMIT_MS,
        "below",
        "ms",
      ),
    );
  }
  log(`\nTarget checks, ${report.label} (value / target: above 1 is better for throughput, below 1 for times)`);
  log(table(["check", "value", "target", "value/target", "result"], rows));
  const held = report.mix?.highestHeld;
  const cores = pinned ? 1 : os.cpus().length;
  log(
    held
      ? `Saturday 15:00 mix: highest steady rate held ${report.mix?.generatorBound ? "at least " : ""}${formatCount(held.targetRate)} req/s (p99 ${formatMs(held.p99Ms)} ms) on ${cores} core(s): ${formatCount(held.targetRate / cores)} req/s per core`
      : "Saturday 15:00 mix: no steady rate held",
  );
  const flatOut = report.mix ? throughputCells(report.mix.site).median : Number.NaN;
  const within50 = report.mix?.highestWithin50;
  log(
    within50
      ? `Saturday 15:00 mix: highest steady rate with p99 <= ${P99_STEADY_MS} ms ${formatCount(within50.targetRate)} req/s (p99 ${formatMs(within50.p99Ms)} ms), ${((within50.targetRate / flatOut) * 100).toFixed(0)}% of its flat-out ${formatCount(flatOut)} req/s (target at least ${STEADY_SHARE_TARGET * 100}%)`
      : `Saturday 15:00 mix: no steady rate with p99 <= ${P99_STEADY_MS} ms`,
  );
  const mb = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
  log(`site process after the run: ${mb(report.rssAfter)} resident (peak ${mb(report.peakRss)})`);
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
