/**
 * The report of one database's run in `npm run bench:web` (web-bench.ts): its figures, and the
 * checks of those figures against the targets, printed as a table with the mix's steady rates and
 * the site process's resident size.
 */
import os from "node:os";
import { P99_STEADY_MS, type MixFigures } from "./mix-figures";
import type { PageFigures } from "./page-figures";
import type { DatabaseKind } from "./site-process";
import { formatCount, formatMs, formatRatio, table } from "./stats";
import { medianCpuPerAnswer, throughputCells } from "./throughput-table";

/**
 * The highest steady rate with p99 <= P99_STEADY_MS should be at least this share of the mix's
 * flat-out (closed-loop) rate.
 */
const STEADY_SHARE_TARGET = 0.8;
/** Cached pages must reach this share of the static server's throughput. */
const THROUGHPUT_RATIO_TARGET = 0.5;
/** The live endpoint (286 bytes, asked for every 15 s by every open live page) must reach this share. */
const LIVE_API_RATIO_TARGET = 0.8;
/**
 * A cache miss's server time, every page type: the embedded database runs its queries on the
 * site's own thread, PostgreSQL in a server of its own.
 */
const MISS_LIMIT_MS: Record<DatabaseKind, number> = { postgres: 10, pglite: 15 };
/** The web process's resident size after the run: on PostgreSQL with the worker elsewhere, and embedded. */
const RSS_LIMIT_MB: Record<DatabaseKind, number> = { postgres: 250, pglite: 400 };
/** A 304 must take less than this on the server. */
const NOT_MODIFIED_LIMIT_MS = 1;

export interface DatabaseReport {
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

export function printTargets(report: DatabaseReport, pinned: boolean): void {
  const rows: string[][] = [];
  for (const page of report.pages) {
    const ratio = throughputCells(page.site).median / throughputCells(page.static).median;
    const target = page.target.kind === "live-api" ? LIVE_API_RATIO_TARGET : THROUGHPUT_RATIO_TARGET;
    rows.push(check(`${page.target.label}: throughput / static`, ratio, target, "at least", "ratio"));
    // The same comparison by what an answer costs each server: the throughput of a 286-byte answer
    // is the load generator's more than the server's on a machine this size.
    const siteCpu = medianCpuPerAnswer(page.site);
    const staticCpu = medianCpuPerAnswer(page.static);
    if (page.target.kind === "live-api" && siteCpu !== null && staticCpu !== null)
      rows.push(
        check(`${page.target.label}: CPU per answer, static / site`, staticCpu / siteCpu, target, "at least", "ratio"),
      );
  }
  // Not targets: the same comparison against a static server that sends the site's header lines,
  // which Node costs the same to write whoever sends them (static-server.ts --site-headers).
  for (const page of report.pages) {
    const ratio = throughputCells(page.site).median / throughputCells(page.sameHeaders).median;
    rows.push([
      `${page.target.label}: throughput / static with the site's headers`,
      formatRatio(ratio),
      "-",
      "-",
      "info",
    ]);
  }
  for (const page of report.pages) {
    if (!page.target.rendered) continue;
    rows.push(
      check(
        `${page.target.label}: miss (${page.miss.source})`,
        page.miss.medianMs,
        MISS_LIMIT_MS[report.database],
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
  // A slower step over the bound (a worker's write, a collection) is part of the peak too: say so.
  const slowerOver = within50
    ? (report.mix?.steps ?? []).filter((run) => run.targetRate < within50.targetRate && !(run.p99Ms <= P99_STEADY_MS))
    : [];
  if (slowerOver.length > 0)
    log(
      `  but ${slowerOver.length} slower step(s) had p99 > ${P99_STEADY_MS} ms: ${slowerOver.map((run) => `${formatCount(run.targetRate)} req/s p99 ${formatMs(run.p99Ms)} ms`).join(", ")}`,
    );
  const staticWithin50 = report.mix?.staticWithin50;
  if (report.mix && report.mix.staticSteps.length > 0)
    log(
      staticWithin50
        ? `  the static server of the same bytes at the same rates: highest with p99 <= ${P99_STEADY_MS} ms ${formatCount(staticWithin50.targetRate)} req/s (p99 ${formatMs(staticWithin50.p99Ms)} ms), ${((staticWithin50.targetRate / throughputCells(report.mix.static).median) * 100).toFixed(0)}% of its own flat-out; the site held ${within50 ? ((within50.targetRate / staticWithin50.targetRate) * 100).toFixed(0) : 0}% of the static server's rate`
        : `  the static server of the same bytes: no steady rate with p99 <= ${P99_STEADY_MS} ms`,
    );
  const mb = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
  const rssLimit = RSS_LIMIT_MB[report.database];
  const rssPass = report.rssAfter === null ? "n/a" : report.rssAfter <= rssLimit * 1024 * 1024 ? "pass" : "FAIL";
  log(
    `site process after the run: ${mb(report.rssAfter)} resident (peak ${mb(report.peakRss)}); target at most ${rssLimit} MB after the run: ${rssPass}`,
  );
}
