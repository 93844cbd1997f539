/**
 * Saves what the site answers for each measured path (status, content type, the plain bytes it
 * sends a visitor's request without Accept-Encoding, and its header lines) into a directory with an
 * index, which the static baseline servers then serve.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { probe } from "./http-probe";
import { visitorHeaders } from "./targets";

export interface SnapshotEntry {
  path: string;
  status: number;
  contentType: string;
  file: string;
  bytes: number;
  /**
   * The answer's header lines as the site sent them, but for those of the connection (Date,
   * Connection, Keep-Alive), the length and the two that differ on every request (Server-Timing,
   * X-Request-Id): what the header-matched baseline sends again (static-server.ts).
   */
  headers: [string, string][];
}

/** Header lines the snapshot leaves out (see SnapshotEntry.headers). */
const NOT_SAVED = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "server-timing",
  "x-request-id",
]);

export const SNAPSHOT_INDEX = "index.json";

function fileNameFor(urlPath: string, index: number): string {
  const slug =
    urlPath
      .replace(/^\/+/, "")
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "") || "home";
  return `${String(index).padStart(2, "0")}-${slug.slice(0, 80)}.${urlPath.startsWith("/api/") ? "json" : "html"}`;
}

/**
 * Fetches every path from `origin`, as a visitor asks (plus `extraHeaders`: an Accept-Encoding, say,
 * to keep the bytes as sent compressed), and writes the answers under `dir` (emptied first).
 */
export async function saveSnapshot(
  origin: string,
  paths: readonly string[],
  dir: string,
  extraHeaders: Record<string, string> = {},
): Promise<SnapshotEntry[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entries: SnapshotEntry[] = [];
  for (const [i, urlPath] of paths.entries()) {
    const answer = await probe(`${origin}${urlPath}`, { ...visitorHeaders(urlPath), ...extraHeaders });
    const file = fileNameFor(urlPath, i);
    writeFileSync(path.join(dir, file), answer.body);
    entries.push({
      path: urlPath,
      status: answer.status,
      contentType: String(answer.headers["content-type"] ?? "application/octet-stream"),
      file,
      bytes: answer.body.length,
      headers: Object.entries(answer.headers).flatMap(([name, value]) =>
        NOT_SAVED.has(name) || value === undefined
          ? []
          : (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, String(one)]),
      ),
    });
  }
  writeFileSync(path.join(dir, SNAPSHOT_INDEX), `${JSON.stringify(entries, null, 2)}\n`);
  return entries;
}

export function loadSnapshot(dir: string): { entry: SnapshotEntry; body: Buffer }[] {
  const entries = JSON.parse(readFileSync(path.join(dir, SNAPSHOT_INDEX), "utf8")) as SnapshotEntry[];
  return entries.map((entry) => ({ entry, body: readFileSync(path.join(dir, entry.file)) }));
}
