/**
 * Strict-Transport-Security, only on answers that travelled over https: on the socket itself,
 * or, behind a trusted proxy (TRUST_PROXY), when the proxy says so in X-Forwarded-Proto. Browsers
 * ignore the header over plain http, and sending it there tells a reader the site is https when
 * it may not be (a development server, a misconfigured proxy).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";

/** helmet's default: two years (a year at least is what preload lists ask), subdomains included. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Whether a proxy at this address, this many hops from the socket, may name the client. Express's "trust proxy fn". */
export type TrustProxyFn = (address: string | undefined, hop: number) => boolean;

/** Whether the client reached the site over https, as Express's `req.protocol` decides it. */
export function isHttpsRequest(req: IncomingMessage, trust: TrustProxyFn): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trust(req.socket.remoteAddress, 0)) return false;
  const header = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : (header ?? "")).split(",")[0].trim().toLowerCase();
  return first === "https";
}

/** Sets Strict-Transport-Security on an answer to an https request; leaves plain http alone. */
export function setTransportSecurity(req: IncomingMessage, res: ServerResponse, trust: TrustProxyFn): void {
  if (isHttpsRequest(req, trust)) res.setHeader("Strict-Transport-Security", HSTS_VALUE);
}
