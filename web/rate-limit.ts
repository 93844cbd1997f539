import type { NextFunction, Request, Response } from "express";

export interface RateLimitTier {
  name: string;
  /** Requests allowed per window per client; 0: not limited. */
  limit: number;
  windowMs: number;
  appliesTo(req: Request): boolean;
}

/**
 * Fixed-window limits per client address, kept in this process. Each web server limits on its
 * own; behind a load balancer the effective limit is per server, which is enough to stop a
 * single client hammering the site.
 */
export function createRateLimiter(tiers: readonly RateLimitTier[], now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  return function rateLimit(req: Request, res: Response, next: NextFunction) {
    const tier = tiers.find((t) => t.appliesTo(req));
    // A tier with limit 0 is off: its requests are not counted.
    if (!tier || tier.limit === 0) return next();
    const time = now();
    if (time - lastSweep > 60_000) {
      for (const [key, w] of windows) if (time - w.start > 60 * 60_000) windows.delete(key);
      lastSweep = time;
    }
    const key = `${tier.name}:${req.ip ?? "unknown"}`;
    let window = windows.get(key);
    if (!window || time - window.start >= tier.windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    res.setHeader("RateLimit-Limit", String(tier.limit));
    res.setHeader("RateLimit-Remaining", String(Math.max(0, tier.limit - window.count)));
    if (window.count > tier.limit) {
      const retryAfter = Math.ceil((window.start + tier.windowMs - time) / 1000);
      res.setHeader("Retry-After", String(retryAfter));
      res.status(429).type("text/plain").send(`Too many requests. Try again in ${retryAfter} seconds.`);
      return;
    }
    next();
  };
}

const MINUTE = 60_000;

const isWrite = (req: Request) => req.method !== "GET" && req.method !== "HEAD";

/** Writes are rarer and costlier than reads, so they get the tighter budget. */
export const DEFAULT_RATE_LIMIT_TIERS: readonly RateLimitTier[] = [
  { name: "write", limit: 30, windowMs: MINUTE, appliesTo: isWrite },
  { name: "read", limit: 600, windowMs: MINUTE, appliesTo: () => true },
];

/**
 * The tiers the environment asks for (RATE_LIMIT_READS_PER_MINUTE, RATE_LIMIT_WRITES_PER_MINUTE);
 * a limit of 0 turns that tier off. Pages answered from the page cache are not counted: they
 * cost less than refusing them would.
 */
export function rateLimitTiers(env: { RATE_LIMIT_READS_PER_MINUTE: number; RATE_LIMIT_WRITES_PER_MINUTE: number }): RateLimitTier[] {
  return [
    { name: "write", limit: env.RATE_LIMIT_WRITES_PER_MINUTE, windowMs: MINUTE, appliesTo: isWrite },
    { name: "read", limit: env.RATE_LIMIT_READS_PER_MINUTE, windowMs: MINUTE, appliesTo: () => true },
  ];
}
