/**
 * Each measured page's figures in `npm run bench:web` (web-bench.ts): throughput of repeated
 * requests against the static server's and against the static server sending the site's header
 * lines, the servers taking turns, then the server time of a cache miss and of a 304, with the
 * page's size and its share of inline loader data.
 */
import { probe } from "./http-probe";
import { measureThroughput, unexpectedAnswers, type ThroughputRun } from "./load";
import type { BenchOptions } from "./options";
import { QUIET_REFERENCE_MS, referenceRenderMs } from "./reference-render";
import { measureMisses, measureNotModified, type ServerTimeFigure } from "./server-time-probes";
import type { RunningSite, RunningStaticServer } from "./site-process";
import { formatCount, formatMs, table } from "./stats";
import { visitorHeaders, type PageTarget, type Targets } from "./targets";
import { cpuPerAnswer, GENERATOR_NOTE, printThroughputRow, THROUGHPUT_HEADER } from "./throughput-table";

export interface PageFigures {
  target: PageTarget;
  bytes: number;
  /** The share of the HTML that is inline loader data (0 for JSON answers). */
  inlineDataShare: number;
  /** The cache's verdict on a repeated request, before the throughput runs. */
  warmCache: string;
  site: ThroughputRun[];
  static: ThroughputRun[];
  /** The static server sending the site's header lines with the same bytes (static-server.ts --site-headers). */
  sameHeaders: ThroughputRun[];
  miss: ServerTimeFigure;
  notModified: ServerTimeFigure;
}

const log = (line = "") => console.log(line);

export async function measurePages(
  site: RunningSite,
  baseline: RunningStaticServer,
  sameHeaders: RunningStaticServer,
  targets: Targets,
  options: BenchOptions,
  sizes: Map<string, number>,
  inlineShares: Map<string, number>,
) {
  const pages: PageFigures[] = [];
  log(
    `\nThroughput of repeated requests (${options.connections} connections, ${options.durationS} s per run, ${options.repeat} run(s) each, the site and the static servers taking turns)`,
  );
  const rows: string[][] = [];
  for (const target of targets.pages) {
    await probe(`${site.origin}${target.path}`, visitorHeaders(target.path));
    const again = await probe(`${site.origin}${target.path}`, visitorHeaders(target.path));
    const warmCache = again.serverTiming.cache ?? "-";
    const siteRuns: ThroughputRun[] = [];
    const staticRuns: ThroughputRun[] = [];
    const sameHeadersRuns: ThroughputRun[] = [];
    for (let rep = 0; rep < options.repeat; rep++) {
      const run = { paths: [target.path], connections: options.connections, durationS: options.durationS };
      siteRuns.push(await measureThroughput({ origin: site.origin, serverPid: site.pid, ...run }));
      staticRuns.push(await measureThroughput({ origin: baseline.origin, serverPid: baseline.pid, ...run }));
      sameHeadersRuns.push(await measureThroughput({ origin: sameHeaders.origin, serverPid: sameHeaders.pid, ...run }));
    }
    const row = printThroughputRow(`${target.label} ${target.path}`, siteRuns, staticRuns);
    rows.push(row);
    log(
      `  ${row[0]}: site ${row[1]}/s, p50 ${row[2]} ms, p99 ${row[3]} ms; static ${row[4]}/s; ratio ${row[5]}; cache ${row[6]}; load gen CPU ${row[7]}; server CPU ${row[8]}; CPU us/answer ${row[9]}${row[10] !== "-" ? `; ${row[10]}` : ""}`,
    );
    const same = printThroughputRow(`${target.label} ${target.path}`, siteRuns, sameHeadersRuns);
    log(
      `    static with the site's header lines: ${same[4]}/s; site / that ${same[5]}; CPU us/answer ${cpuPerAnswer(sameHeadersRuns)}${same[10] !== "-" ? `; ${same[10]}` : ""}`,
    );
    pages.push({
      target,
      bytes: sizes.get(target.path) ?? 0,
      inlineDataShare: inlineShares.get(target.path) ?? 0,
      warmCache,
      site: siteRuns,
      static: staticRuns,
      sameHeaders: sameHeadersRuns,
      miss: { medianMs: Number.NaN, source: "client", samples: 0, statuses: {}, cache: [] },
      notModified: { medianMs: Number.NaN, source: "client", samples: 0, statuses: {}, cache: [] },
    });
  }
  log(`\n${table(THROUGHPUT_HEADER, rows)}\n${GENERATOR_NOTE}`);

  log(
    `\nServer time of a cache miss (median and fastest of ${options.misses} renders on the request path, the pages taking turns, each request one the cache may not answer: Authorization set) and of a 304 (median of ${options.notModified})`,
  );
  const referenceBefore = referenceRenderMs();
  const misses = await measureMisses(
    site.origin,
    pages.map((page) => page.target),
    options.misses,
  );
  const referenceAfter = referenceRenderMs();
  for (const page of pages) {
    page.miss = misses.get(page.target) ?? page.miss;
    page.notModified = await measureNotModified(site.origin, page.target, options.notModified);
  }
  const timeRows = pages.map((p) => [
    `${p.target.label} ${p.target.path}`,
    formatCount(p.bytes),
    p.target.path.startsWith("/api/") ? "-" : `${(p.inlineDataShare * 100).toFixed(1)}%`,
    p.warmCache,
    `${formatMs(p.miss.medianMs)} (${p.miss.source})`,
    p.miss.minMs === undefined ? "-" : formatMs(p.miss.minMs),
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
        "fastest miss",
        "cache (miss)",
        "miss: other answers",
        "304 ms",
        "304 answers",
      ],
      timeRows,
    ),
  );
  log(machineSpeedLine(referenceBefore, referenceAfter));
  return pages;
}

/** How fast the machine was around the miss probes, by the fixed reference render (reference-render.ts). */
function machineSpeedLine(before: number | null, after: number | null): string {
  if (before === null || after === null) return "machine speed: the reference render could not run";
  const slowest = Math.max(before, after) / QUIET_REFERENCE_MS;
  return (
    `machine speed around the miss probes: a fixed reference render took ${formatMs(before)} ms before them and ` +
    `${formatMs(after)} ms after (${formatMs(QUIET_REFERENCE_MS)} ms on a quiet machine): ` +
    (slowest >= 1.15
      ? `the machine ran up to ${slowest.toFixed(2)}x slower than a quiet one, and its misses read slower in proportion`
      : "about as fast as a quiet one")
  );
}
