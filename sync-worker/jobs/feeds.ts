import type { Logger } from "../log";
import type { Feed, RejectedRecord } from "../providers/types";
import type { JobResult } from "./types";

/** One log line per rejected record, naming where it came from and why. */
export function logRejected(log: Logger, rejected: readonly RejectedRecord[]): void {
  for (const r of rejected) log.warn(`rejected ${r.source}${r.line === null ? "" : ` line ${r.line}`}: ${r.reason}`);
}

/** Adds a feed's counts to a job result, logging its rejections and keeping them in the details. */
export function countFeed(result: JobResult, feed: Feed<unknown>, log: Logger): void {
  result.rowsRead += feed.read;
  result.rowsRejected += feed.rejected.length;
  logRejected(log, feed.rejected);
  if (feed.rejected.length > 0) {
    const kept = (result.details?.rejected as string[] | undefined) ?? [];
    const lines = feed.rejected.map((r) => `${r.source}${r.line === null ? "" : `:${r.line}`}: ${r.reason}`);
    result.details = { ...result.details, rejected: [...kept, ...lines] };
  }
}
