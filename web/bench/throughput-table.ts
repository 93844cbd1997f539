/**
 * How the web benchmark sums up and prints throughput runs: the median and lowest answers a
 * second, the statuses and cache verdicts over the runs, the load generator's busiest run, and a
 * table row comparing the site with the static server sending the same bytes.
 */
import {
  GENERATOR_SATURATED,
  describeCache,
  unexpectedAnswers,
  type CacheCounts,
  type StatusCounts,
  type ThroughputRun,
} from "./load";
import { formatCount, formatMs, formatRatio, median, min } from "./stats";

export function throughputCells(runs: ThroughputRun[]): { median: number; min: number } {
  const rates = runs.map((r) => r.okPerSecond);
  return { median: median(rates), min: min(rates) };
}

function summedStatuses(runs: ThroughputRun[]): string {
  const statuses: StatusCounts = {};
  let errors = 0;
  let timeouts = 0;
  for (const run of runs) {
    for (const [status, n] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    errors += run.errors;
    timeouts += run.timeouts;
  }
  return unexpectedAnswers(statuses, errors, timeouts);
}

function summedCache(runs: ThroughputRun[]): CacheCounts {
  const cache: CacheCounts = {};
  for (const run of runs)
    for (const [verdict, n] of Object.entries(run.cache)) cache[verdict] = (cache[verdict] ?? 0) + n;
  return cache;
}

export function printThroughputRow(label: string, site: ThroughputRun[], stat: ThroughputRun[]): string[] {
  const s = throughputCells(site);
  const b = throughputCells(stat);
  const other = [
    summedStatuses(site) && `site ${summedStatuses(site)}`,
    summedStatuses(stat) && `static ${summedStatuses(stat)}`,
  ]
    .filter(Boolean)
    .join("; ");
  return [
    label,
    `${formatCount(s.median)} [${formatCount(s.min)}]`,
    formatMs(median(site.map((r) => r.p50Ms))),
    formatMs(median(site.map((r) => r.p99Ms))),
    `${formatCount(b.median)} [${formatCount(b.min)}]`,
    formatRatio(s.median / b.median),
    describeCache(summedCache(site)),
    `${generatorLoad(site)}/${generatorLoad(stat)}`,
    other || "-",
  ];
}

/** The load generator's busiest run, "98%!" when it may have been the limit. */
export function generatorLoad(runs: { generatorCpu: number }[]): string {
  const busiest = Math.max(...runs.map((r) => r.generatorCpu));
  return `${Math.round(busiest * 100)}%${busiest >= GENERATOR_SATURATED ? "!" : ""}`;
}

export const THROUGHPUT_HEADER = [
  "page",
  "site 2xx/s med [min]",
  "p50 ms",
  "p99 ms",
  "static 2xx/s med [min]",
  "site/static",
  "site cache",
  "load gen CPU site/static",
  "other answers",
];

export const GENERATOR_NOTE = `load gen CPU: the load generator's use of its core in the busiest run; "!" (>= ${GENERATOR_SATURATED * 100}%): it may have been the limit, and that throughput is a lower bound`;
