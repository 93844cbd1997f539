/**
 * One log line and one metric observation per request, when its answer is done:
 *
 *   {"level":"info","time":1770479438111,"name":"web","reqId":"…","method":"GET","path":"/premier-league-predictions",
 *    "route":"routes/$leaguePage","status":200,"durationMs":0.142,"cache":"hit","msg":"request"}
 *
 * This writes with pino directly rather than through pino-http: pino-http makes child loggers
 * per request, serializes the whole request (headers included) into them and adds three
 * listeners, and a server answering from memory answered 40% fewer requests with it than with
 * one pino call carrying these fields (4,500 to 5,200 against 7,100 to 8,500 a second, on one
 * core). Cached pages are answered in a tenth of a millisecond: the line is a handful of flat
 * fields, formatted without pino's machinery for any object (`flatLineWriterOf`: the same line
 * at a third of the cost) and written in batches (shared/observability/log.ts), and an answer
 * already sent is logged without a listener.
 *
 * Nothing secret is written: no header, no cookie, and of the query only the parameters a page
 * reads (READ_QUERY_PARAMETERS); any other value (`?token=`, `?sanity-preview-secret=`) is
 * replaced by `[redacted]`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLog } from "@shared/observability/log";
import { flatLineWriterOf, REDACTED } from "@shared/observability/log";
import { READ_QUERY_PARAMETERS } from "../page-cache/page-target";
import type { TrustProxyFn } from "../transport-security";
import { cacheOutcomeOf, type CacheOutcome } from "./cache-outcome";
import { requestIdOf, sendsRequestId } from "./request-id";
import type { RouteLabeller } from "./route-label";
import type { HttpMetrics } from "./web-metrics";

/**
 * The request target as logged: the path, with the values of query parameters no page reads
 * replaced. Remix's route discovery (`/__manifest?p=…&p=…`) is logged as its path alone.
 */
export function loggableTarget(url: string | undefined): string {
  const target = url ?? "/";
  const queryAt = target.indexOf("?");
  if (queryAt === -1) return target;
  const path = target.slice(0, queryAt);
  if (path === "/__manifest") return path;
  const query = target
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        return `${REDACTED}=${REDACTED}`;
      }
      if (READ_QUERY_PARAMETERS.has(decoded)) return pair;
      return equals === -1 ? pair : `${name}=${REDACTED}`;
    })
    .join("&");
  return `${path}?${query}`;
}

/** A request being answered, as the server's dispatch sees it (web/server.ts). */
export interface ObservedRequest {
  readonly id: string;
  /** A fixed label (`probe`, `refused`...); unset, the route is found from the path. */
  label: string | undefined;
  /**
   * The page cache's verdict, when the page server answered from its cache itself (it writes
   * `X-Request-Id` itself too); any other answer notes its verdict on the response.
   */
  cache: CacheOutcome | undefined;
  /**
   * Makes every answer written from now on carry `X-Request-Id` (request-id.ts). The dispatch
   * calls it before handing the request to anything but the page cache, which writes a cached
   * page's headers in one list with the id already in it: hooking writeHead and marking the
   * response on every request cost a cached live score about a fifth of its time.
   */
  identifyAnswers(): void;
  /**
   * Called once the dispatch has handed the request on: an answer already ended (a cached page,
   * a probe, a refusal) is counted and logged at once; any other is when it is done or the client
   * leaves. No listener is added for the first kind, which is most requests.
   */
  settle(): void;
}

export interface RequestObserverOptions {
  log: AppLog;
  metrics: HttpMetrics;
  trustProxy: TrustProxyFn;
  routeLabel: RouteLabeller;
}

export type RequestObserver = (req: IncomingMessage, res: ServerResponse) => ObservedRequest;

type Recorder = (request: Observation, aborted: boolean) => void;

class Observation implements ObservedRequest {
  label: string | undefined = undefined;
  cache: CacheOutcome | undefined = undefined;

  constructor(
    readonly id: string,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** The target as received: Express rewrites req.url inside mounted middleware (/build). */
    readonly url: string | undefined,
    readonly started: number,
    private readonly record: Recorder,
  ) {}

  identifyAnswers(): void {
    sendsRequestId(this.res, this.id);
  }

  settle(): void {
    if (this.res.writableEnded) this.record(this, false);
    else this.res.once("close", () => this.record(this, !this.res.writableFinished));
  }
}

/**
 * Starts observing a request: gives it its id (sent back as `X-Request-Id` on every answer, cached
 * pages and 304s included: see `identifyAnswers`); once it is answered (or the client left),
 * counts it and logs its line: 5xx answers at error level, the rest at info.
 */
export function createRequestObserver(options: RequestObserverOptions): RequestObserver {
  const { log, metrics } = options;
  const writeLine = flatLineWriterOf(log);
  const record: Recorder = (request, aborted) => {
    const { res } = request;
    const ms = performance.now() - request.started;
    const route = request.label ?? options.routeLabel(request.url);
    const cache = request.cache ?? cacheOutcomeOf(res);
    metrics.observe(route, request.req.method, aborted ? "aborted" : String(res.statusCode), ms / 1000, cache);
    const level = res.statusCode >= 500 ? "error" : "info";
    if (!log.isLevelEnabled(level)) return;
    const fields = {
      reqId: request.id,
      method: request.req.method,
      path: loggableTarget(request.url),
      route,
      status: res.statusCode,
      durationMs: Math.round(ms * 1000) / 1000,
      cache,
      aborted: aborted ? true : undefined,
    };
    if (writeLine) writeLine(level, fields, "request");
    else log[level](fields, "request");
  };
  return (req, res) =>
    new Observation(requestIdOf(req, options.trustProxy), req, res, req.url, performance.now(), record);
}
