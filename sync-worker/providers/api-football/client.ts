/**
 * HTTP client of API-Football v3: one method per endpoint the project reads, every answer checked
 * against the documented shape, pages followed, both quotas respected, and transient failures
 * (429, 5xx, timeouts, dropped connections) retried with exponential backoff and jitter.
 * Requests go out one at a time, so the quota read from one response governs the next request.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { z } from "zod";
import type {
  ApiFootballClientOptions,
  ApiFootballList,
  CallOptions,
  FixturesParams,
  Located,
  OddsParams,
  Params,
  RejectedItem,
} from "./client-types";
import {
  ApiFootballAuthError,
  ApiFootballError,
  ApiFootballHttpError,
  ApiFootballMalformedResponseError,
  ApiFootballNetworkError,
  ApiFootballQuotaExhaustedError,
  ApiFootballRateLimitError,
  ApiFootballRequestError,
  ApiFootballTimeoutError,
} from "./errors";
import { errorsOf, issuesText, snippet } from "./failure-text";
import { ApiFootballQuota, type QuotaSnapshot } from "./quota";
import {
  envelopeSchema,
  eventSchema,
  fixturePlayersSchema,
  fixtureSchema,
  lineupSchema,
  oddsSchema,
  playerSchema,
  standingsSchema,
  teamSchema,
  teamStatisticsSchema,
  type ApiEvent,
  type ApiFixture,
  type ApiFixturePlayers,
  type ApiLineup,
  type ApiOdds,
  type ApiPlayer,
  type ApiStandings,
  type ApiTeam,
  type ApiTeamStatistics,
  type Envelope,
} from "./schemas";

const DEFAULTS = {
  timeoutMs: 15_000,
  maxAttempts: 4,
  backoff: { baseMs: 500, maxMs: 30_000 },
  minuteWindowMs: 60_000,
  dailyReserve: 10,
  maxPages: 100,
};

/** The `ids` parameter of /fixtures takes at most this many ids. */
export const MAX_FIXTURE_IDS = 20;

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal });
}

export function createApiFootballClient(options: ApiFootballClientOptions) {
  const settings = { ...DEFAULTS, ...options };
  const sleep = options.sleep ?? abortableSleep;
  const now = Date.now;
  const random = options.random ?? Math.random;
  const emit = options.onEvent ?? (() => {});
  const quota = new ApiFootballQuota({
    minuteWindowMs: settings.minuteWindowMs,
    dailyReserve: settings.dailyReserve,
  });
  const base = settings.baseUrl.replace(/\/+$/, "");

  /** A wait that ends early with the caller's own abort reason when the caller gives up. */
  async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (error) {
      throw signal?.aborted ? signal.reason : error;
    }
  }

  // One request at a time: each waits for the previous one to settle.
  let queue: Promise<unknown> = Promise.resolve();
  function serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  }

  function urlOf(endpoint: string, params: Params): URL {
    const url = new URL(`${base}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** How a request is named in rejections and logs: "GET /fixtures?league=39&season=2025". */
  function requestName(endpoint: string, params: Params): string {
    return `GET /${endpoint}${urlOf(endpoint, params).search}`;
  }

  /** One HTTP request and the checks of its envelope; throws an ApiFootballError on any failure. */
  async function once(endpoint: string, params: Params, call: CallOptions): Promise<Envelope> {
    const wait = quota.waitBeforeNextMs(now());
    if (wait > 0) {
      emit({ type: "wait", endpoint, delayMs: wait, reason: "per-minute request limit reached" });
      await pause(wait, call.signal);
    }
    quota.spend(endpoint, now(), call.essential ?? false);

    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    let response: Response;
    let body: string;
    try {
      response = await fetch(urlOf(endpoint, params).toString(), {
        headers: { "x-apisports-key": settings.key, accept: "application/json" },
        signal,
      });
      body = await response.text();
    } catch (error) {
      // The caller's own cancellation (shutdown) is not a provider failure: no retry.
      if (call.signal?.aborted) throw call.signal.reason;
      if (timeout.aborted) {
        throw new ApiFootballTimeoutError(endpoint, `no answer within ${settings.timeoutMs} ms`, { cause: error });
      }
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new ApiFootballNetworkError(endpoint, `request failed: ${reason}`, { cause: error });
    }
    quota.observe(response.headers, now());

    if (!response.ok) {
      const retryAfter = Number(response.headers.get("retry-after"));
      const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
      if (response.status === 429) {
        quota.minuteExhausted(now(), retryAfterSeconds === null ? undefined : retryAfterSeconds * 1000);
      }
      throw new ApiFootballHttpError(endpoint, response.status, snippet(body), retryAfterSeconds);
    }

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ApiFootballMalformedResponseError(endpoint, `the body is not JSON: "${snippet(body)}"`);
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new ApiFootballMalformedResponseError(
        endpoint,
        `the body is not an API-Football v3 envelope (${issuesText(envelope.error)})`,
      );
    }

    const errors = errorsOf(envelope.data.errors);
    if (Object.keys(errors).length > 0) {
      if (errors.token) throw new ApiFootballAuthError(endpoint, `the key was refused: ${errors.token}`);
      if (errors.rateLimit) {
        quota.minuteExhausted(now());
        throw new ApiFootballRateLimitError(endpoint, `per-minute limit: ${errors.rateLimit}`);
      }
      if (errors.requests) {
        quota.dailyExhausted(now());
        throw new ApiFootballQuotaExhaustedError(endpoint, `daily request quota spent: ${errors.requests}`);
      }
      throw new ApiFootballRequestError(endpoint, errors);
    }
    return envelope.data;
  }

  function backoffMs(attempt: number, error: ApiFootballError): number {
    // A rate limit is waited out by the quota before the next try; backing off as well only adds delay.
    if (error instanceof ApiFootballRateLimitError || (error instanceof ApiFootballHttpError && error.status === 429)) {
      return 0;
    }
    const { baseMs, maxMs } = settings.backoff;
    return Math.min(maxMs, baseMs * 2 ** (attempt - 1)) + Math.round(random() * baseMs);
  }

  /** One page, retried as the failure allows. */
  async function page(endpoint: string, params: Params, call: CallOptions): Promise<Envelope> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(endpoint, params, call);
      } catch (error) {
        if (!(error instanceof ApiFootballError) || !error.retryable || attempt >= settings.maxAttempts) throw error;
        const wait = backoffMs(attempt, error);
        emit({ type: "retry", endpoint, attempt, delayMs: wait, reason: error.message });
        if (wait > 0) await pause(wait, call.signal);
      }
    }
  }

  function collect<T>(
    endpoint: string,
    params: Params,
    envelope: Envelope,
    schema: z.ZodType<T>,
    into: ApiFootballList<T>,
  ): void {
    if (!Array.isArray(envelope.response)) {
      throw new ApiFootballMalformedResponseError(endpoint, "`response` is not a list");
    }
    const request = requestName(endpoint, params);
    const items: Located<T>[] = [];
    const rejected: RejectedItem[] = [];
    envelope.response.forEach((raw, index) => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) items.push({ value: parsed.data, request, index });
      else rejected.push({ request, index, reason: issuesText(parsed.error) });
    });
    // Some items in the wrong shape are rows to reject; a whole page of them is a wrong answer.
    if (items.length === 0 && rejected.length > 0) {
      throw new ApiFootballMalformedResponseError(
        endpoint,
        `no item of ${request} has the documented shape (first: ${rejected[0].reason})`,
      );
    }
    into.items.push(...items);
    into.rejected.push(...rejected);
  }

  /** A list endpoint, every page of it when `paginated`. */
  function list<T>(
    endpoint: string,
    params: Params,
    schema: z.ZodType<T>,
    call: CallOptions = {},
    paginated = false,
  ): Promise<ApiFootballList<T>> {
    return serialised(async () => {
      const result: ApiFootballList<T> = { items: [], rejected: [] };
      const first = await page(endpoint, params, call);
      collect(endpoint, params, first, schema, result);
      const totalPages = paginated ? (first.paging?.total ?? 1) : 1;
      if (totalPages > settings.maxPages) {
        throw new ApiFootballMalformedResponseError(
          endpoint,
          `paging.total is ${totalPages}, more than the ${settings.maxPages} pages allowed`,
        );
      }
      for (let pageNumber = 2; pageNumber <= totalPages; pageNumber++) {
        const pageParams = { ...params, page: pageNumber };
        collect(endpoint, pageParams, await page(endpoint, pageParams, call), schema, result);
      }
      return result;
    });
  }

  const client = {
    async fixtures(params: FixturesParams, call?: CallOptions): Promise<ApiFootballList<ApiFixture>> {
      if (!("ids" in params)) return list("fixtures", { ...params }, fixtureSchema, call);
      if (params.ids.length === 0 || params.ids.length > MAX_FIXTURE_IDS) {
        throw new RangeError(`fixtures: ids takes 1 to ${MAX_FIXTURE_IDS} fixture ids, got ${params.ids.length}`);
      }
      return list("fixtures", { ids: params.ids.join("-") }, fixtureSchema, call);
    },
    fixtureEvents(fixture: number, call?: CallOptions): Promise<ApiFootballList<ApiEvent>> {
      return list("fixtures/events", { fixture }, eventSchema, call);
    },
    fixtureLineups(fixture: number, call?: CallOptions): Promise<ApiFootballList<ApiLineup>> {
      return list("fixtures/lineups", { fixture }, lineupSchema, call);
    },
    fixturePlayers(fixture: number, call?: CallOptions): Promise<ApiFootballList<ApiFixturePlayers>> {
      return list("fixtures/players", { fixture }, fixturePlayersSchema, call);
    },
    standings(league: number, season: number, call?: CallOptions): Promise<ApiFootballList<ApiStandings>> {
      return list("standings", { league, season }, standingsSchema, call);
    },
    teams(league: number, season: number, call?: CallOptions): Promise<ApiFootballList<ApiTeam>> {
      return list("teams", { league, season }, teamSchema, call);
    },
    /** Null when the provider has no statistics for that team and season (an empty response). */
    teamStatistics(
      league: number,
      season: number,
      team: number,
      call: CallOptions = {},
    ): Promise<Located<ApiTeamStatistics> | null> {
      const endpoint = "teams/statistics";
      const params = { league, season, team };
      return serialised(async () => {
        const envelope = await page(endpoint, params, call);
        if (Array.isArray(envelope.response) && envelope.response.length === 0) return null;
        const parsed = teamStatisticsSchema.safeParse(envelope.response);
        if (!parsed.success) {
          throw new ApiFootballMalformedResponseError(
            endpoint,
            `the statistics are not in the documented shape (${issuesText(parsed.error)})`,
          );
        }
        return { value: parsed.data, request: requestName(endpoint, params), index: 0 };
      });
    },
    /** Every player of a league season with their season figures (20 per page). */
    players(league: number, season: number, call?: CallOptions): Promise<ApiFootballList<ApiPlayer>> {
      return list("players", { league, season }, playerSchema, call, true);
    },
    topScorers(league: number, season: number, call?: CallOptions): Promise<ApiFootballList<ApiPlayer>> {
      return list("players/topscorers", { league, season }, playerSchema, call);
    },
    topAssists(league: number, season: number, call?: CallOptions): Promise<ApiFootballList<ApiPlayer>> {
      return list("players/topassists", { league, season }, playerSchema, call);
    },
    /** Pre-match odds (10 fixtures per page). */
    odds(params: OddsParams, call?: CallOptions): Promise<ApiFootballList<ApiOdds>> {
      return list("odds", { ...params }, oddsSchema, call, true);
    },
    /** Both budgets as the last response reported them, minus the requests sent since. */
    quota(): QuotaSnapshot {
      return quota.snapshot(now());
    },
  };
  return client;
}

export type ApiFootballClient = ReturnType<typeof createApiFootballClient>;
