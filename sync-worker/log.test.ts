import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { configureProcessLog } from "@shared/observability/log";
import { createLogger, memoryLogger } from "./log";

describe("createLogger", () => {
  it("writes JSON lines to the process's log by default: the scope and the fields beside the message", () => {
    const lines: Record<string, unknown>[] = [];
    configureProcessLog({
      level: "debug",
      format: "json",
      name: "worker",
      secrets: ["football-key-0123456789"],
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      }),
    });
    const log = createLogger({ level: "info" }).child("results");
    log.debug("not at info");
    log.info("ok in 12 ms (40 read, 40 written, 0 rejected)", { runId: 7, job: "results", rowsWritten: 40 });
    log.error("failed: the key football-key-0123456789 was refused", { runId: 8, job: "results" });
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        name: "worker",
        scope: "sync:results",
        runId: 7,
        job: "results",
        rowsWritten: 40,
        msg: "ok in 12 ms (40 read, 40 written, 0 rejected)",
      }),
      expect.objectContaining({
        level: "error",
        scope: "sync:results",
        runId: 8,
        msg: "failed: the key [redacted] was refused",
      }),
    ]);
  });
});

describe("memoryLogger", () => {
  it("keeps the readable line and the fields", () => {
    const log = memoryLogger();
    log.child("live").info("ok", { runId: 3 });
    log.warn("no fields");
    expect(log.lines).toEqual([
      { level: "info", line: "[sync:live] ok", fields: { runId: 3 } },
      { level: "warn", line: "[sync] no fields" },
    ]);
  });
});
