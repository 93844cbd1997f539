/**
 * A local HTTP server that answers like API-Football v3 from response files, for tests of the
 * real client over real HTTP. It checks the key header as the provider does, reports both
 * quotas in the provider's headers (counting down with each request), and plays scripted
 * answers per request: a status, headers, a file or an inline body, and an optional delay.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const REPLAY_DIR = fileURLToPath(new URL("../replay/", import.meta.url));

export interface ReplayResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A file in the replay folder. */
  file?: string;
  /** An inline body; objects are sent as JSON. */
  body?: string | object;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

export interface ReplayQuota {
  dailyLimit: number;
  dailyRemaining: number;
  minuteLimit: number;
  minuteRemaining: number;
}

export interface ReplayServerOptions {
  /** The key requests must carry in x-apisports-key. */
  key: string;
  /**
   * Answers by request: "endpoint?name=value&..." with parameters sorted by name, or the bare
   * endpoint for any parameters. A list is played in order, its last answer repeating.
   */
  routes?: Record<string, ReplayResponse | ReplayResponse[]>;
  quota?: Partial<ReplayQuota>;
}

export interface RecordedRequest {
  /** The route key this request matched or would have matched: "fixtures?league=39&season=2025". */
  route: string;
  at: number;
}

export interface ReplayServer {
  url: string;
  requests: RecordedRequest[];
  /** Requests no route answered (they got a 404). */
  unmatched: string[];
  /** The budgets the next answers report; tests may change them. */
  quota: ReplayQuota;
  /** Replaces (or adds) the answers of one route. */
  setRoute(route: string, responses: ReplayResponse | ReplayResponse[]): void;
  close(): Promise<void>;
}

const TOKEN_ERROR = {
  get: "",
  parameters: [],
  errors: {
    token:
      "Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.",
  },
  results: 0,
  paging: { current: 1, total: 1 },
  response: [],
};

function routeKey(url: URL): string {
  const endpoint = url.pathname.replace(/^\/+/, "");
  const params = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  return params.length === 0 ? endpoint : `${endpoint}?${params.map(([k, v]) => `${k}=${v}`).join("&")}`;
}

export function readReplayFile(name: string): string {
  return readFileSync(path.join(REPLAY_DIR, name), "utf8");
}

export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const routes = new Map<string, ReplayResponse[]>();
  const played = new Map<string, number>();
  const setRoute = (route: string, responses: ReplayResponse | ReplayResponse[]) => {
    routes.set(route, Array.isArray(responses) ? [...responses] : [responses]);
    played.set(route, 0);
  };
  for (const [route, responses] of Object.entries(options.routes ?? {})) setRoute(route, responses);

  const quota: ReplayQuota = {
    dailyLimit: 7500,
    dailyRemaining: 7500,
    minuteLimit: 300,
    minuteRemaining: 300,
    ...options.quota,
  };
  const requests: RecordedRequest[] = [];
  const unmatched: string[] = [];

  const next = (route: string): ReplayResponse | undefined => {
    const list = routes.get(route);
    if (!list) return undefined;
    const index = played.get(route) ?? 0;
    played.set(route, index + 1);
    return list[Math.min(index, list.length - 1)];
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://replay.local");
    const route = routeKey(url);
    requests.push({ route, at: Date.now() });
    quota.dailyRemaining = Math.max(0, quota.dailyRemaining - 1);
    quota.minuteRemaining = Math.max(0, quota.minuteRemaining - 1);
    const quotaHeaders = {
      "x-ratelimit-requests-limit": String(quota.dailyLimit),
      "x-ratelimit-requests-remaining": String(quota.dailyRemaining),
      "X-RateLimit-Limit": String(quota.minuteLimit),
      "X-RateLimit-Remaining": String(quota.minuteRemaining),
    };

    if (request.headers["x-apisports-key"] !== options.key) {
      response.writeHead(200, { "content-type": "application/json", ...quotaHeaders });
      response.end(JSON.stringify({ ...TOKEN_ERROR, get: url.pathname.replace(/^\//, "") }));
      return;
    }
    const answer = next(route) ?? next(url.pathname.replace(/^\/+/, ""));
    if (!answer) {
      unmatched.push(route);
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: `no replay for ${route}` }));
      return;
    }
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const body =
      answer.file !== undefined
        ? readReplayFile(answer.file)
        : typeof answer.body === "string"
          ? answer.body
          : JSON.stringify(answer.body ?? {});
    response.writeHead(answer.status ?? 200, {
      "content-type": "application/json",
      ...quotaHeaders,
      ...answer.headers,
    });
    response.end(body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unmatched,
    quota,
    setRoute,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
