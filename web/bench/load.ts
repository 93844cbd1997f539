/**
 * The two load generators of the web benchmark.
 *
 * - Throughput: a fixed number of keep-alive connections, each sending its next request as soon
 *   as the previous answer is in (closed loop): the most answers a server gives.
 * - Fixed rate: an open-loop generator that sends requests at evenly spaced instants whatever the
 *   server does, as independent visitors do, and times each answer from the instant it was due
 *   (so a server that falls behind is charged for the queue). autocannon's own rate option sends
 *   each connection's quota for the second in one burst at the start of the second, which
 *   measures bursts of concurrent requests rather than a steady rate.
 *
 * Both send their requests through a raw-socket client (load-client.ts). Through Node's own
 * client or autocannon, the generator spent more CPU per request than the site spends answering
 * it, and its own core, not the server, set the figures.
 */
import { readFileSync } from "node:fs";
import { LoadClient } from "./load-client";
import { parseServerTiming } from "./server-timing";
import { percentile } from "./stats";
import { visitorHeaders } from "./targets";

export interface StatusCounts {
  [status: string]: number;
}

/** The page cache's verdicts (Server-Timing cache;desc) over a run: { hit: 9800, miss: 3 }. */
export interface CacheCounts {
  [verdict: string]: number;
}

export interface ThroughputRun {
  /** 2xx answers per second (other answers, 429s say, are counted apart and not included). */
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  answers: number;
  statuses: StatusCounts;
  cache: CacheCounts;
  errors: number;
  timeouts: number;
  /** CPU time of this process (the load generator) over wall time: near 1, the generator was the limit. */
  generatorCpu: number;
  /** The server's CPU time over wall time (from /proc), when its process was named; below 1, it had time to spare. */
  serverCpu: number | null;
  /** The server's CPU time per answer, microseconds: what an answer costs it, whoever was the limit. */
  serverCpuUsPerAnswer: number | null;
}

/** Clock ticks per second of /proc/{pid}/stat's times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user and system), ms; null where /proc cannot say. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (name) ": state is field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Measures this process's CPU use over a stretch of wall time, as a share of one core. */
function cpuMeter(): () => number {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  return () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000 / Math.max(1, performance.now() - wall);
  };
}

/** A load generator using this much of its core may have been the limit rather than the server. */
export const GENERATOR_SATURATED = 0.9;

function countVerdict(cache: CacheCounts, serverTiming: string | string[] | undefined): void {
  const verdict = serverTiming === undefined ? "none" : (parseServerTiming(serverTiming).cache ?? "none");
  cache[verdict] = (cache[verdict] ?? 0) + 1;
}

/** "hit 99.8%, miss 0.2%", or "-" when the server sends no cache verdict. */
export function describeCache(cache: CacheCounts): string {
  const total = Object.values(cache).reduce((sum, n) => sum + n, 0);
  if (total === 0 || (cache.none ?? 0) === total) return "-";
  return Object.entries(cache)
    .sort((a, b) => b[1] - a[1])
    .map(([verdict, n]) => `${verdict} ${((100 * n) / total).toFixed(n === total ? 0 : 1)}%`)
    .join(", ");
}

/** Answers that are neither 2xx nor 304, and connection errors: "429×120, errors×3". */
export function unexpectedAnswers(statuses: StatusCounts, errors = 0, timeouts = 0): string {
  const parts = Object.entries(statuses)
    .filter(([status]) => !status.startsWith("2") && status !== "304")
    .map(([status, n]) => `${status}×${n}`);
  if (errors > 0) parts.push(`errors×${errors}`);
  if (timeouts > 0) parts.push(`timeouts×${timeouts}`);
  return parts.join(", ");
}

/** A request without an answer this long after it was sent counts as timed out. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * Drives `origin` for `durationS` seconds with `connections` requests in flight, each connection
 * sending its next request as soon as its answer is in; the requests walk through `paths` in
 * order (one path: every request the same).
 */
export async function measureThroughput(options: {
  origin: string;
  paths: readonly string[];
  connections: number;
  durationS: number;
  /** The server's process, to measure its CPU time over the run. */
  serverPid?: number;
  /** Each request's headers (default: a visitor's, asking for no compression: `visitorHeaders`). */
  headersOf?: (path: string) => Record<string, string>;
}): Promise<ThroughputRun> {
  const { origin, paths, connections, durationS, serverPid } = options;
  const client = new LoadClient({ origin, connections, headersOf: options.headersOf ?? visitorHeaders });
  const cache: CacheCounts = {};
  const statuses: StatusCounts = {};
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let inFlight = 0;
  let next = 0;
  const generatorCpu = cpuMeter();
  const serverCpuBefore = serverPid === undefined ? null : processCpuMs(serverPid);
  const started = performance.now();
  const endAt = started + durationS * 1000;
  await new Promise<void>((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      resolve();
    };
    const deadline = setTimeout(finish, durationS * 1000 + ANSWER_TIMEOUT_MS);
    const issue = () => {
      const path = paths[next % paths.length];
      next += 1;
      inFlight += 1;
      const sentAt = performance.now();
      client.get(path, (answer, at) => {
        if (finished) return;
        inFlight -= 1;
        if (answer === null) errors += 1;
        else {
          const status = String(answer.status);
          statuses[status] = (statuses[status] ?? 0) + 1;
          // The rate counts the answers within the run; those of the last requests, after it, are only timed.
          if (answer.status >= 200 && answer.status < 300 && at <= endAt) ok += 1;
          countVerdict(cache, answer.serverTiming);
          latencies.push(at - sentAt);
        }
        if (at < endAt) issue();
        else if (inFlight === 0) finish();
      });
    };
    for (let i = 0; i < connections; i++) issue();
  });
  const timeouts = inFlight;
  client.close();
  const answers = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const serverCpuAfter = serverPid === undefined ? null : processCpuMs(serverPid);
  const serverCpuMs =
    serverCpuBefore === null || serverCpuAfter === null ? null : Math.max(0, serverCpuAfter - serverCpuBefore);
  return {
    okPerSecond: ok / durationS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    answers,
    statuses,
    cache,
    errors,
    timeouts,
    generatorCpu: generatorCpu(),
    serverCpu: serverCpuMs === null ? null : serverCpuMs / Math.max(1, performance.now() - started),
    serverCpuUsPerAnswer: serverCpuMs === null || answers === 0 ? null : (serverCpuMs * 1000) / answers,
  };
}

export interface PacedRun {
  targetRate: number;
  /** Answers per second actually received over the run. */
  achievedRate: number;
  p50Ms: number;
  p99Ms: number;
  sent: number;
  statuses: StatusCounts;
  cache: CacheCounts;
  /** The paths the page cache answered as a miss (rendered on the request path), and how often. */
  missedPaths: Record<string, number>;
  /** Requests that failed or got no answer before the run's deadline. */
  errors: number;
  generatorCpu: number;
}

/**
 * Sends `rate` requests per second for `durationS` seconds, evenly spaced, cycling through
 * `paths`; at most `connections` requests are in flight, the rest wait in line (and their wait
 * counts). Answers still missing 10 s after the last request was due count as errors.
 */
export function measureAtRate(options: {
  origin: string;
  paths: readonly string[];
  rate: number;
  durationS: number;
  connections: number;
  /** Each request's headers (default: a visitor's, asking for no compression: `visitorHeaders`). */
  headersOf?: (path: string) => Record<string, string>;
}): Promise<PacedRun> {
  const { origin, paths, rate, durationS, connections } = options;
  const client = new LoadClient({ origin, connections, headersOf: options.headersOf ?? visitorHeaders });
  const total = Math.max(1, Math.round(rate * durationS));
  const spacing = 1000 / rate;
  const startAt = performance.now() + 20;
  const latencies: number[] = [];
  const statuses: StatusCounts = {};
  const cache: CacheCounts = {};
  const missedPaths: Record<string, number> = {};
  const generatorCpu = cpuMeter();
  let errors = 0;
  let sent = 0;
  let settled = 0;
  let answered = 0;
  let lastAnswerAt = startAt;

  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      client.close();
      const missing = sent - settled;
      errors += missing;
      // A request without an answer is as slow as it gets.
      for (let i = 0; i < missing; i++) latencies.push(Number.POSITIVE_INFINITY);
      resolve({
        targetRate: rate,
        achievedRate: answered / Math.max(0.001, (lastAnswerAt - startAt) / 1000),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        sent,
        statuses,
        cache,
        missedPaths,
        errors,
        generatorCpu: generatorCpu(),
      });
    };
    const deadline = setTimeout(finish, durationS * 1000 + 10_000 + 20);

    const settle = () => {
      settled += 1;
      if (settled === total) finish();
    };

    const send = (index: number, dueAt: number) => {
      sent += 1;
      const path = paths[index % paths.length];
      client.get(path, (answer, now) => {
        if (finished) return;
        if (answer === null) {
          errors += 1;
          latencies.push(Number.POSITIVE_INFINITY);
          settle();
          return;
        }
        lastAnswerAt = now;
        answered += 1;
        const status = String(answer.status);
        statuses[status] = (statuses[status] ?? 0) + 1;
        countVerdict(cache, answer.serverTiming);
        if (/cache;desc="?miss\b/.test(answer.serverTiming ?? "")) missedPaths[path] = (missedPaths[path] ?? 0) + 1;
        latencies.push(now - dueAt);
        settle();
      });
    };

    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && startAt + next * spacing <= now) {
        send(next, startAt + next * spacing);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, startAt + next * spacing - performance.now())));
    };
    setTimeout(tick, 20);
  });
}
