/**
 * The web benchmark's server-time measurements of one page: sequential renders on the request path
 * (each request one the cache may not answer) and sequential 304s (If-None-Match with the page's ETag), each
 * summed up as a median server time, taken from Server-Timing when the site sends it and from the
 * time measured here otherwise.
 */
import { probe } from "./http-probe";
import { unexpectedAnswers, type StatusCounts } from "./load";
import { median } from "./stats";
import { visitorHeaders, type PageTarget } from "./targets";

interface TimedSample {
  ms: number;
  /** "server" from Server-Timing total;dur, "client" measured here. */
  source: "server" | "client";
}

export interface ServerTimeFigure {
  medianMs: number;
  /** The fastest sample: what the page costs when nothing else on the machine gets in its way. */
  minMs?: number;
  source: "server" | "client" | "mixed";
  samples: number;
  statuses: StatusCounts;
  /** The page cache's verdicts seen (Server-Timing cache;desc). */
  cache: string[];
  note?: string;
}

function sourceOf(samples: TimedSample[]): ServerTimeFigure["source"] {
  const server = samples.filter((s) => s.source === "server").length;
  return server === samples.length ? "server" : server === 0 ? "client" : "mixed";
}

function timed(result: Awaited<ReturnType<typeof probe>>): TimedSample {
  const total = result.serverTiming.totalMs;
  return total !== undefined ? { ms: total, source: "server" } : { ms: result.clientMs, source: "client" };
}

function count(statuses: StatusCounts, status: number): void {
  statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
}

/**
 * A request no cache may answer or keep: it carries an Authorization header, which the page
 * cache (page-target.ts, isCacheableRequest) and any shared cache in front leave alone. Public
 * pages render the same for it. A made-up query parameter no longer makes a page a miss: the
 * cache key keeps only the parameters read on the page's path, so `/?v=1` is the home page.
 */
const RENDER_PROBE = { authorization: "Bearer bench-render-probe" };

/**
 * Sequential renders of each page, each on the request path (none answered from the cache, none
 * stored, so the probes fill no memory): the work of a miss, Remix's render and the reading of its
 * answer, without the single flight's bookkeeping and the store, which take microseconds. The
 * pages take turns (one render of each, `n` times over), so a spell of a slower machine (another
 * process, a background render after a live tick) falls on every page alike, not on one page's
 * whole sample.
 */
export async function measureMisses(
  origin: string,
  targets: readonly PageTarget[],
  n: number,
): Promise<Map<PageTarget, ServerTimeFigure>> {
  const runs = targets.map((target) => ({
    target,
    samples: [] as TimedSample[],
    statuses: {},
    cache: new Set<string>(),
  }));
  for (let i = 0; i < n; i++) {
    for (const run of runs) {
      const { path } = run.target;
      const result = await probe(`${origin}${path}`, { ...visitorHeaders(path), ...RENDER_PROBE });
      count(run.statuses, result.status);
      if (result.serverTiming.cache) run.cache.add(result.serverTiming.cache);
      if (result.status === 200) run.samples.push(timed(result));
    }
  }
  return new Map(
    runs.map((run) => {
      const ms = run.samples.map((s) => s.ms);
      return [
        run.target,
        {
          medianMs: median(ms),
          minMs: ms.length ? Math.min(...ms) : Number.NaN,
          source: sourceOf(run.samples),
          samples: run.samples.length,
          statuses: run.statuses,
          cache: [...run.cache],
        },
      ];
    }),
  );
}

/** Sequential requests with If-None-Match set to the page's current ETag. */
export async function measureNotModified(origin: string, target: PageTarget, n: number): Promise<ServerTimeFigure> {
  const url = `${origin}${target.path}`;
  const headers = visitorHeaders(target.path);
  const first = await probe(url, headers);
  let etag = first.headers.etag;
  const statuses: StatusCounts = {};
  if (!etag) return { medianMs: Number.NaN, source: "client", samples: 0, statuses, cache: [], note: "no ETag" };
  const samples: TimedSample[] = [];
  const cache = new Set<string>();
  for (let i = 0; i < n; i++) {
    const result = await probe(url, { ...headers, "if-none-match": etag });
    count(statuses, result.status);
    if (result.serverTiming.cache) cache.add(result.serverTiming.cache);
    if (result.status === 304) samples.push(timed(result));
    // A live page changes under the benchmark: carry on with its new version.
    else if (result.headers.etag) etag = result.headers.etag;
  }
  const not304 = n - (statuses["304"] ?? 0);
  return {
    medianMs: median(samples.map((s) => s.ms)),
    source: sourceOf(samples),
    samples: samples.length,
    statuses,
    cache: [...cache],
    note:
      not304 > 0
        ? `${not304} of ${n} answers were not 304 (${unexpectedAnswers(statuses) || Object.keys(statuses).join(", ")})`
        : undefined,
  };
}
