/**
 * Memory readings of the site for the soak: the process's resident size from
 * /proc/{pid}/status (Linux), and the page cache's own figures from the /api-status page (hit
 * rate, pages and megabytes held, entries dropped), read with the run's internal-pages token.
 */
import { readFileSync } from "node:fs";
import { API_STATUS } from "@shared/domain/urls";
import { probe } from "./http-probe";

export interface ProcessMemory {
  /** Resident set size (VmRSS), bytes. */
  rss: number;
  /** Highest resident size so far (VmHWM), bytes. */
  peakRss: number;
  /** Anonymous resident memory (RssAnon: heaps, WebAssembly memory, buffers), bytes. */
  anon: number;
  /** File-backed resident memory (RssFile: code, mapped files), bytes. */
  file: number;
  threads: number;
}

const KB_FIELDS = { VmRSS: "rss", VmHWM: "peakRss", RssAnon: "anon", RssFile: "file" } as const;

/** The memory of process `pid` now; null when it is gone or /proc is not there. */
export function readProcessMemory(pid: number): ProcessMemory | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const memory: ProcessMemory = { rss: 0, peakRss: 0, anon: 0, file: 0, threads: 0 };
  for (const line of text.split("\n")) {
    const [name, rest] = line.split(":");
    if (!rest) continue;
    if (name in KB_FIELDS) memory[KB_FIELDS[name as keyof typeof KB_FIELDS]] = Number.parseInt(rest, 10) * 1024;
    else if (name === "Threads") memory.threads = Number.parseInt(rest, 10);
  }
  return memory.rss > 0 ? memory : null;
}

/** Resident memory of a process by kind of mapping, from /proc/{pid}/smaps, bytes. */
export interface MemoryMap {
  /** WebAssembly memories (PGlite's database engine, undici's HTTP parser...): a read-write
   * mapping at the start of a reservation of several GB. They grow and never shrink. */
  wasm: number;
  /** The largest WebAssembly memory alone (PGlite's). */
  largestWasm: number;
  /** malloc: the main arena ([heap]) and the per-thread arenas (64 MB aligned reservations). */
  malloc: number;
  /** Other anonymous memory: V8's heaps (every thread's), buffers, thread stacks. */
  otherAnon: number;
  /** File-backed: the node binary, libraries, mapped files. */
  file: number;
  total: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rss: number;
}

const GB4 = 4n * 1024n * 1024n * 1024n;
const MB64 = 64n * 1024n * 1024n;

/**
 * The site's resident memory by kind, from its memory map. A WebAssembly memory is a read-write
 * anonymous mapping followed by the inaccessible rest of a reservation of 4 GB or more; a malloc
 * arena of a thread is a read-write mapping at a 64 MB boundary whose reservation ends 64 MB on.
 */
export function readMemoryMap(pid: number): MemoryMap | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return null;
  }
  const mappings: Mapping[] = [];
  for (const line of text.split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      mappings.push({
        start: BigInt(`0x${header[1]}`),
        end: BigInt(`0x${header[2]}`),
        perms: header[3],
        name: header[4].trim(),
        rss: 0,
      });
    } else if (line.startsWith("Rss:") && mappings.length > 0) {
      mappings[mappings.length - 1].rss = Number.parseInt(line.slice(4), 10) * 1024;
    }
  }
  const map: MemoryMap = { wasm: 0, largestWasm: 0, malloc: 0, otherAnon: 0, file: 0, total: 0 };
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    map.total += m.rss;
    if (m.rss === 0) continue;
    const next = mappings[i + 1];
    const reservedTo =
      next && next.start === m.end && next.perms.startsWith("---") && next.name === "" ? next.end : m.end;
    if (m.name === "[heap]") map.malloc += m.rss;
    else if (m.name !== "" && !m.name.startsWith("[")) map.file += m.rss;
    else if (m.name === "" && m.perms.startsWith("rw") && reservedTo - m.start >= GB4) {
      map.wasm += m.rss;
      map.largestWasm = Math.max(map.largestWasm, m.rss);
    } else if (m.name === "" && m.perms.startsWith("rw") && m.start % MB64 === 0n && reservedTo - m.start === MB64)
      map.malloc += m.rss;
    else map.otherAnon += m.rss;
  }
  return map;
}

/** The command name of process `pid` ("node"), to check the pid is the site's and not a wrapper's. */
export function processName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

export interface PageCacheReading {
  hitRatePercent: number | null;
  hits: number;
  misses: number;
  entries: number;
  megabytes: number;
  maxMegabytes: number;
  /** Dropped after a data change or their maximum age. */
  expired: number;
  /** Dropped to stay within PAGE_CACHE_MB. */
  evicted: number;
}

const number = (text: string | undefined) => (text === undefined ? Number.NaN : Number(text.replace(/,/g, "")));

/**
 * The page cache's figures as /api-status prints them ("97% hit rate", "Holds 1,234 pages,
 * 31.9 MB of 32.0 MB", ...); null when the page is closed, the cache is off or the page changed.
 */
export function parsePageCacheFacts(html: string): PageCacheReading | null {
  // React separates adjacent text parts with empty comments.
  const text = html.replace(/<!-- -->/g, "");
  const holds = /<dt>Holds<\/dt><dd>([\d,]+) pages, ([\d.]+) MB of ([\d.]+) MB<\/dd>/.exec(text);
  if (!holds) return null;
  const rate = /([\d.]+)% hit rate/.exec(text);
  const hitsMisses = /<dt>Hits \/ misses<\/dt><dd>([\d,]+) \/ ([\d,]+)/.exec(text);
  const dropped = /<dt>Dropped<\/dt><dd>([\d,]+) after a data change or [\d,]+ s, ([\d,]+) to stay within memory/.exec(
    text,
  );
  return {
    hitRatePercent: rate ? Number(rate[1]) : null,
    hits: number(hitsMisses?.[1]),
    misses: number(hitsMisses?.[2]),
    entries: number(holds[1]),
    megabytes: Number(holds[2]),
    maxMegabytes: Number(holds[3]),
    expired: number(dropped?.[1]),
    evicted: number(dropped?.[2]),
  };
}

/** Reads the page cache's figures from the running site; null when they cannot be read. */
export async function readPageCache(origin: string, token: string): Promise<PageCacheReading | null> {
  try {
    const page = await probe(`${origin}${API_STATUS}`, { authorization: `Bearer ${token}` }, 10_000);
    return page.status === 200 ? parsePageCacheFacts(page.body.toString("utf8")) : null;
  } catch {
    return null;
  }
}

export function megabytes(bytes: number): string {
  return Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(1) : "n/a";
}
