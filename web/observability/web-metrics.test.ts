import { describe, expect, it } from "vitest";
import type { ChangeTimes, VersionVector } from "@shared/db/data-versions";
import { createMetricsRegistry } from "@shared/observability/metrics";
import { PageCache } from "../page-cache/page-cache";
import { registerDataVersionMetrics, registerHttpMetrics, registerPageCacheMetrics } from "./web-metrics";

/** The value of one sample in the registry's text, or undefined when it is not there. */
async function sample(registry: ReturnType<typeof createMetricsRegistry>, series: string): Promise<number | undefined> {
  const line = (await registry.metrics()).split("\n").find((text) => text.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("registerHttpMetrics", () => {
  it("puts each answer in its route, method and status, its duration in the buckets, and counts the cache's answers", async () => {
    const registry = createMetricsRegistry();
    const http = registerHttpMetrics(registry);
    http.observe("routes/about", "GET", "200", 0.0002, "hit");
    http.observe("routes/about", "GET", "200", 0.03, "miss");
    http.observe("routes/about", "GET", "304", 0.0001, "hit");
    http.observe("static", "GET", "200", 0.002, undefined);
    http.observe("routes/$", "get", "404", 0.02, "bypass");
    const series = '{route="routes/about",method="GET",status="200"}';
    expect(await sample(registry, `fkp_http_request_duration_seconds_count${series}`)).toBe(2);
    expect(
      await sample(
        registry,
        `fkp_http_request_duration_seconds_bucket{le="0.001",route="routes/about",method="GET",status="200"}`,
      ),
    ).toBe(1);
    expect(
      await sample(
        registry,
        `fkp_http_request_duration_seconds_bucket{le="0.05",route="routes/about",method="GET",status="200"}`,
      ),
    ).toBe(2);
    expect(await sample(registry, `fkp_http_request_duration_seconds_sum${series}`)).toBeCloseTo(0.0302, 6);
    expect(
      await sample(registry, 'fkp_http_request_duration_seconds_count{route="routes/$",method="other",status="404"}'),
    ).toBe(1);
    expect(await sample(registry, 'fkp_page_cache_requests_total{outcome="hit"}')).toBe(2);
    expect(await sample(registry, 'fkp_page_cache_requests_total{outcome="miss"}')).toBe(1);
    expect(await sample(registry, 'fkp_page_cache_requests_total{outcome="bypass"}')).toBe(1);
    expect(await sample(registry, 'fkp_page_cache_requests_total{outcome="stale"}')).toBe(0);
  });
});

describe("registerPageCacheMetrics", () => {
  it("reads the cache's size and drops at each scrape", async () => {
    let versions: VersionVector = { data: 1, live: 1, content: 1 };
    const cache = new PageCache({ maxBytes: 16 * 1024, maxAgeMs: 60_000, versions: () => versions });
    const registry = createMetricsRegistry();
    registerPageCacheMetrics(registry, cache);
    const page = (key: string) => ({
      key,
      status: 200,
      headers: [["content-type", "text/html"]] as const,
      body: Buffer.alloc(900, "a"),
      etag: `"${key}"`,
      dependsOn: ["data"] as const,
      versions,
    });
    expect(await sample(registry, "fkp_page_cache_entries")).toBe(0);
    expect(await sample(registry, "fkp_page_cache_max_bytes")).toBe(16 * 1024);
    cache.store(page("a"));
    cache.store(page("b"));
    expect(await sample(registry, "fkp_page_cache_entries")).toBe(2);
    expect(await sample(registry, "fkp_page_cache_bytes")).toBe(cache.stats().bytes);
    expect(cache.stats().bytes).toBeGreaterThan(1_800);

    versions = { ...versions, data: 2 };
    expect(cache.lookup("a")).toBeUndefined();
    expect(await sample(registry, 'fkp_page_cache_dropped_total{reason="expired"}')).toBe(1);
    // Counters only grow, and count each drop once across scrapes.
    expect(await sample(registry, 'fkp_page_cache_dropped_total{reason="expired"}')).toBe(1);
    for (let i = 0; i < 20; i++) cache.store(page(`fill-${i}`));
    expect(await sample(registry, 'fkp_page_cache_dropped_total{reason="evicted"}')).toBe(cache.stats().evicted);
    expect(cache.stats().evicted).toBeGreaterThan(0);
  });
});

describe("registerDataVersionMetrics", () => {
  it("shows each scope's version and the seconds since it moved, and no age for a scope never written", async () => {
    let now = Date.parse("2026-02-07T16:00:00Z");
    const changedAt: ChangeTimes = {
      data: new Date("2026-02-07T15:59:00Z"),
      live: new Date("2026-02-07T15:59:45Z"),
      content: null,
    };
    const registry = createMetricsRegistry();
    registerDataVersionMetrics(
      registry,
      { current: () => ({ data: 12, live: 340, content: 0 }), changedAt: () => changedAt },
      () => now,
    );
    expect(await sample(registry, 'fkp_data_version{scope="data"}')).toBe(12);
    expect(await sample(registry, 'fkp_data_version{scope="live"}')).toBe(340);
    expect(await sample(registry, 'fkp_data_version{scope="content"}')).toBe(0);
    expect(await sample(registry, 'fkp_data_version_age_seconds{scope="data"}')).toBe(60);
    expect(await sample(registry, 'fkp_data_version_age_seconds{scope="live"}')).toBe(15);
    expect(await sample(registry, 'fkp_data_version_age_seconds{scope="content"}')).toBeUndefined();
    now += 30_000;
    expect(await sample(registry, 'fkp_data_version_age_seconds{scope="live"}')).toBe(45);
  });
});
