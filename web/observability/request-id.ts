/**
 * Each request's id: the one a trusted proxy in front sent in `X-Request-Id` (so one id follows
 * the request from the load balancer to this log), else a new one. The id goes back to the client
 * in `X-Request-Id` and into the request's log line.
 */
import { randomUUID } from "node:crypto";
import { ServerResponse, type IncomingMessage } from "node:http";
import type { TrustProxyFn } from "../transport-security";

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What an incoming id may look like: a short token. Anything else (spaces, quotes, control
 * characters, a kilobyte of text) could forge or break log lines, so it is replaced.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isSaneRequestId(value: string): boolean {
  return SANE_REQUEST_ID.test(value);
}

/**
 * The request's id: `X-Request-Id` as sent when the socket's peer is a trusted proxy (TRUST_PROXY)
 * and the value is a sane token; otherwise a random UUID. A client talking to the site directly
 * cannot choose the id its request is logged under.
 */
export function requestIdOf(req: IncomingMessage, trustProxy: TrustProxyFn): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  if (typeof sent === "string" && isSaneRequestId(sent) && trustProxy(req.socket.remoteAddress, 0)) return sent;
  return randomUUID();
}

/** Where an answer keeps its id (see sendsRequestId). */
const REQUEST_ID = Symbol("request id");

type IdentifiedResponse = ServerResponse & { [REQUEST_ID]?: string };

/** The id an answer is sent with (see sendsRequestId), for what logs about it before it is sent. */
export function requestIdOfResponse(res: ServerResponse): string | undefined {
  return (res as IdentifiedResponse)[REQUEST_ID];
}

/**
 * Node's writeHead with `X-Request-Id` added to the headers it is given. One function for every
 * answer (a function made per request would cost more than the header): the id is the answer's own.
 */
function writeHeadWithRequestId(
  this: IdentifiedResponse,
  statusCode: number,
  reason?: unknown,
  headers?: unknown,
): ServerResponse {
  const writeHead = ServerResponse.prototype.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  const id = this[REQUEST_ID];
  if (id === undefined || this.headersSent) return writeHead.call(this, statusCode, reason, headers);
  const message = typeof reason === "string" ? reason : undefined;
  let given = message === undefined ? reason : headers;
  // A copy: the caller's list may be shared (a cached page's headers).
  if (Array.isArray(given))
    given = Array.isArray(given[0])
      ? [...(given as unknown[]), [REQUEST_ID_HEADER, id]]
      : given.concat(REQUEST_ID_HEADER, id);
  else this.setHeader(REQUEST_ID_HEADER, id);
  return message === undefined
    ? writeHead.call(this, statusCode, given)
    : writeHead.call(this, statusCode, message, given);
}

/**
 * Makes the answer carry `X-Request-Id: id` however it is written. The header is added to what
 * `writeHead` is given rather than set beforehand: Node writes the headers of a cached page (one
 * flat list) without examining them one by one only while no header was set with `setHeader`,
 * and examining them cost the live-score endpoint's cached answer about a fifth of its time.
 * (The `on-headers` module hooks `writeHead` the same way.) Call it first, before anything else
 * wraps `writeHead`.
 */
export function sendsRequestId(res: ServerResponse, id: string): void {
  (res as IdentifiedResponse)[REQUEST_ID] = id;
  res.writeHead = writeHeadWithRequestId;
}
