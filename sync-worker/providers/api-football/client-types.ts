/**
 * The types of the API-Football client's interface: its options and the events it reports, the
 * options of one call, the parameters of the endpoints that take more than a number or two, and
 * what a list endpoint answers (the items in the documented shape, each located in the request it
 * came from, and the items rejected with the reason).
 */

export interface ApiFootballClientOptions {
  /** API_FOOTBALL_BASE_URL, e.g. https://v3.football.api-sports.io */
  baseUrl: string;
  /** API_FOOTBALL_KEY, sent as the x-apisports-key header. */
  key: string;
  /** Time limit of one request, body included. Default 15 s. */
  timeoutMs?: number;
  /** Tries per request, the first included. Default 4. */
  maxAttempts?: number;
  /** Backoff before retry n is min(maxMs, baseMs × 2^(n−1)) plus up to baseMs of jitter. */
  backoff?: { baseMs: number; maxMs: number };
  /** Default 60 s. */
  minuteWindowMs?: number;
  /** Daily requests kept for essential (live) calls. Default 10. */
  dailyReserve?: number;
  /** A paginated answer with more pages than this is refused. Default 100. */
  maxPages?: number;
  /** How waits are made (tests record them). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The jitter's source, 0 to 1. */
  random?: () => number;
  /** Retries and waits, for the caller's log. */
  onEvent?: (event: ApiFootballClientEvent) => void;
}

export type ApiFootballClientEvent =
  | { type: "retry"; endpoint: string; attempt: number; delayMs: number; reason: string }
  | { type: "wait"; endpoint: string; delayMs: number; reason: string };

export interface CallOptions {
  signal?: AbortSignal;
  /** Live-score calls may spend the daily reserve. */
  essential?: boolean;
}

/** Where an item came from: the request ("GET /players?league=39&page=2") and its index in `response`. */
export interface ItemOrigin {
  request: string;
  index: number;
}

export interface Located<T> extends ItemOrigin {
  value: T;
}

/** An item of a list answer that did not have the documented shape, left out with the reason. */
export interface RejectedItem extends ItemOrigin {
  reason: string;
}

export interface ApiFootballList<T> {
  items: Located<T>[];
  rejected: RejectedItem[];
}

export type Params = Record<string, string | number | undefined>;

/** A league season, a league's matches of one day (YYYY-MM-DD), one match by id, or matches by ids. */
export type FixturesParams =
  { league: number; season: number; date?: string } | { id: number } | { ids: readonly number[] };

export interface OddsParams {
  league: number;
  season: number;
  bookmaker: number;
}
