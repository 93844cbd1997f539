/**
 * The worker's log: leveled lines with a scope. By default each is a JSON line of the process's
 * log (shared/observability/log.ts: `{"level":"info","scope":"sync:backfill","msg":"…"}`, or a
 * readable line with LOG_FORMAT=pretty); fields given with a line (a run's id, its counts) are
 * written beside the message. Tests pass their own sink to read what was said.
 */
import { getProcessLog } from "@shared/observability/log";

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Structured fields of a line: `{ runId: 12, job: "results", rowsWritten: 40 }`; `err` keeps an error's stack. */
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** The same log with a longer scope: `[sync:backfill]`. */
  child(scope: string): Logger;
}

/** A line as a sink receives it: the readable form `[scope] message`, and its parts. */
export interface LogEntry {
  scope: string;
  message: string;
  fields?: LogFields;
}

export type LogSink = (level: LogLevel, line: string, entry: LogEntry) => void;

/** The process's log (pino), one JSON line per call with the scope as a field. */
const processSink: LogSink = (level, _line, entry) => {
  getProcessLog()[level]({ ...entry.fields, scope: entry.scope }, entry.message);
};

export function createLogger(options: { level?: LogLevel; scope?: string; sink?: LogSink } = {}): Logger {
  const minimum = LOG_LEVELS.indexOf(options.level ?? "info");
  const sink = options.sink ?? processSink;
  const scope = options.scope ?? "sync";
  const write = (level: LogLevel) => (message: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(level) >= minimum) sink(level, `[${scope}] ${message}`, { scope, message, fields });
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (child) => createLogger({ level: options.level, sink, scope: `${scope}:${child}` }),
  };
}

/** A log that keeps its lines, for tests and for summaries. */
export function memoryLogger(
  level: LogLevel = "debug",
): Logger & { lines: { level: LogLevel; line: string; fields?: LogFields }[] } {
  const lines: { level: LogLevel; line: string; fields?: LogFields }[] = [];
  return Object.assign(
    createLogger({
      level,
      sink: (l, line, entry) => lines.push({ level: l, line, ...(entry.fields ? { fields: entry.fields } : {}) }),
    }),
    { lines },
  );
}
