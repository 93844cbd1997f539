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
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { LOAD_CORE, describePinning, pinThisProcess } from "./cpu-pinning";
import { closeProbeConnections } from "./http-probe";
import { describeCache, type CacheCounts, type StatusCounts } from "./load";
import type { BenchOptions } from "./options";
import {
  megabytes,
  processName,
  readMemoryMap,
  readPageCache,
  readProcessMemory,
  type MemoryMap,
  type PageCacheReading,
  type ProcessMemory,
} from "./process-memory";
import { parseServerTiming } from "./server-timing";
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
import { discoverSoakUrls, type SoakUrls, type UrlGroup } from "./soak-urls";
import { formatCount, formatLoadAverage, formatMs, median, percentile, table } from "./stats";
import { discoverTargets, saturdaySequence, visitorHeaders } from "./targets";

const CACHE_DIR = path.join(ROOT, ".cache/bench-web");
/** The product's target: max/min - 1 of the resident size over the measured window. */
export const RSS_STABILITY_LIMIT = 0.1;
const SAMPLE_INTERVAL_MS = 5_000;
/** Progress lines while the soak runs. */
const PROGRESS_INTERVAL_MS = 30_000;
/** Share of requests walking through every distinct URL; the rest cycle through the Saturday mix. */
const SWEEP_SHARE = 0.1;
const REQUEST_TIMEOUT_MS = 30_000;

const log = (line = "") => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = "warm-up" | "measured";

interface PhaseCounts {
  sent: number;
  /** Due while every connection was busy: not sent. */
  skipped: number;
  answered: number;
  errors: number;
  statuses: StatusCounts;
  cache: CacheCounts;
  latenciesMs: number[];
  bytes: number;
}

function emptyCounts(): PhaseCounts {
  return { sent: 0, skipped: 0, answered: 0, errors: 0, statuses: {}, cache: {}, latenciesMs: [], bytes: 0 };
}

/** A reproducible shuffle (mulberry32), so two runs walk the URLs in the same order. */
function shuffled<T>(items: readonly T[], seed = 20260207): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The soak's load: `rate` requests a second at evenly spaced instants, at most `connections` in
 * flight (a request due while all are busy is skipped), every tenth from the sweep.
 */
class SoakLoad {
  phase: Phase = "warm-up";
  readonly counts: Record<Phase, PhaseCounts> = { "warm-up": emptyCounts(), measured: emptyCounts() };
  /** Distinct sweep URLs sent at least once, and those that answered 2xx or 3xx. */
  readonly requested = new Set<number>();
  readonly answeredOk = new Set<number>();
  /** URLs that answered 5xx, with their status (a few kept for the report). */
  readonly serverErrors = new Map<string, number>();
  /** The first connection errors and timeouts, for the report. */
  readonly errorMessages: string[] = [];
  private readonly agent: http.Agent;
  private inFlight = 0;
  private slot = 0;
  private hotIndex = 0;
  private sweepIndex = 0;
  private startedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private idle: (() => void) | null = null;

  constructor(
    private readonly origin: string,
    private readonly hot: readonly string[],
    private readonly sweep: readonly string[],
    private readonly rate: number,
    private readonly connections: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  start(): void {
    this.startedAt = performance.now();
    const spacing = 1000 / this.rate;
    const tick = () => {
      if (this.stopped) return;
      const due = Math.floor((performance.now() - this.startedAt) / spacing);
      while (this.slot < due) {
        this.slot += 1;
        if (this.inFlight >= this.connections) this.counts[this.phase].skipped += 1;
        else this.send();
      }
      this.timer = setTimeout(tick, Math.max(1, Math.min(5, spacing)));
    };
    tick();
  }

  private nextPath(): { path: string; sweepIndex: number | null } {
    const sent = this.counts["warm-up"].sent + this.counts.measured.sent;
    // Every (1 / SWEEP_SHARE)th request sent comes from the sweep.
    if (this.sweep.length > 0 && Math.floor((sent + 1) * SWEEP_SHARE) > Math.floor(sent * SWEEP_SHARE)) {
      const index = this.sweepIndex % this.sweep.length;
      this.sweepIndex += 1;
      return { path: this.sweep[index], sweepIndex: index };
    }
    const path = this.hot[this.hotIndex % this.hot.length];
    this.hotIndex += 1;
    return { path, sweepIndex: null };
  }

  private send(): void {
    const { path, sweepIndex } = this.nextPath();
    const counts = this.counts[this.phase];
    counts.sent += 1;
    if (sweepIndex !== null) this.requested.add(sweepIndex);
    this.inFlight += 1;
    const began = performance.now();
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idle?.();
    };
    const req = http.get(`${this.origin}${path}`, { agent: this.agent, headers: visitorHeaders(path), timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        counts.answered += 1;
        counts.bytes += bytes;
        counts.statuses[String(status)] = (counts.statuses[String(status)] ?? 0) + 1;
        const verdict = parseServerTiming(res.headers["server-timing"]).cache ?? "none";
        counts.cache[verdict] = (counts.cache[verdict] ?? 0) + 1;
        counts.latenciesMs.push(performance.now() - began);
        if (status >= 500 && this.serverErrors.size < 20) this.serverErrors.set(path, status);
        if (sweepIndex !== null && status < 400) this.answeredOk.add(sweepIndex);
        settle();
      });
      res.on("error", (error) => {
        counts.errors += 1;
        if (this.errorMessages.length < 5) this.errorMessages.push(`${path}: ${error.message}`);
        settle();
      });
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error) => {
      if (settled) return;
      counts.errors += 1;
      if (this.errorMessages.length < 5) this.errorMessages.push(`${path}: ${error.message}`);
      settle();
    });
  }

  /** Requests sent and answered so far, over both phases. */
  totals(): { sent: number; answered: number; hits: number; misses: number } {
    const both = [this.counts["warm-up"], this.counts.measured];
    return {
      sent: both.reduce((sum, c) => sum + c.sent, 0),
      answered: both.reduce((sum, c) => sum + c.answered, 0),
      hits: both.reduce((sum, c) => sum + (c.cache.hit ?? 0), 0),
      misses: both.reduce((sum, c) => sum + (c.cache.miss ?? 0), 0),
    };
  }

  /** Stops sending and waits (up to the request timeout) for the answers still out. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.inFlight > 0) {
      await Promise.race([new Promise<void>((resolve) => (this.idle = resolve)), sleep(REQUEST_TIMEOUT_MS + 1_000)]);
    }
    this.agent.destroy();
  }
}

interface MemorySample {
  /** Seconds since the load started. */
  t: number;
  phase: Phase;
  memory: ProcessMemory | null;
  /** Resident memory by kind of mapping (WebAssembly, malloc, V8 and other anonymous, files). */
  map: MemoryMap | null;
  cache: PageCacheReading | null;
  /** Main thread's V8 heap reserved after its latest collection before the sample (from --trace-gc, filled in at the end), MB. */
  v8ReservedMb?: number;
  sent: number;
  answered: number;
  hits: number;
  misses: number;
}

interface GcReading {
  /** Seconds since the load started. */
  t: number;
  /** Mark-Compact (full) or Scavenge / Minor Mark-Sweep (young generation). */
  kind: "full" | "minor";
  /** V8 heap in use when the collection started, MB. */
  heapBeforeMb: number;
  /** V8 heap in use after the collection, MB. */
  heapAfterMb: number;
  /** Heap reserved (committed) after it, MB. */
  heapCommittedMb: number;
}

const GC_LINE = /^\[(\d+):(0x[0-9a-f]+)\]\s+(\d+) ms: (Mark-Compact|Scavenge|Minor Mark-Sweep)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/;

/**
 * Collections of the site's main thread from its --trace-gc output (appended to `logFile`
 * from byte `from` on). Each isolate reports apart (the module loader's and the prediction
 * engine's threads have their own); the main thread's is the one collecting most often while the
 * load runs.
 */
function readGcTrace(logFile: string, from: number, pid: number, processStartedAt: number, loadStartedAt: number): { main: GcReading[]; others: GcReading[][] } {
  let text: string;
  try {
    text = readFileSync(logFile).subarray(from).toString("utf8");
  } catch {
    return { main: [], others: [] };
  }
  const byIsolate = new Map<string, GcReading[]>();
  for (const line of text.split("\n")) {
    const match = GC_LINE.exec(line);
    if (!match || Number(match[1]) !== pid) continue;
    const at = processStartedAt + Number(match[3]);
    const readings = byIsolate.get(match[2]) ?? [];
    const kind = match[4] === "Mark-Compact" ? "full" : "minor";
    readings.push({ t: (at - loadStartedAt) / 1000, kind, heapBeforeMb: Number(match[5]), heapAfterMb: Number(match[6]), heapCommittedMb: Number(match[7]) });
    byIsolate.set(match[2], readings);
  }
  const duringLoad = (readings: GcReading[]) => readings.filter((r) => r.t >= 0 && r.kind === "full").length;
  const [main = [], ...others] = [...byIsolate.values()].sort((a, b) => duringLoad(b) - duringLoad(a));
  return { main, others };
}

/** The last `bytes` bytes of a file, as text. */
function tail(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Sends SIGUSR2 (the site runs with --heapsnapshot-signal) and waits for the snapshot file to be complete. */
async function takeHeapSnapshot(pid: number, dir: string): Promise<string | null> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  let file: string | null = null;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await sleep(1_000);
    file ??= readdirSync(dir).find((name) => name.endsWith(".heapsnapshot") && !before.has(name)) ?? null;
    if (!file) continue;
    const size = statSync(path.join(dir, file)).size;
    // A snapshot ends with the strings table's closing brackets.
    if (size > 0 && size === lastSize && tail(path.join(dir, file), 8).includes("]}")) return file;
    lastSize = size;
  }
  return file;
}

interface SoakReport {
  database: DatabaseKind;
  label: string;
  durationS: number;
  warmupS: number;
  cacheMb: number;
  rate: number;
  connections: number;
  loadStart: number[];
  loadEnd: number[];
  loadavgStart: string;
  loadavgEnd: string;
  urls: { total: number; byGroup: Record<string, number>; currentSeason: string; previousSeason: string; matchIds: SoakUrls["matchIds"]; clubs: number; notes: string[] };
  sweep: { requested: number; answeredOk: number; passes: number };
  samples: MemorySample[];
  /** Full collections of the main thread. */
  gc: GcReading[];
  /** The last full collection of each other thread (module loader, prediction engine). */
  otherThreadsGc: GcReading[];
  counts: Record<Phase, Omit<PhaseCounts, "latenciesMs"> & { p50Ms: number; p99Ms: number }>;
  rss: { startMb: number; minMb: number; maxMb: number; lastMb: number; spread: number; drift: number; within: boolean } | null;
  serverErrors: Record<string, number>;
  errorMessages: string[];
  heapSnapshots: string[];
  pass: boolean;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function procLoadavg(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").trim();
  } catch {
    return formatLoadAverage(os.loadavg());
  }
}

function statusLine(statuses: StatusCounts): string {
  return Object.entries(statuses)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([status, n]) => `${status}×${formatCount(n)}`)
    .join(", ");
}

function serverErrorCount(statuses: StatusCounts): number {
  return Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
}

function describeSample(sample: MemorySample, previous: MemorySample | undefined): string {
  const m = sample.memory;
  const c = sample.cache;
  const seconds = previous ? sample.t - previous.t : sample.t;
  const rate = previous ? (sample.answered - previous.answered) / Math.max(0.001, seconds) : sample.answered / Math.max(0.001, seconds);
  const hits = sample.hits - (previous?.hits ?? 0);
  const misses = sample.misses - (previous?.misses ?? 0);
  const hitShare = hits + misses > 0 ? `${((100 * hits) / (hits + misses)).toFixed(0)}% hits` : "no verdicts";
  return (
    `${String(Math.round(sample.t)).padStart(5)} s  RSS ${m ? `${megabytes(m.rss)} MB` : "n/a"}` +
    `${sample.map ? ` (wasm ${megabytes(sample.map.wasm)}, malloc ${megabytes(sample.map.malloc)}, V8+anon ${megabytes(sample.map.otherAnon)}, files ${megabytes(sample.map.file)})` : ""}` +
    `; cache ${c ? `${formatCount(c.entries)} pages ${c.megabytes.toFixed(1)} MB, evicted ${formatCount(c.evicted)}, expired ${formatCount(c.expired)}` : "n/a"}` +
    `; ${formatCount(rate)} answers/s, ${hitShare}${sample.phase === "warm-up" ? " (warm-up)" : ""}`
  );
}

async function soakDatabase(database: DatabaseKind, options: BenchOptions, durationS: number): Promise<SoakReport> {
  const warmupS = Math.min(60, durationS * 0.2);
  const loadStart = os.loadavg();
  const loadavgStart = procLoadavg();
  let scratch: ScratchDatabase | null = null;
  let site: RunningSite | null = null;
  let load: SoakLoad | null = null;
  try {
    if (database === "postgres") scratch = await createScratchDatabase(options.serverUrl!, "bench_soak");
    const label = database === "postgres" ? `PostgreSQL (${scratch!.label}, created for this run)` : "PGlite (embedded, .cache/bench-web/soak-pglite)";
    log(`\n=== memory soak, ${label} ===`);
    log(`/proc/loadavg at start: ${loadavgStart}`);
    log(`PAGE_CACHE_MB=${options.soakCacheMb}${options.soakCacheMb === 0 ? " (page cache off)" : ""}; RATE_LIMIT_READS_PER_MINUTE=0`);
    const footballDataDir = defaultFootballDataDir();
    if (!footballDataDir) log("FOOTBALL_DATA_DIR is not set and ../shared/data is missing: the worker reads the public origin");
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
    log(`site serving at ${site.origin} (pid ${pid}, ${processName(pid) ?? "?"}) after ${((Date.now() - startedAt) / 1000).toFixed(1)} s; waiting for its data`);
    const { failedJobs } = await waitForData(site, {
      progress: (p) => log(`  ${p.elapsedS} s: ${p.doneSinceStart} job runs since start${p.running.length ? `, running: ${p.running.join(", ")}` : ""}`),
    });
    log(`data ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s${failedJobs.length ? `; failed jobs: ${failedJobs.join(", ")}` : ""}`);

    const targets = await discoverTargets(site.origin);
    const urls = await discoverSoakUrls(site.origin, targets);
    const byGroup = Object.fromEntries(Object.entries(urls.groups).map(([group, paths]) => [group, paths.length])) as Record<UrlGroup, number>;
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
      sweep: { requested: load.requested.size, answeredOk: load.answeredOk.size, passes: (counts["warm-up"].sent + counts.measured.sent) * SWEEP_SHARE / urls.all.length },
      samples,
      gc: gcTrace.main.filter((g) => g.kind === "full"),
      otherThreadsGc: gcTrace.others.map((readings) => readings.filter((g) => g.kind === "full").pop()).filter((g): g is GcReading => g !== undefined),
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

function printSoakReport(report: SoakReport, samples: MemorySample[]): void {
  const measured = samples.filter((s) => s.phase === "measured" && s.memory);
  log(`\nResident size of the site, every 30 s (measured window from ${report.warmupS} s):`);
  const rows: string[][] = [];
  let previous: MemorySample | undefined;
  for (const s of samples) {
    if (previous && s.t - previous.t < PROGRESS_INTERVAL_MS / 1000 - 0.5 && s !== samples[samples.length - 1]) continue;
    const gcBefore = report.gc.filter((g) => g.t <= s.t);
    const heap = gcBefore.length ? gcBefore[gcBefore.length - 1].heapAfterMb.toFixed(1) : "-";
    const c = s.cache;
    const answered = previous ? s.answered - previous.answered : s.answered;
    const hits = s.hits - (previous?.hits ?? 0);
    const misses = s.misses - (previous?.misses ?? 0);
    rows.push([
      `${Math.round(s.t)}${s.phase === "warm-up" ? " (warm-up)" : ""}`,
      s.memory ? megabytes(s.memory.rss) : "n/a",
      s.map ? megabytes(s.map.wasm) : "n/a",
      s.map ? megabytes(s.map.malloc) : "n/a",
      s.map ? megabytes(s.map.otherAnon) : "n/a",
      s.map ? megabytes(s.map.file) : "n/a",
      s.v8ReservedMb !== undefined ? s.v8ReservedMb.toFixed(1) : "-",
      heap,
      c ? formatCount(c.entries) : "-",
      c ? c.megabytes.toFixed(1) : "-",
      c ? formatCount(c.evicted) : "-",
      previous ? formatCount(answered / Math.max(0.001, s.t - previous.t)) : "-",
      hits + misses > 0 ? `${((100 * hits) / (hits + misses)).toFixed(0)}%` : "-",
    ]);
    previous = s;
  }
  log(table(["t s", "RSS MB", "wasm MB", "malloc MB", "V8+anon MB", "files MB", "V8 reserved MB", "V8 live MB", "cache pages", "cache MB", "evicted", "answers/s", "hits"], rows));
  log(
    "RSS by mapping (/proc/{pid}/smaps): wasm = WebAssembly memories (PGlite's engine), malloc = [heap] and thread arenas," +
      " V8+anon = other anonymous memory (every thread's V8 heap, buffers, stacks), files = binary and libraries." +
      " Main thread's V8 heap (--trace-gc): reserved after its latest collection, live = in use after its latest full collection (Mark-Compact).",
  );

  const m = report.counts.measured;
  const w = report.counts["warm-up"];
  const all = { sent: m.sent + w.sent, skipped: m.skipped + w.skipped, answered: m.answered + w.answered, errors: m.errors + w.errors };
  const statuses: StatusCounts = {};
  const cache: CacheCounts = {};
  for (const c of [w, m]) {
    for (const [k, n] of Object.entries(c.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
    for (const [k, n] of Object.entries(c.cache)) cache[k] = (cache[k] ?? 0) + n;
  }
  const seconds = report.durationS - report.warmupS;
  log(`\nMemory soak, ${report.label}: ${report.durationS} s, PAGE_CACHE_MB=${report.cacheMb}, ${formatCount(report.rate)} requests/s offered, at most ${report.connections} in flight`);
  log(`  URLs: ${formatCount(report.urls.total)} distinct; the sweep sent ${formatCount(report.sweep.requested)} of them (${report.sweep.passes.toFixed(2)} passes), ${formatCount(report.sweep.answeredOk)} answered below 400`);
  log(`  requests: ${formatCount(all.sent)} sent (${formatCount(m.sent)} in the measured window, ${formatCount(m.sent / seconds)}/s), ${formatCount(all.skipped)} skipped while ${report.connections} were in flight, ${formatCount(all.errors)} errors`);
  log(`  status codes: ${statusLine(statuses)}; measured window: ${statusLine(m.statuses)}`);
  log(`  page cache (Server-Timing): ${Object.entries(cache).map(([k, n]) => `${k} ${formatCount(n)}`).join(", ")} (${describeCache(cache)}); measured window: ${describeCache(m.cache)}`);
  log(`  latency in the measured window: p50 ${formatMs(m.p50Ms)} ms, p99 ${formatMs(m.p99Ms)} ms`);
  const lastCache = [...samples].reverse().find((s) => s.cache)?.cache;
  if (lastCache) {
    log(
      `  /api-status at the end: ${lastCache.hitRatePercent ?? "-"}% hit rate, holds ${formatCount(lastCache.entries)} pages, ${lastCache.megabytes.toFixed(1)} MB of ${lastCache.maxMegabytes.toFixed(1)} MB; ` +
        `dropped ${formatCount(lastCache.evicted)} to stay within memory, ${formatCount(lastCache.expired)} after a data change or their maximum age`,
    );
  }
  const windowGc = report.gc.filter((g) => g.t >= report.warmupS);
  if (windowGc.length > 0) {
    const heaps = windowGc.map((g) => g.heapAfterMb);
    const filled = windowGc.map((g) => g.heapBeforeMb);
    log(
      `  V8 heap after full collections in the window (${windowGc.length}): first ${heaps[0].toFixed(1)} MB, min ${Math.min(...heaps).toFixed(1)}, max ${Math.max(...heaps).toFixed(1)}, last ${heaps[heaps.length - 1].toFixed(1)} MB;` +
        ` each started with ${Math.min(...filled).toFixed(0)} to ${Math.max(...filled).toFixed(0)} MB in use, reserved ${windowGc[0].heapCommittedMb.toFixed(0)} -> ${windowGc[windowGc.length - 1].heapCommittedMb.toFixed(0)} MB`,
    );
  }
  for (const other of report.otherThreadsGc) {
    if (other) log(`  another thread's V8 heap (module loader or prediction engine) after its last full collection at ${Math.round(other.t)} s: ${other.heapAfterMb.toFixed(1)} MB (${other.heapCommittedMb.toFixed(1)} MB reserved)`);
  }
  const first = measured[0]?.map;
  const last = measured[measured.length - 1]?.map;
  if (first && last) {
    const change = (key: keyof MemoryMap) => `${megabytes(first[key])} -> ${megabytes(last[key])} MB (${last[key] >= first[key] ? "+" : ""}${megabytes(last[key] - first[key])})`;
    log(`  RSS by mapping, window start -> end: wasm ${change("wasm")}, malloc ${change("malloc")}, V8 and other anonymous ${change("otherAnon")}, files ${change("file")}`);
  }
  if (report.errorMessages.length > 0) log(`  request errors, first: ${report.errorMessages.join("; ")}`);
  if (Object.keys(report.serverErrors).length > 0) {
    log(`  5xx answers, first URLs: ${Object.entries(report.serverErrors).map(([p, s]) => `${p} ${s}`).join(", ")}`);
  }
  const rss = report.rss;
  if (rss) {
    log(
      `\n  RSS over the measured window (${measured.length} samples, ${report.warmupS} to ${report.durationS} s): start ${rss.startMb.toFixed(1)} MB, min ${rss.minMb.toFixed(1)} MB, max ${rss.maxMb.toFixed(1)} MB, last ${rss.lastMb.toFixed(1)} MB`,
    );
    log(`  max/min - 1 = ${(100 * rss.spread).toFixed(1)}% (limit ${RSS_STABILITY_LIMIT * 100}%): ${rss.within ? "within" : "NOT within"}; last/start - 1 = ${(100 * rss.drift).toFixed(1)}%`);
    // The garbage collector's saw-tooth moves RSS within a minute; the minute's median shows the trend.
    const minutes = new Map<number, number[]>();
    for (const s of measured) {
      const minute = Math.floor((s.t - report.warmupS) / 60);
      minutes.set(minute, [...(minutes.get(minute) ?? []), s.memory!.rss]);
    }
    if (minutes.size > 1) {
      log(`  median RSS of each minute of the window: ${[...minutes.values()].map((values) => megabytes(median(values))).join(", ")} MB`);
    }
  } else {
    log("\n  no RSS sample in the measured window");
  }
  const fiveHundreds = serverErrorCount(statuses);
  log(`  5xx answers: ${fiveHundreds}${fiveHundreds > 0 ? " (FAIL)" : ""}`);
  if (report.heapSnapshots.length) log(`  heap snapshots (RSS figures include writing them): ${report.heapSnapshots.map((f) => path.relative(ROOT, f)).join(", ")}`);
  log(`  result: ${report.pass ? "pass" : "FAIL"}`);
  log(`/proc/loadavg at start: ${report.loadavgStart}; at end: ${report.loadavgEnd}`);
}

/** Runs the soak on each database of the options, one after the other. */
export async function runSoak(options: BenchOptions): Promise<void> {
  const durationS = options.soakS!;
  const pinned = pinThisProcess(LOAD_CORE);
  log(`bench:web --soak ${durationS}: ${options.databases.join(" and ")}; ${describePinning(pinned)}; ${os.cpus().length} cores`);
  const reports: SoakReport[] = [];
  for (const database of options.databases) reports.push(await soakDatabase(database, options, durationS));
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, "soak-results.json");
  writeFileSync(file, `${JSON.stringify({ options: { ...options, serverUrl: undefined }, pinned, reports }, null, 2)}\n`);
  log(`\nfigures in ${path.relative(ROOT, file)}`);
  if (reports.some((r) => !r.pass)) process.exitCode = 1;
}
