import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiFootballClient } from "./client";
import type { ApiFootballClientOptions } from "./client-types";
import {
  ApiFootballAuthError,
  ApiFootballHttpError,
  ApiFootballMalformedResponseError,
  ApiFootballNetworkError,
  ApiFootballQuotaExhaustedError,
  ApiFootballRequestError,
  ApiFootballTimeoutError,
} from "./errors";
import { startReplayServer, type ReplayServer } from "./testing/replay-server";

const KEY = "test-key-0123456789";
const SEASON = "fixtures?league=39&season=2025";
const RATE_HEADERS_SPENT = {
  "x-ratelimit-requests-limit": "100",
  "x-ratelimit-requests-remaining": "80",
  "X-RateLimit-Limit": "10",
  "X-RateLimit-Remaining": "0",
};

let server: ReplayServer;
let sleeps: number[];

beforeAll(async () => {
  server = await startReplayServer({ key: KEY });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.unmatched.length = 0;
  Object.assign(server.quota, { dailyLimit: 7500, dailyRemaining: 7500, minuteLimit: 300, minuteRemaining: 300 });
  sleeps = [];
});

/** The real client on the replay server, with delays small enough for a test and every sleep recorded. */
function client(options: Partial<ApiFootballClientOptions> = {}) {
  return createApiFootballClient({
    baseUrl: server.url,
    key: KEY,
    timeoutMs: 1_000,
    maxAttempts: 3,
    backoff: { baseMs: 10, maxMs: 100 },
    minuteWindowMs: 60,
    random: () => 0,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return delay(ms, undefined, { signal });
    },
    ...options,
  });
}

function requestsTo(route: string): number {
  return server.requests.filter((request) => request.route === route).length;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

describe("API-Football client on the replay server", () => {
  it("reads a season's fixtures in the documented shape, sending the key header", async () => {
    server.setRoute(SEASON, { file: "fixtures-39-2025.json" });
    const { items, rejected } = await client().fixtures({ league: 39, season: 2025 });
    expect(rejected).toEqual([]);
    expect(items.map((item) => item.value.fixture.status.short)).toEqual(["FT", "2H", "2H", "NS", "NS", "NS"]);
    const live = items[1];
    expect(live.value.teams.home.name).toBe("Arsenal");
    expect(live.value.fixture.status.elapsed).toBe(48);
    expect(live.value.goals).toEqual({ home: 1, away: 1 });
    expect(live.request).toBe("GET /fixtures?league=39&season=2025");
    expect(live.index).toBe(1);
    expect(server.unmatched).toEqual([]);
  });

  it("follows paging to the last page", async () => {
    server.setRoute("players?league=39&season=2025", { file: "players-39-2025-page-1.json" });
    server.setRoute("players?league=39&page=2&season=2025", { file: "players-39-2025-page-2.json" });
    const { items } = await client().players(39, 2025);
    expect(items.map((item) => item.value.player.name)).toEqual([
      "E. Haaland",
      "B. Saka",
      "V. Gyökeres",
      "Bruno Fernandes",
      "Robert Sánchez",
    ]);
    expect(items[3].request).toBe("GET /players?league=39&season=2025&page=2");
    expect(server.requests.map((request) => request.route)).toEqual([
      "players?league=39&season=2025",
      "players?league=39&page=2&season=2025",
    ]);
  });

  it("refuses paging beyond the page limit without fetching the pages", async () => {
    server.setRoute("odds?bookmaker=8&league=39&season=2025", { file: "odds-39-2025-page-1.json" });
    const error = await failure(client({ maxPages: 1 }).odds({ league: 39, season: 2025, bookmaker: 8 }));
    expect(error).toBeInstanceOf(ApiFootballMalformedResponseError);
    expect(error.message).toBe("API-Football /odds: paging.total is 2, more than the 1 pages allowed");
    expect(server.requests).toHaveLength(1);
  });

  it("turns a refused key (an HTTP 200 error envelope) into an auth error, without retrying", async () => {
    server.setRoute(SEASON, { file: "fixtures-39-2025.json" });
    const error = await failure(client({ key: "wrong-key" }).fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballAuthError);
    expect(error.message).toContain("API-Football /fixtures: the key was refused: Error/Missing application key");
    expect(requestsTo(SEASON)).toBe(1);
  });

  it("retries a 500 with exponential backoff, then succeeds", async () => {
    server.setRoute(SEASON, [
      { status: 500, body: "Internal Server Error" },
      { status: 503, body: "" },
      { file: "fixtures-39-2025.json" },
    ]);
    const { items } = await client().fixtures({ league: 39, season: 2025 });
    expect(items).toHaveLength(6);
    expect(requestsTo(SEASON)).toBe(3);
    // base 10 ms doubling, no jitter (random() = 0)
    expect(sleeps).toEqual([10, 20]);
  });

  it("adds up to one base delay of jitter and caps the backoff", async () => {
    server.setRoute(SEASON, { status: 502, body: "Bad Gateway" });
    const error = await failure(
      client({ maxAttempts: 5, backoff: { baseMs: 10, maxMs: 30 }, random: () => 0.5 }).fixtures({
        league: 39,
        season: 2025,
      }),
    );
    expect(error).toBeInstanceOf(ApiFootballHttpError);
    expect((error as ApiFootballHttpError).status).toBe(502);
    expect(error.message).toBe("API-Football /fixtures: HTTP 502 (Bad Gateway)");
    expect(sleeps).toEqual([15, 25, 35, 35]);
    expect(requestsTo(SEASON)).toBe(5);
  });

  it.each([401, 403, 404])("does not retry an HTTP %i", async (status) => {
    server.setRoute(SEASON, { status, body: { message: "nope" } });
    const error = await failure(client().fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballHttpError);
    expect((error as ApiFootballHttpError).retryable).toBe(false);
    expect(error.message).toBe(`API-Football /fixtures: HTTP ${status} ({"message":"nope"})`);
    expect(requestsTo(SEASON)).toBe(1);
  });

  it("waits out an HTTP 429 for the per-minute window (or Retry-After), then succeeds", async () => {
    server.setRoute(SEASON, [
      { status: 429, headers: RATE_HEADERS_SPENT, body: { message: "Too many requests" } },
      { file: "fixtures-39-2025.json" },
    ]);
    const api = client({ minuteWindowMs: 80 });
    const { items } = await api.fixtures({ league: 39, season: 2025 });
    expect(items).toHaveLength(6);
    expect(requestsTo(SEASON)).toBe(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(40);
    expect(sleeps[0]).toBeLessThanOrEqual(80);
    const times = server.requests.map((request) => request.at);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(40);

    server.setRoute(SEASON, [
      { status: 429, headers: { ...RATE_HEADERS_SPENT, "retry-after": "0.2" }, body: "" },
      { file: "fixtures-39-2025.json" },
    ]);
    sleeps = [];
    await api.fixtures({ league: 39, season: 2025 });
    expect(sleeps[0]).toBeGreaterThan(150);
  });

  it("waits out a rateLimit error envelope, then succeeds", async () => {
    server.setRoute(SEASON, [{ file: "error-rate-limit.json" }, { file: "fixtures-39-2025.json" }]);
    const { items } = await client({ minuteWindowMs: 50 }).fixtures({ league: 39, season: 2025 });
    expect(items).toHaveLength(6);
    expect(requestsTo(SEASON)).toBe(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(25);
  });

  it("waits for the next minute when the headers say the per-minute budget is spent", async () => {
    server.setRoute(SEASON, { file: "fixtures-39-2025.json" });
    server.quota.minuteRemaining = 1; // this request spends the last one
    // A window long enough that a busy machine is still inside it when the second call comes
    // (70 ms was not, once, with three test files on two cores).
    const api = client({ minuteWindowMs: 2_000 });
    await api.fixtures({ league: 39, season: 2025 });
    expect(api.quota()).toMatchObject({ minuteLimit: 300, minuteRemaining: 0 });
    expect(sleeps).toEqual([]);
    server.quota.minuteRemaining = 300;
    await api.fixtures({ league: 39, season: 2025 });
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(1_000);
    const [first, second] = server.requests.map((request) => request.at);
    expect(second - first).toBeGreaterThanOrEqual(1_000);
  });

  it("stops before the daily budget is spent, keeping a reserve for essential (live) calls", async () => {
    server.setRoute(SEASON, { file: "fixtures-39-2025.json" });
    server.quota.dailyLimit = 100;
    server.quota.dailyRemaining = 4; // the first answer reports 3 left
    const api = client({ dailyReserve: 2 });
    await api.fixtures({ league: 39, season: 2025 });
    expect(api.quota()).toMatchObject({ dailyLimit: 100, dailyRemaining: 3 });
    await api.fixtures({ league: 39, season: 2025 }); // 2 left: the reserve
    const error = await failure(api.fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballQuotaExhaustedError);
    expect(error.message).toBe(
      "API-Football /fixtures: daily request quota spent: 2 of 100 left (2 kept in reserve for live scores); requests resume after 00:00 UTC",
    );
    expect(requestsTo(SEASON)).toBe(2);
    await api.fixtures({ league: 39, season: 2025 }, { essential: true });
    await api.fixtures({ league: 39, season: 2025 }, { essential: true });
    const spent = await failure(api.fixtures({ league: 39, season: 2025 }, { essential: true }));
    expect(spent).toBeInstanceOf(ApiFootballQuotaExhaustedError);
    expect(requestsTo(SEASON)).toBe(4);
  });

  it("stops for the day when the provider says the daily limit is reached", async () => {
    server.setRoute(SEASON, { file: "error-daily-limit.json" });
    const api = client();
    const error = await failure(api.fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballQuotaExhaustedError);
    expect(error.message).toContain("You have reached the request limit for the day");
    const again = await failure(api.fixtures({ league: 39, season: 2025 }, { essential: true }));
    expect(again).toBeInstanceOf(ApiFootballQuotaExhaustedError);
    expect(requestsTo(SEASON)).toBe(1);
  });

  it("reports a rejected parameter by field, without retrying", async () => {
    server.setRoute("fixtures?league=39&season=25", { file: "error-bad-parameter.json" });
    const error = await failure(client().fixtures({ league: 39, season: 25 }));
    expect(error).toBeInstanceOf(ApiFootballRequestError);
    expect(error.message).toBe(
      "API-Football /fixtures: season: The Season field must contain 4 characters. Example: 2019.",
    );
    expect(server.requests).toHaveLength(1);

    server.setRoute(SEASON, {
      body: { get: "fixtures", parameters: [], errors: ["Something went wrong"], results: 0, response: [] },
    });
    const listed = await failure(client().fixtures({ league: 39, season: 2025 }));
    expect(listed).toBeInstanceOf(ApiFootballRequestError);
    expect((listed as ApiFootballRequestError).errors).toEqual({ 0: "Something went wrong" });
  });

  it("names the endpoint when the body is not JSON, without retrying", async () => {
    server.setRoute("standings?league=39&season=2025", { file: "bad-gateway.html" });
    const error = await failure(client().standings(39, 2025));
    expect(error).toBeInstanceOf(ApiFootballMalformedResponseError);
    expect(error.message).toBe(
      'API-Football /standings: the body is not JSON: "<html> <head><title>502 Bad Gateway</title></head> <body> <center><h1>502 Bad Gateway</h1></center> </body> </html>"',
    );
    expect(server.requests).toHaveLength(1);
  });

  it("names the endpoint when the body is JSON but not the envelope", async () => {
    server.setRoute("standings?league=39&season=2025", { body: { message: "moved" } });
    const error = await failure(client().standings(39, 2025));
    expect(error).toBeInstanceOf(ApiFootballMalformedResponseError);
    expect(error.message).toMatch(/^API-Football \/standings: the body is not an API-Football v3 envelope \(errors: /);
  });

  it("refuses a page none of whose items has the documented shape", async () => {
    server.setRoute(SEASON, { file: "wrong-shape-fixtures.json" });
    const error = await failure(client().fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballMalformedResponseError);
    expect(error.message).toMatch(
      /^API-Football \/fixtures: no item of GET \/fixtures\?league=39&season=2025 has the documented shape \(first: fixture: /,
    );

    server.setRoute(SEASON, { body: { errors: [], response: { fixture: 1 } } });
    const notAList = await failure(client().fixtures({ league: 39, season: 2025 }));
    expect(notAList.message).toBe("API-Football /fixtures: `response` is not a list");
  });

  it("keeps the items in shape and rejects the others with their position", async () => {
    server.setRoute(SEASON, { file: "fixtures-with-bad-items.json" });
    const { items, rejected } = await client().fixtures({ league: 39, season: 2025 });
    expect(items.map((item) => item.index)).toEqual([0, 2, 3]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ request: "GET /fixtures?league=39&season=2025", index: 1 });
    expect(rejected[0].reason).toContain("teams");
  });

  it("gives up on a slow answer at the time limit and retries", async () => {
    // The limit leaves a busy machine time to answer the prompt request (100 ms did not, once,
    // with three test files on two cores); the slow answer comes well after it.
    server.setRoute(SEASON, [{ file: "fixtures-39-2025.json", delayMs: 2_000 }, { file: "fixtures-39-2025.json" }]);
    const { items } = await client({ timeoutMs: 500 }).fixtures({ league: 39, season: 2025 });
    expect(items).toHaveLength(6);
    expect(requestsTo(SEASON)).toBe(2);

    server.setRoute(SEASON, { file: "fixtures-39-2025.json", delayMs: 2_000 });
    const error = await failure(client({ timeoutMs: 500, maxAttempts: 2 }).fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballTimeoutError);
    expect(error.message).toBe("API-Football /fixtures: no answer within 500 ms");
  });

  it("retries a refused connection, then reports it", async () => {
    const closed = await startReplayServer({ key: KEY });
    const url = closed.url;
    await closed.close();
    const error = await failure(client({ baseUrl: url }).fixtures({ league: 39, season: 2025 }));
    expect(error).toBeInstanceOf(ApiFootballNetworkError);
    expect(error.message).toMatch(/^API-Football \/fixtures: request failed: /);
    expect(sleeps).toEqual([10, 20]);
  });

  it("stops at once when the caller aborts, even during a backoff", async () => {
    server.setRoute(SEASON, { status: 500, body: "" });
    const controller = new AbortController();
    const api = client({ backoff: { baseMs: 5_000, maxMs: 5_000 } });
    const started = Date.now();
    const call = failure(api.fixtures({ league: 39, season: 2025 }, { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("shutting down")), 50);
    const error = await call;
    expect(error.message).toBe("shutting down");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(requestsTo(SEASON)).toBe(1);
  });

  it("reads one team's season statistics, and null when the provider has none", async () => {
    server.setRoute("teams/statistics?league=39&season=2025&team=42", { file: "team-statistics-39-2025-42.json" });
    server.setRoute("teams/statistics?league=39&season=2025&team=47", { file: "team-statistics-empty.json" });
    const api = client();
    const arsenal = await api.teamStatistics(39, 2025, 42);
    expect(arsenal?.value.fixtures.played.total).toBe(24);
    expect(arsenal?.value.clean_sheet.total).toBe(13);
    expect(arsenal?.request).toBe("GET /teams/statistics?league=39&season=2025&team=42");
    expect(await api.teamStatistics(39, 2025, 47)).toBeNull();

    server.setRoute("teams/statistics?league=39&season=2025&team=33", { body: { errors: [], response: { team: 33 } } });
    const error = await failure(api.teamStatistics(39, 2025, 33));
    expect(error).toBeInstanceOf(ApiFootballMalformedResponseError);
    expect(error.message).toMatch(/^API-Football \/teams\/statistics: the statistics are not in the documented shape/);
  });
});
