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
    const key = `${tier.name}:${clientKey(req.ip)}`;
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

/**
 * Who a request is counted against: an IPv4 address (also when written IPv4-mapped, `::ffff:a.b.c.d`),
 * or an IPv6 client's /64. One subscriber gets a whole /64 (often more), so counting each IPv6
 * address on its own would give a single client 2^64 budgets.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(":")) return address;
  const groups = expandIpv6(address.split("%")[0]);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; null when it is not one. */
function expandIpv6(address: string): string[] | null {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4 with other prefixes, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
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
export function rateLimitTiers(env: {
  RATE_LIMIT_READS_PER_MINUTE: number;
  RATE_LIMIT_WRITES_PER_MINUTE: number;
}): RateLimitTier[] {
  return [
    { name: "write", limit: env.RATE_LIMIT_WRITES_PER_MINUTE, windowMs: MINUTE, appliesTo: isWrite },
    { name: "read", limit: env.RATE_LIMIT_READS_PER_MINUTE, windowMs: MINUTE, appliesTo: () => true },
  ];
}
