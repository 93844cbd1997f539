/**
 * Saves what the site answers for each measured path (status, content type, the plain bytes it
 * sends a visitor's request without Accept-Encoding) into a directory with an index, which the static
 * baseline server then serves.
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
}

export const SNAPSHOT_INDEX = "index.json";

function fileNameFor(urlPath: string, index: number): string {
  const slug =
    urlPath
      .replace(/^\/+/, "")
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "") || "home";
  return `${String(index).padStart(2, "0")}-${slug.slice(0, 80)}.${urlPath.startsWith("/api/") ? "json" : "html"}`;
}

/** Fetches every path from `origin` and writes the answers under `dir` (emptied first). */
export async function saveSnapshot(origin: string, paths: readonly string[], dir: string): Promise<SnapshotEntry[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entries: SnapshotEntry[] = [];
  for (const [i, urlPath] of paths.entries()) {
    const answer = await probe(`${origin}${urlPath}`, visitorHeaders(urlPath));
    const file = fileNameFor(urlPath, i);
    writeFileSync(path.join(dir, file), answer.body);
    entries.push({
      path: urlPath,
      status: answer.status,
      contentType: String(answer.headers["content-type"] ?? "application/octet-stream"),
      file,
      bytes: answer.body.length,
    });
  }
  writeFileSync(path.join(dir, SNAPSHOT_INDEX), `${JSON.stringify(entries, null, 2)}\n`);
  return entries;
}

export function loadSnapshot(dir: string): { entry: SnapshotEntry; body: Buffer }[] {
  const entries = JSON.parse(readFileSync(path.join(dir, SNAPSHOT_INDEX), "utf8")) as SnapshotEntry[];
  return entries.map((entry) => ({ entry, body: readFileSync(path.join(dir, entry.file)) }));
}
