/**
 * The worker's log: leveled lines with a scope, written to stderr by default. Tests pass their
 * own sink to read what was said.
 */

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** The same log with a longer scope: `[sync:backfill]`. */
  child(scope: string): Logger;
}

export type LogSink = (level: LogLevel, line: string) => void;

const consoleSink: LogSink = (level, line) => {
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
};

export function createLogger(options: { level?: LogLevel; scope?: string; sink?: LogSink } = {}): Logger {
  const minimum = LOG_LEVELS.indexOf(options.level ?? "info");
  const sink = options.sink ?? consoleSink;
  const scope = options.scope ?? "sync";
  const write = (level: LogLevel) => (message: string) => {
    if (LOG_LEVELS.indexOf(level) >= minimum) sink(level, `[${scope}] ${message}`);
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
export function memoryLogger(level: LogLevel = "debug"): Logger & { lines: { level: LogLevel; line: string }[] } {
  const lines: { level: LogLevel; line: string }[] = [];
  return Object.assign(createLogger({ level, sink: (l, line) => lines.push({ level: l, line }) }), { lines });
}
