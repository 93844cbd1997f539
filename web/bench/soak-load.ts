/**
 * The memory soak's load: a steady open-loop stream of requests (`rate` a second at evenly spaced
 * instants, at most `connections` in flight, a request due while all are busy skipped and
 * counted), nine in ten from the Saturday mix and the tenth from a reproducibly shuffled sweep of
 * every distinct URL, with what was sent and answered counted per phase (warm-up, measured).
 */
import http from "node:http";
import type { CacheCounts, StatusCounts } from "./load";
import { parseServerTiming } from "./server-timing";
import { visitorHeaders } from "./targets";

/** Share of requests walking through every distinct URL; the rest cycle through the Saturday mix. */
export const SWEEP_SHARE = 0.1;
const REQUEST_TIMEOUT_MS = 30_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Phase = "warm-up" | "measured";

export interface PhaseCounts {
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
export function shuffled<T>(items: readonly T[], seed = 20260207): T[] {
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
export class SoakLoad {
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
    const req = http.get(
      `${this.origin}${path}`,
      { agent: this.agent, headers: visitorHeaders(path), timeout: REQUEST_TIMEOUT_MS },
      (res) => {
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
      },
    );
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
