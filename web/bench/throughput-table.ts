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
    `${serverLoad(site)}/${serverLoad(stat)}`,
    `${cpuPerAnswer(site)}/${cpuPerAnswer(stat)}`,
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
  "server CPU site/static",
  "CPU us/answer site/static",
  "other answers",
];

export const GENERATOR_NOTE = `load gen CPU: the load generator's use of its core in the busiest run; "!" (>= ${GENERATOR_SATURATED * 100}%): it may have been the limit, and that throughput is a lower bound
server CPU: the server's use of its core, median of the runs; well under 100%, the server had time to spare and the load generator (or whatever shared its core) was the limit
CPU us/answer: the server's CPU time per answer, median of the runs: what an answer costs each server, whoever was the limit`;

/** The median CPU time per answer of the runs, microseconds; null when it could not be measured. */
export function medianCpuPerAnswer(runs: ThroughputRun[]): number | null {
  const values = runs.map((r) => r.serverCpuUsPerAnswer).filter((v): v is number => v !== null);
  return values.length === 0 ? null : median(values);
}

function serverLoad(runs: ThroughputRun[]): string {
  const values = runs.map((r) => r.serverCpu).filter((v): v is number => v !== null);
  return values.length === 0 ? "n/a" : `${Math.round(median(values) * 100)}%`;
}

export function cpuPerAnswer(runs: ThroughputRun[]): string {
  const value = medianCpuPerAnswer(runs);
  return value === null ? "n/a" : value.toFixed(value < 100 ? 1 : 0);
}
