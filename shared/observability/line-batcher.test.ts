import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LineBatcher, type BatchSink } from "./line-batcher";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A writer that records what it is handed. */
function recordingSink() {
  const writes: string[] = [];
  let syncFlushes = 0;
  const sink: BatchSink = {
    write: (data: string) => void writes.push(data),
    flushSync: () => void (syncFlushes += 1),
    flush: (callback) => callback(),
  };
  return { sink, writes, syncFlushes: () => syncFlushes };
}

describe("LineBatcher", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("hands the writer one string per batch, in order, once the batch is full", () => {
    const { sink, writes } = recordingSink();
    const batcher = new LineBatcher(sink, { batchBytes: 30, flushEveryMs: 100 });
    for (let i = 0; i < 7; i++) batcher.write(`line ${i}\n`);
    // Seven characters a line: the fifth line fills the first batch of 30.
    expect(writes).toEqual(["line 0\nline 1\nline 2\nline 3\nline 4\n"]);
    vi.advanceTimersByTime(99);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(["line 0\nline 1\nline 2\nline 3\nline 4\n", "line 5\nline 6\n"]);
  });

  it("hands on a partial batch a tenth of a second after its first line, not after its last", () => {
    const { sink, writes } = recordingSink();
    const batcher = new LineBatcher(sink, { batchBytes: 16 * 1024, flushEveryMs: 100 });
    batcher.write("first\n");
    vi.advanceTimersByTime(60);
    batcher.write("second\n");
    vi.advanceTimersByTime(40);
    expect(writes).toEqual(["first\nsecond\n"]);
    vi.advanceTimersByTime(1_000);
    expect(writes).toHaveLength(1);
  });

  it("flushSync hands on what it holds and has the writer write it at once; flush(callback) waits for the writer", () => {
    const { sink, writes, syncFlushes } = recordingSink();
    const batcher = new LineBatcher(sink, { batchBytes: 16 * 1024, flushEveryMs: 100 });
    batcher.write("held\n");
    batcher.flushSync();
    expect([writes, syncFlushes()]).toEqual([["held\n"], 1]);
    const done = vi.fn();
    batcher.write("more\n");
    batcher.flush(done);
    expect([writes, done.mock.calls.length]).toEqual([["held\n", "more\n"], 1]);
  });
});

/** Runs a script that logs `count` lines with the process's stdout log, ending as `end` says; its stdout lines. */
function runLoggingProcess(count: number, end: "exit" | "drain" | "throw"): { lines: string[]; status: number | null } {
  const script = `
    import { createLog } from "./shared/observability/log.ts";
    const log = createLog({ level: "info", format: "json", name: "batch-test" });
    for (let i = 0; i < ${count}; i++) log.info({ i }, "line " + i);
    if (${JSON.stringify(end)} === "exit") process.exit(0);
    if (${JSON.stringify(end)} === "throw") setImmediate(() => { throw new Error("boom"); });
  `;
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { lines: result.stdout.split("\n").filter(Boolean), status: result.status };
}

describe("the stdout log's batches in a real process", () => {
  it.each(["exit", "drain", "throw"] as const)(
    "every line reaches stdout, in order, when the process ends by %s",
    (end) => {
      // 3,000 lines: several full batches, then a partial one still held when the process ends.
      const { lines, status } = runLoggingProcess(3_000, end);
      expect(status).toBe(end === "throw" ? 1 : 0);
      const logged = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { i: number });
      expect(logged.map((line) => line.i)).toEqual(Array.from({ length: 3_000 }, (_, i) => i));
    },
    30_000,
  );
});
