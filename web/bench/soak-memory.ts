/**
 * What the memory soak reads of the site process besides its load: the memory sample taken every
 * few seconds, the main thread's garbage collections read from the site's --trace-gc log, and V8
 * heap snapshots written on a signal.
 */
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";
import type { MemoryMap, PageCacheReading, ProcessMemory } from "./process-memory";
import { sleep, type Phase } from "./soak-load";

export interface MemorySample {
  /** Seconds since the load started. */
  t: number;
  phase: Phase;
  memory: ProcessMemory | null;
  /** Resident memory by kind of mapping (WebAssembly, malloc, V8 and other anonymous, files). */
  map: MemoryMap | null;
  cache: PageCacheReading | null;
  /** Main thread's V8 heap reserved after its latest collection before the sample (from --trace-gc, filled in at the end), MB. */
  v8ReservedMb?: number;
  sent: number;
  answered: number;
  hits: number;
  misses: number;
}

export interface GcReading {
  /** Seconds since the load started. */
  t: number;
  /** Mark-Compact (full) or Scavenge / Minor Mark-Sweep (young generation). */
  kind: "full" | "minor";
  /** V8 heap in use when the collection started, MB. */
  heapBeforeMb: number;
  /** V8 heap in use after the collection, MB. */
  heapAfterMb: number;
  /** Heap reserved (committed) after it, MB. */
  heapCommittedMb: number;
}

const GC_LINE =
  /^\[(\d+):(0x[0-9a-f]+)\]\s+(\d+) ms: (Mark-Compact|Scavenge|Minor Mark-Sweep)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/;

/**
 * Collections of the site's main thread from its --trace-gc output (appended to `logFile`
 * from byte `from` on). Each isolate reports apart (the module loader's and the prediction
 * engine's threads have their own); the main thread's is the one collecting most often while the
 * load runs.
 */
export function readGcTrace(
  logFile: string,
  from: number,
  pid: number,
  processStartedAt: number,
  loadStartedAt: number,
): { main: GcReading[]; others: GcReading[][] } {
  let text: string;
  try {
    text = readFileSync(logFile).subarray(from).toString("utf8");
  } catch {
    return { main: [], others: [] };
  }
  const byIsolate = new Map<string, GcReading[]>();
  for (const line of text.split("\n")) {
    const match = GC_LINE.exec(line);
    if (!match || Number(match[1]) !== pid) continue;
    const at = processStartedAt + Number(match[3]);
    const readings = byIsolate.get(match[2]) ?? [];
    const kind = match[4] === "Mark-Compact" ? "full" : "minor";
    readings.push({
      t: (at - loadStartedAt) / 1000,
      kind,
      heapBeforeMb: Number(match[5]),
      heapAfterMb: Number(match[6]),
      heapCommittedMb: Number(match[7]),
    });
    byIsolate.set(match[2], readings);
  }
  const duringLoad = (readings: GcReading[]) => readings.filter((r) => r.t >= 0 && r.kind === "full").length;
  const [main = [], ...others] = [...byIsolate.values()].sort((a, b) => duringLoad(b) - duringLoad(a));
  return { main, others };
}

/** The last `bytes` bytes of a file, as text. */
function tail(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Sends SIGUSR2 (the site runs with --heapsnapshot-signal) and waits for the snapshot file to be complete. */
export async function takeHeapSnapshot(pid: number, dir: string): Promise<string | null> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  let file: string | null = null;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await sleep(1_000);
    file ??= readdirSync(dir).find((name) => name.endsWith(".heapsnapshot") && !before.has(name)) ?? null;
    if (!file) continue;
    const size = statSync(path.join(dir, file)).size;
    // A snapshot ends with the strings table's closing brackets.
    if (size > 0 && size === lastSize && tail(path.join(dir, file), 8).includes("]}")) return file;
    lastSize = size;
  }
  return file;
}
