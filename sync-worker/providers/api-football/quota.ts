/**
 * API-Football's two budgets, as its response headers last reported them:
 * - per day: `x-ratelimit-requests-limit` / `x-ratelimit-requests-remaining` (resets 00:00 UTC);
 * - per minute: `X-RateLimit-Limit` / `X-RateLimit-Remaining`.
 * Between responses the remaining counts are decremented for every request sent, so requests in
 * a row never overspend on a stale figure.
 */
import { ApiFootballQuotaExhaustedError } from "./errors";

export interface QuotaSnapshot {
  dailyLimit: number | null;
  dailyRemaining: number | null;
  minuteLimit: number | null;
  minuteRemaining: number | null;
}

export interface QuotaOptions {
  /** Length of the per-minute window; the budget is assumed back this long after it was seen spent. */
  minuteWindowMs: number;
  /**
   * Daily requests kept back for essential calls (live scores): ordinary calls stop when the
   * remaining count reaches it, essential ones only at zero.
   */
  dailyReserve: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export class ApiFootballQuota {
  private daily: { limit: number | null; remaining: number; utcDay: number } | null = null;
  private minute: { limit: number | null; remaining: number; until: number } | null = null;

  constructor(private readonly options: QuotaOptions) {}

  /** Records what a response's headers say about both budgets. */
  observe(headers: Headers, at: number): void {
    const dailyRemaining = headerNumber(headers, "x-ratelimit-requests-remaining");
    if (dailyRemaining !== null) {
      this.daily = {
        limit: headerNumber(headers, "x-ratelimit-requests-limit"),
        remaining: dailyRemaining,
        utcDay: Math.floor(at / DAY_MS),
      };
    }
    const minuteRemaining = headerNumber(headers, "x-ratelimit-remaining");
    if (minuteRemaining !== null) {
      // When this says the budget is spent, the wait is a whole window from now: the provider
      // does not say when its window started, and waiting too long costs less than a 429.
      this.minute = {
        limit: headerNumber(headers, "x-ratelimit-limit"),
        remaining: minuteRemaining,
        until: at + this.options.minuteWindowMs,
      };
    }
  }

  /**
   * The provider said the per-minute limit is hit: nothing more until the window has passed, or
   * for as long as it asked (Retry-After).
   */
  minuteExhausted(at: number, waitMs: number = this.options.minuteWindowMs): void {
    this.minute = { limit: this.minute?.limit ?? null, remaining: 0, until: at + waitMs };
  }

  /** The provider said the daily quota is spent. */
  dailyExhausted(at: number): void {
    this.daily = { limit: this.daily?.limit ?? null, remaining: 0, utcDay: Math.floor(at / DAY_MS) };
  }

  /** Milliseconds to wait before the next request fits the per-minute budget (0: send now). */
  waitBeforeNextMs(at: number): number {
    if (!this.minute || this.minute.remaining > 0) return 0;
    const wait = this.minute.until - at;
    if (wait <= 0) {
      this.minute = null;
      return 0;
    }
    return wait;
  }

  /**
   * Throws when the day's budget does not allow another request; otherwise counts the request
   * against both budgets.
   */
  spend(endpoint: string, at: number, essential: boolean): void {
    const daily = this.daily && this.daily.utcDay === Math.floor(at / DAY_MS) ? this.daily : null;
    if (daily) {
      const floor = essential ? 0 : this.options.dailyReserve;
      if (daily.remaining <= floor) {
        const reserve = floor > 0 ? ` (${floor} kept in reserve for live scores)` : "";
        throw new ApiFootballQuotaExhaustedError(
          endpoint,
          `daily request quota spent: ${daily.remaining} of ${
            daily.limit ?? "?"
          } left${reserve}; requests resume after 00:00 UTC`,
        );
      }
      daily.remaining -= 1;
    } else {
      this.daily = null;
    }
    if (this.minute) this.minute.remaining = Math.max(0, this.minute.remaining - 1);
  }

  snapshot(at: number): QuotaSnapshot {
    const daily = this.daily && this.daily.utcDay === Math.floor(at / DAY_MS) ? this.daily : null;
    return {
      dailyLimit: daily?.limit ?? null,
      dailyRemaining: daily?.remaining ?? null,
      minuteLimit: this.minute?.limit ?? null,
      minuteRemaining: this.minute?.remaining ?? null,
    };
  }
}
