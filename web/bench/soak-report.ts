/**
 * The memory soak's report: the figures kept of one run (SoakReport, written to
 * soak-results.json), the RSS stability limit it is judged by, the progress and log lines
 * printed while it runs, and the tables and summary printed at its end.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describeCache, type CacheCounts, type StatusCounts } from "./load";
import { megabytes, type MemoryMap } from "./process-memory";
import { ROOT, type DatabaseKind } from "./site-process";
import type { Phase, PhaseCounts } from "./soak-load";
import type { GcReading, MemorySample } from "./soak-memory";
import type { SoakUrls } from "./soak-urls";
import { formatCount, formatLoadAverage, formatMs, median, table } from "./stats";

/** The product's target: max/min - 1 of the resident size over the measured window. */
export const RSS_STABILITY_LIMIT = 0.1;
/** Progress lines while the soak runs. */
export const PROGRESS_INTERVAL_MS = 30_000;

export const log = (line = "") => console.log(line);

export interface SoakReport {
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
  urls: {
    total: number;
    byGroup: Record<string, number>;
    currentSeason: string;
    previousSeason: string;
    matchIds: SoakUrls["matchIds"];
    clubs: number;
    notes: string[];
  };
  sweep: { requested: number; answeredOk: number; passes: number };
  samples: MemorySample[];
  /** Full collections of the main thread. */
  gc: GcReading[];
  /** The last full collection of each other thread (module loader, prediction engine). */
  otherThreadsGc: GcReading[];
  counts: Record<Phase, Omit<PhaseCounts, "latenciesMs"> & { p50Ms: number; p99Ms: number }>;
  rss: {
    startMb: number;
    minMb: number;
    maxMb: number;
    lastMb: number;
    spread: number;
    drift: number;
    within: boolean;
  } | null;
  serverErrors: Record<string, number>;
  errorMessages: string[];
  heapSnapshots: string[];
  pass: boolean;
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

export function procLoadavg(): string {
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

export function serverErrorCount(statuses: StatusCounts): number {
  return Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
}

export function describeSample(sample: MemorySample, previous: MemorySample | undefined): string {
  const m = sample.memory;
  const c = sample.cache;
  const seconds = previous ? sample.t - previous.t : sample.t;
  const rate = previous
    ? (sample.answered - previous.answered) / Math.max(0.001, seconds)
    : sample.answered / Math.max(0.001, seconds);
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

export function printSoakReport(report: SoakReport, samples: MemorySample[]): void {
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
  log(
    table(
      [
        "t s",
        "RSS MB",
        "wasm MB",
        "malloc MB",
        "V8+anon MB",
        "files MB",
        "V8 reserved MB",
        "V8 live MB",
        "cache pages",
        "cache MB",
        "evicted",
        "answers/s",
        "hits",
      ],
      rows,
    ),
  );
  log(
    "RSS by mapping (/proc/{pid}/smaps): wasm = WebAssembly memories (PGlite's engine), malloc = [heap] and thread arenas," +
      " V8+anon = other anonymous memory (every thread's V8 heap, buffers, stacks), files = binary and libraries." +
      " Main thread's V8 heap (--trace-gc): reserved after its latest collection, live = in use after its latest full collection (Mark-Compact).",
  );

  const m = report.counts.measured;
  const w = report.counts["warm-up"];
  const all = {
    sent: m.sent + w.sent,
    skipped: m.skipped + w.skipped,
    answered: m.answered + w.answered,
    errors: m.errors + w.errors,
  };
  const statuses: StatusCounts = {};
  const cache: CacheCounts = {};
  for (const c of [w, m]) {
    for (const [k, n] of Object.entries(c.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
    for (const [k, n] of Object.entries(c.cache)) cache[k] = (cache[k] ?? 0) + n;
  }
  const seconds = report.durationS - report.warmupS;
  log(
    `\nMemory soak, ${report.label}: ${report.durationS} s, PAGE_CACHE_MB=${report.cacheMb}, ${formatCount(report.rate)} requests/s offered, at most ${report.connections} in flight`,
  );
  log(
    `  URLs: ${formatCount(report.urls.total)} distinct; the sweep sent ${formatCount(report.sweep.requested)} of them (${report.sweep.passes.toFixed(2)} passes), ${formatCount(report.sweep.answeredOk)} answered below 400`,
  );
  log(
    `  requests: ${formatCount(all.sent)} sent (${formatCount(m.sent)} in the measured window, ${formatCount(m.sent / seconds)}/s), ${formatCount(all.skipped)} skipped while ${report.connections} were in flight, ${formatCount(all.errors)} errors`,
  );
  log(`  status codes: ${statusLine(statuses)}; measured window: ${statusLine(m.statuses)}`);
  log(
    `  page cache (Server-Timing): ${Object.entries(cache)
      .map(([k, n]) => `${k} ${formatCount(n)}`)
      .join(", ")} (${describeCache(cache)}); measured window: ${describeCache(m.cache)}`,
  );
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
    if (other)
      log(
        `  another thread's V8 heap (module loader or prediction engine) after its last full collection at ${Math.round(other.t)} s: ${other.heapAfterMb.toFixed(1)} MB (${other.heapCommittedMb.toFixed(1)} MB reserved)`,
      );
  }
  const first = measured[0]?.map;
  const last = measured[measured.length - 1]?.map;
  if (first && last) {
    const change = (key: keyof MemoryMap) =>
      `${megabytes(first[key])} -> ${megabytes(last[key])} MB (${last[key] >= first[key] ? "+" : ""}${megabytes(last[key] - first[key])})`;
    log(
      `  RSS by mapping, window start -> end: wasm ${change("wasm")}, malloc ${change("malloc")}, V8 and other anonymous ${change("otherAnon")}, files ${change("file")}`,
    );
  }
  if (report.errorMessages.length > 0) log(`  request errors, first: ${report.errorMessages.join("; ")}`);
  if (Object.keys(report.serverErrors).length > 0) {
    log(
      `  5xx answers, first URLs: ${Object.entries(report.serverErrors)
        .map(([p, s]) => `${p} ${s}`)
        .join(", ")}`,
    );
  }
  const rss = report.rss;
  if (rss) {
    log(
      `\n  RSS over the measured window (${measured.length} samples, ${report.warmupS} to ${report.durationS} s): start ${rss.startMb.toFixed(1)} MB, min ${rss.minMb.toFixed(1)} MB, max ${rss.maxMb.toFixed(1)} MB, last ${rss.lastMb.toFixed(1)} MB`,
    );
    log(
      `  max/min - 1 = ${(100 * rss.spread).toFixed(1)}% (limit ${RSS_STABILITY_LIMIT * 100}%): ${rss.within ? "within" : "NOT within"}; last/start - 1 = ${(100 * rss.drift).toFixed(1)}%`,
    );
    // The garbage collector's saw-tooth moves RSS within a minute; the minute's median shows the trend.
    const minutes = new Map<number, number[]>();
    for (const s of measured) {
      const minute = Math.floor((s.t - report.warmupS) / 60);
      minutes.set(minute, [...(minutes.get(minute) ?? []), s.memory!.rss]);
    }
    if (minutes.size > 1) {
      log(
        `  median RSS of each minute of the window: ${[...minutes.values()].map((values) => megabytes(median(values))).join(", ")} MB`,
      );
    }
  } else {
    log("\n  no RSS sample in the measured window");
  }
  const fiveHundreds = serverErrorCount(statuses);
  log(`  5xx answers: ${fiveHundreds}${fiveHundreds > 0 ? " (FAIL)" : ""}`);
  if (report.heapSnapshots.length)
    log(
      `  heap snapshots (RSS figures include writing them): ${report.heapSnapshots.map((f) => path.relative(ROOT, f)).join(", ")}`,
    );
  log(`  result: ${report.pass ? "pass" : "FAIL"}`);
  log(`/proc/loadavg at start: ${report.loadavgStart}; at end: ${report.loadavgEnd}`);
}
