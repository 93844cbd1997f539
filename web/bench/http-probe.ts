/**
 * One HTTP GET with its bytes, headers and timings, over a keep-alive connection: what the
 * benchmarks use to save pages, read ETags and time single cache misses and 304s. No
 * Accept-Encoding is sent unless asked, so the body is the plain bytes a load generator gets.
 */
import http from "node:http";
import { parseServerTiming, type ServerTiming } from "./server-timing";

export interface ProbeResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From writing the request to the last byte of the answer, measured here. */
  clientMs: number;
  serverTiming: ServerTiming;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function probe(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          clientMs: performance.now() - started,
          serverTiming: parseServerTiming(res.headers["server-timing"]),
        });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
  });
}

/** GET and parse JSON; throws with the status on anything but a 200. */
export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const result = await probe(url, { accept: "application/json", ...headers });
  if (result.status !== 200) throw new Error(`GET ${url}: HTTP ${result.status}`);
  return JSON.parse(result.body.toString("utf8")) as T;
}

/** Closes the idle keep-alive connections so the process can exit. */
export function closeProbeConnections(): void {
  agent.destroy();
}
