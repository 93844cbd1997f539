/**
 * `npm run bench:web -- --soak [seconds]`: the memory soak. Checks the target "resident size
 * stable (within 10%) over a 10-minute run across thousands of distinct URLs".
 *
 * The site starts as in the benchmark (web/bench/site-process.ts: its own PGlite directory,
 * .cache/bench-web/soak-pglite, or a scratch PostgreSQL database; rate limits off) with a small
 * page cache (PAGE_CACHE_MB, 32 unless --cache-mb says otherwise) so that entries are evicted
 * during the run, and with V8's --trace-gc so the JavaScript heap after each full collection can
 * be read from its log. Once its data is in, the distinct URLs are found on it
 * (web/bench/soak-urls.ts) and driven with a steady open-loop load: `--rate` requests a second
 * (300) at evenly spaced instants, at most `--connections` (16) in flight; a request due while
 * all are busy is skipped and counted, so a slow site is never sent a growing backlog. Nine in
 * ten requests cycle through the Saturday afternoon mix of web/bench/targets.ts (cached pages,
 * as a crowd sees them); the tenth walks through every distinct URL in a shuffled order, again
 * and again (cache misses, renders, evictions).
 *
 * Every 5 s: the site process's VmRSS (with VmHWM, RssAnon and RssFile) from /proc/{pid}/status,
 * its resident memory by kind of mapping from /proc/{pid}/smaps (WebAssembly memories, malloc
 * arenas, V8 heaps and other anonymous memory, files), and the cache's figures from /api-status.
 * The first 60 s (a fifth of a shorter run) are warm-up and left out; of the rest the report
 * gives the RSS at the window's start, its min, max and last, max/min - 1 against the 10% limit,
 * what each kind of mapping added, the main thread's V8 heap (live after full collections, and
 * reserved), the requests sent and skipped, the status codes (any 5xx fails the run) and the
 * cache's verdicts from Server-Timing. Figures go to .cache/bench-web/soak-results.json.
 *
 * `--heap-snapshots` also writes a V8 heap snapshot of the site at the start and at the end of
 * the measured window (into .cache/bench-web/soak-heap/; compare them with web/bench/heap-diff.ts
 * or Chrome DevTools); writing one pauses the site and leaves malloc arenas larger, so those
 * runs' RSS figures are not for the target.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LOAD_CORE, describePinning, pinThisProcess } from "./cpu-pinning";
import { closeProbeConnections } from "./http-probe";
import type { BenchOptions } from "./options";
import { processName, readMemoryMap, readPageCache, readProcessMemory } from "./process-memory";
import {
  ROOT,
  createScratchDatabase,
  defaultFootballDataDir,
  startSite,
  waitForData,
  type DatabaseKind,
  type RunningSite,
  type ScratchDatabase,
} from "./site-process";
import { shuffled, sleep, SoakLoad, SWEEP_SHARE, type Phase, type PhaseCounts } from "./soak-load";
import { readGcTrace, takeHeapSnapshot, type GcReading, type MemorySample } from "./soak-memory";
import {
  describeSample,
  log,
  mb,
  printSoakReport,
  procLoadavg,
  PROGRESS_INTERVAL_MS,
  RSS_STABILITY_LIMIT,
  serverErrorCount,
  type SoakReport,
} from "./soak-report";
import { discoverSoakUrls, type UrlGroup } from "./soak-urls";
import { formatCount, percentile } from "./stats";
import { discoverTargets, saturdaySequence } from "./targets";

const CACHE_DIR = path.join(ROOT, ".cache/bench-web");
const SAMPLE_INTERVAL_MS = 5_000;

async function soakDatabase(database: DatabaseKind, options: BenchOptions, durationS: number): Promise<SoakReport> {
  const warmupS = Math.min(60, durationS * 0.2);
  const loadStart = os.loadavg();
  const loadavgStart = procLoadavg();
  let scratch: ScratchDatabase | null = null;
  let site: RunningSite | null = null;
  let load: SoakLoad | null = null;
  try {
    if (database === "postgres") scratch = await createScratchDatabase(options.serverUrl!, "bench_soak");
    const label =
      database === "postgres"
        ? `PostgreSQL (${scratch!.label}, created for this run)`
        : "PGlite (embedded, .cache/bench-web/soak-pglite)";
    log(`\n=== memory soak, ${label} ===`);
    log(`/proc/loadavg at start: ${loadavgStart}`);
    log(
      `PAGE_CACHE_MB=${options.soakCacheMb}${options.soakCacheMb === 0 ? " (page cache off)" : ""}; RATE_LIMIT_READS_PER_MINUTE=0`,
    );
    const footballDataDir = defaultFootballDataDir();
    if (!footballDataDir)
      log("FOOTBALL_DATA_DIR is not set and ../shared/data is missing: the worker reads the public origin");
    const logFile = path.join(CACHE_DIR, `site-soak-${database}.log`);
    const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
    const heapDir = path.join(CACHE_DIR, "soak-heap");
    const nodeArgs = ["--trace-gc"];
    if (options.heapSnapshots) {
      mkdirSync(heapDir, { recursive: true });
      nodeArgs.push("--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${heapDir}`);
    }
    const startedAt = Date.now();
    site = await startSite({
      database,
      databaseUrl: scratch?.url,
      pgliteDataDir: path.join(CACHE_DIR, "soak-pglite"),
      footballDataDir,
      logFile,
      echo: (line) => log(`  [site] ${line}`),
      env: {
        PAGE_CACHE_MB: String(options.soakCacheMb),
        RATE_LIMIT_READS_PER_MINUTE: "0",
        RATE_LIMIT_WRITES_PER_MINUTE: "0",
      },
      nodeArgs,
    });
    const pid = site.pid;
    log(
      `site serving at ${site.origin} (pid ${pid}, ${processName(pid) ?? "?"}) after ${((Date.now() - startedAt) / 1000).toFixed(1)} s; waiting for its data`,
    );
    const { failedJobs } = await waitForData(site, {
      progress: (p) =>
        log(
          `  ${p.elapsedS} s: ${p.doneSinceStart} job runs since start${p.running.length ? `, running: ${p.running.join(", ")}` : ""}`,
        ),
    });
    log(
      `data ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s${failedJobs.length ? `; failed jobs: ${failedJobs.join(", ")}` : ""}`,
    );

    const targets = await discoverTargets(site.origin);
    const urls = await discoverSoakUrls(site.origin, targets);
    const byGroup = Object.fromEntries(
      Object.entries(urls.groups).map(([group, paths]) => [group, paths.length]),
    ) as Record<UrlGroup, number>;
    log(
      `${formatCount(urls.all.length)} distinct URLs: ` +
        Object.entries(byGroup)
          .map(([group, n]) => `${group} ${formatCount(n)}`)
          .join(", "),
    );
    log(
      `  matches of ${urls.previousSeason} and ${urls.currentSeason}: ${formatCount(urls.matchIds.count)} ids (${urls.matchIds.lowest} to ${urls.matchIds.highest}), each as /match/{id} and /api/matches/{id}; ${urls.clubs} clubs`,
    );
    for (const note of urls.notes) log(`  note: ${note}`);
    const hot = saturdaySequence(targets.mix);
    const sweep = shuffled(urls.all);
    const sweepRate = options.soakRate * SWEEP_SHARE;
    log(
      `load: ${formatCount(options.soakRate)} requests/s for ${durationS} s (warm-up ${warmupS} s left out), at most ${options.connections} in flight;` +
        ` ${100 - SWEEP_SHARE * 100}% Saturday mix (${new Set(hot).size} pages), ${SWEEP_SHARE * 100}% sweep of every URL (${formatCount(sweepRate)}/s: ${(
          (sweepRate * durationS) /
          urls.all.length
        ).toFixed(1)} passes)`,
    );
    log(`sampling the site's VmRSS every ${SAMPLE_INTERVAL_MS / 1000} s`);

    load = new SoakLoad(site.origin, hot, sweep, options.soakRate, options.connections);
    const samples: MemorySample[] = [];
    const heapSnapshots: string[] = [];
    const loadStartedAt = Date.now();
    const sample = async (phase: Phase): Promise<MemorySample> => {
      const memory = readProcessMemory(pid);
      const map = readMemoryMap(pid);
      const cache = options.soakCacheMb > 0 ? await readPageCache(site!.origin, site!.internalToken) : null;
      const totals = load!.totals();
      return { t: (Date.now() - loadStartedAt) / 1000, phase, memory, map, cache, ...totals };
    };
    samples.push(await sample("warm-up"));
    load.start();
    let lastProgress = 0;
    for (let k = 1; k * SAMPLE_INTERVAL_MS <= durationS * 1000; k++) {
      const wait = loadStartedAt + k * SAMPLE_INTERVAL_MS - Date.now();
      if (wait > 0) await sleep(wait);
      const elapsedS = (Date.now() - loadStartedAt) / 1000;
      if (load.phase === "warm-up" && elapsedS >= warmupS - 0.01) {
        if (options.heapSnapshots) {
          const file = await takeHeapSnapshot(pid, heapDir);
          if (file) heapSnapshots.push(path.join(heapDir, file));
          log(`  heap snapshot at the window's start: ${file ?? "not written"}`);
        }
        load.phase = "measured";
      }
      const s = await sample(load.phase);
      samples.push(s);
      if (!s.memory) throw new Error(`the site (pid ${pid}) is gone; see ${path.relative(ROOT, logFile)}`);
      if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS - 1_000) {
        lastProgress = Date.now();
        const previous = samples.find((p) => p.t >= s.t - PROGRESS_INTERVAL_MS / 1000 - 0.5) ?? samples[0];
        log(`  ${describeSample(s, previous === s ? samples[samples.length - 2] : previous)}`);
      }
    }
    if (options.heapSnapshots) {
      const file = await takeHeapSnapshot(pid, heapDir);
      if (file) heapSnapshots.push(path.join(heapDir, file));
      log(`  heap snapshot at the window's end: ${file ?? "not written"}`);
    }
    await load.stop();
    const loadEnd = os.loadavg();
    const loadavgEnd = procLoadavg();
    const gcTrace = readGcTrace(logFile, logOffset, pid, site.startedAt, loadStartedAt);
    for (const s of samples) {
      const before = gcTrace.main.filter((g) => g.t <= s.t);
      if (before.length) s.v8ReservedMb = before[before.length - 1].heapCommittedMb;
    }

    const measured = samples.filter((s) => s.phase === "measured" && s.memory);
    const rssValues = measured.map((s) => s.memory!.rss);
    const rss =
      rssValues.length > 0
        ? (() => {
            const minRss = Math.min(...rssValues);
            const maxRss = Math.max(...rssValues);
            const spread = maxRss / minRss - 1;
            return {
              startMb: mb(rssValues[0]),
              minMb: mb(minRss),
              maxMb: mb(maxRss),
              lastMb: mb(rssValues[rssValues.length - 1]),
              spread,
              drift: rssValues[rssValues.length - 1] / rssValues[0] - 1,
              within: spread <= RSS_STABILITY_LIMIT,
            };
          })()
        : null;
    const phaseFigures = (c: PhaseCounts) => {
      const { latenciesMs, ...rest } = c;
      return { ...rest, p50Ms: percentile(latenciesMs, 50), p99Ms: percentile(latenciesMs, 99) };
    };
    const counts = { "warm-up": phaseFigures(load.counts["warm-up"]), measured: phaseFigures(load.counts.measured) };
    const fiveHundreds = serverErrorCount(counts["warm-up"].statuses) + serverErrorCount(counts.measured.statuses);
    const report: SoakReport = {
      database,
      label,
      durationS,
      warmupS,
      cacheMb: options.soakCacheMb,
      rate: options.soakRate,
      connections: options.connections,
      loadStart,
      loadEnd,
      loadavgStart,
      loadavgEnd,
      urls: {
        total: urls.all.length,
        byGroup,
        currentSeason: urls.currentSeason,
        previousSeason: urls.previousSeason,
        matchIds: urls.matchIds,
        clubs: urls.clubs,
        notes: urls.notes,
      },
      sweep: {
        requested: load.requested.size,
        answeredOk: load.answeredOk.size,
        passes: ((counts["warm-up"].sent + counts.measured.sent) * SWEEP_SHARE) / urls.all.length,
      },
      samples,
      gc: gcTrace.main.filter((g) => g.kind === "full"),
      otherThreadsGc: gcTrace.others
        .map((readings) => readings.filter((g) => g.kind === "full").pop())
        .filter((g): g is GcReading => g !== undefined),
      counts,
      rss,
      serverErrors: Object.fromEntries(load.serverErrors),
      errorMessages: load.errorMessages,
      heapSnapshots,
      pass: rss !== null && rss.within && fiveHundreds === 0,
    };
    printSoakReport(report, samples);
    return report;
  } finally {
    await load?.stop();
    await site?.stop();
    closeProbeConnections();
    await scratch?.drop();
  }
}

/** Runs the soak on each database of the options, one after the other. */
export async function runSoak(options: BenchOptions): Promise<void> {
  const durationS = options.soakS!;
  const pinned = pinThisProcess(LOAD_CORE);
  log(
    `bench:web --soak ${durationS}: ${options.databases.join(" and ")}; ${describePinning(pinned)}; ${os.cpus().length} cores`,
  );
  const reports: SoakReport[] = [];
  for (const database of options.databases) reports.push(await soakDatabase(database, options, durationS));
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, "soak-results.json");
  writeFileSync(
    file,
    `${JSON.stringify({ options: { ...options, serverUrl: undefined }, pinned, reports }, null, 2)}\n`,
  );
  log(`\nfigures in ${path.relative(ROOT, file)}`);
  if (reports.some((r) => !r.pass)) process.exitCode = 1;
}
