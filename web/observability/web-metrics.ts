/**
 * The web process's metric families (see README, "Metrics and logs"): requests by route, method
 * and status with their durations; the page cache's answers, size and drops; the data versions
 * and how long ago each moved. What costs anything per request is only `HttpMetrics.observe` (a
 * map lookup and a few additions); everything else is read when Prometheus scrapes.
 */
import { Counter, Gauge, type Metric, type Registry } from "prom-client";
import { DATA_SCOPES, type ChangeTimes, type VersionVector } from "@shared/db/data-versions";
import { METRIC_PREFIX } from "@shared/observability/metrics";
import type { PageCache } from "../page-cache/page-cache";
import type { CacheOutcome } from "./cache-outcome";

/**
 * Request durations in seconds: a cached page takes a fraction of a millisecond, a render tens of
 * milliseconds, an answer to a stalled database about 2 s (web/outage.ts).
 */
const REQUEST_BUCKETS = [0.001, 0.005, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods counted by name; anything else is `other`, so a client cannot invent series. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface HttpMetrics {
  /** One answered request: `status` is the answer's code, or `aborted` when the client left first. */
  observe(
    route: string,
    method: string | undefined,
    status: string,
    seconds: number,
    cache: CacheOutcome | undefined,
  ): void;
}

/** One series of the request histogram: observations per bucket (not cumulative), their sum and count. */
interface DurationSeries {
  labels: Readonly<Record<"route" | "method" | "status", string>>;
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The request histogram, kept by hand and shown in prom-client's registry as any histogram. An
 * observation is three map lookups and a few additions: prom-client's own Histogram checks and
 * hashes the labels on every observation, four times the cost on the cached-page path.
 */
class RequestDurations {
  readonly type = "histogram";
  readonly aggregator = "sum";
  /** By route, method and status: three lookups of strings the process already has, no key to build. */
  private readonly series = new Map<string, Map<string, Map<string, DurationSeries>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  observe(route: string, method: string, status: string, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map<string, Map<string, DurationSeries>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<string, DurationSeries>()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { route, method, status },
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]) bucket++;
    series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /** What the registry writes: per series, the cumulative buckets (`le`), then `_sum` and `_count`. */
  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    const all = [...this.series.values()].flatMap((byMethod) =>
      [...byMethod.values()].flatMap((byStatus) => [...byStatus.values()]),
    );
    for (const { labels, buckets, sum, count } of all) {
      let cumulative = 0;
      for (let i = 0; i < buckets.length; i++) {
        cumulative += buckets[i];
        values.push({
          labels: { le: i < this.bounds.length ? this.bounds[i] : "+Inf", ...labels },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      }
      values.push({ labels: { ...labels }, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...labels }, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}

export function registerHttpMetrics(registry: Registry): HttpMetrics {
  const durations = new RequestDurations(
    `${METRIC_PREFIX}http_request_duration_seconds`,
    "Time from a request's arrival to the end of its answer, by route id, method and status",
    REQUEST_BUCKETS,
  );
  registry.registerMetric(durations as unknown as Metric);
  // Counted in plain numbers per answer, handed to prom-client when scraped.
  const answers: Record<CacheOutcome, number> = { hit: 0, miss: 0, bypass: 0, rerender: 0, stale: 0 };
  const counted: Record<CacheOutcome, number> = { hit: 0, miss: 0, bypass: 0, rerender: 0, stale: 0 };
  new Counter({
    name: `${METRIC_PREFIX}page_cache_requests_total`,
    help: "Answers through the page cache: hit (from memory), miss (rendered and stored), bypass (never cached: preview, internal pages, writes), rerender (the previous page while it is rendered again in the background), stale (the last good answer while the database is out of reach)",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      for (const outcome of CACHE_OUTCOMES) {
        this.inc({ outcome }, answers[outcome] - counted[outcome]);
        counted[outcome] = answers[outcome];
      }
    },
  });
  return {
    observe(route, method, status, seconds, cache) {
      durations.observe(route, method && KNOWN_METHODS.has(method) ? method : "other", status, seconds);
      if (cache) answers[cache]++;
    },
  };
}

const CACHE_OUTCOMES = ["hit", "miss", "bypass", "rerender", "stale"] as const satisfies readonly CacheOutcome[];

/** The page cache's size and drops, read from its own counters at each scrape. */
export function registerPageCacheMetrics(registry: Registry, cache: PageCache): void {
  new Gauge({
    name: `${METRIC_PREFIX}page_cache_bytes`,
    help: "Memory the cached pages hold, in bytes (bodies, their compressed forms and an estimate of the rest)",
    registers: [registry],
    collect() {
      this.set(cache.stats().bytes);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}page_cache_max_bytes`,
    help: "The page cache's memory bound (PAGE_CACHE_MB), in bytes",
    registers: [registry],
    collect() {
      this.set(cache.stats().maxBytes);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}page_cache_entries`,
    help: "Pages the cache holds",
    registers: [registry],
    collect() {
      this.set(cache.stats().entries);
    },
  });
  let counted = { expired: 0, evicted: 0 };
  new Counter({
    name: `${METRIC_PREFIX}page_cache_dropped_total`,
    help: "Cached pages dropped: expired (their data changed or they grew too old), evicted (to stay within the memory bound)",
    labelNames: ["reason"] as const,
    registers: [registry],
    collect() {
      const { expired, evicted } = cache.stats();
      this.inc({ reason: "expired" }, Math.max(0, expired - counted.expired));
      this.inc({ reason: "evicted" }, Math.max(0, evicted - counted.evicted));
      counted = { expired, evicted };
    },
  });
}

export interface VersionSource {
  current(): VersionVector;
  changedAt(): ChangeTimes;
}

/** The data versions this process knows, and the seconds since each last moved (as of its last read, within a second). */
export function registerDataVersionMetrics(
  registry: Registry,
  versions: VersionSource,
  now: () => number = Date.now,
): void {
  new Gauge({
    name: `${METRIC_PREFIX}data_version`,
    help: "The data version of each scope (data, live, content) this process serves pages for",
    labelNames: ["scope"] as const,
    registers: [registry],
    collect() {
      const current = versions.current();
      for (const scope of DATA_SCOPES) this.set({ scope }, current[scope]);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}data_version_age_seconds`,
    help: "Seconds since each scope's data version last moved (absent for a scope never written)",
    labelNames: ["scope"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const changedAt = versions.changedAt();
      for (const scope of DATA_SCOPES) {
        const at = changedAt[scope];
        if (at) this.set({ scope }, Math.max(0, (now() - at.getTime()) / 1000));
      }
    },
  });
}
