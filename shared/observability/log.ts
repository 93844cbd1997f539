/**
 * The processes' log (pino): one JSON line per event on stdout, for a log collector, or readable
 * lines for development (`LOG_FORMAT=pretty`). Lines are written asynchronously, in batches (at
 * most a tenth of a second late, and flushed when the process exits), so a request never waits
 * for its log line.
 *
 * Nothing secret reaches the log: fields that carry credentials (Authorization, cookies,
 * Set-Cookie, tokens) are blanked wherever a line carries them, and every line passes a last
 * filter that replaces the values of the configured secrets (`secretValues`) before it is
 * written, whatever code wrote it (an error message quoting a URL, a library's warning).
 */
import { format } from "node:util";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";
import { LineBatcher } from "./line-batcher";

export type LogFormat = "json" | "pretty";
export type LogLevelName = "debug" | "info" | "warn" | "error";
export type AppLog = Logger;

/** What a blanked value is replaced with. */
export const REDACTED = "[redacted]";

/**
 * Fields blanked in every line (pino's `redact`): credentials and cookies of a request or an
 * answer, however a caller nests them.
 */
const REDACTED_FIELDS = [
  "authorization",
  "cookie",
  "token",
  "secret",
  "password",
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

/** Variables whose values are secrets: every `*_SECRET`, `*_TOKEN` and `*_KEY`. */
const SECRET_VARIABLE = /(?:SECRET|TOKEN|_KEY)$/;
/** Variables that are URLs and may carry a password (`postgres://user:password@host/db`). */
const URL_VARIABLE = /_URL$/;
/**
 * Lines are written to stdout in batches of about this many bytes (some two hundred request
 * lines), or every FLUSH_EVERY_MS when fewer come: a write (a system call on a thread of libuv's
 * pool) costs tens of microseconds however short, as much as answering a cached page. Batches of
 * 16 KB cost 1.0 µs a request line, writing to a file; of 56 KB, 0.6 µs.
 */
const BATCH_BYTES = 56 * 1024;
const MAX_WRITE_BYTES = 64 * 1024;
const FLUSH_EVERY_MS = 100;
/**
 * Lines waiting for stdout at most: a collector that stops reading costs lines (dropped past
 * this), never the process's memory.
 */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** Shorter values are not worth a search per line (and would blank ordinary words). */
const MIN_SECRET_LENGTH = 6;

/**
 * The secret values of an environment: those of every secret variable and the passwords of URLs,
 * for the log's last filter.
 */
export function secretValues(env: Readonly<Record<string, unknown>>): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (typeof value !== "string" || value === "") continue;
    if (SECRET_VARIABLE.test(name)) values.add(value);
    else if (URL_VARIABLE.test(name)) {
      try {
        const password = new URL(value).password;
        if (password) {
          values.add(password);
          values.add(decodeURIComponent(password));
        }
      } catch {
        // Not a URL: nothing to hide.
      }
    }
  }
  return [...values].filter((value) => value.length >= MIN_SECRET_LENGTH);
}

/**
 * A filter that replaces every occurrence of the secrets in a line (as written, percent-encoded
 * as in a query string, and escaped as in JSON), or null when there is nothing to hide. The
 * longest forms are replaced first, so a secret containing another is blanked whole.
 */
export function secretScrubber(secrets: readonly string[]): ((line: string) => string) | null {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  if (forms.size === 0) return null;
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (line) => {
    let scrubbed = line;
    // A search per secret: most lines contain none, and includes() costs less than a regex.
    for (const form of ordered) if (scrubbed.includes(form)) scrubbed = scrubbed.split(form).join(REDACTED);
    return scrubbed;
  };
}

export interface LogOptions {
  level: LogLevelName;
  format: LogFormat;
  /** The process: `web` or `worker`. */
  name: string;
  /** Values never to write (secretValues of the environment). */
  secrets?: readonly string[];
  /** Where lines go (formatted, with pretty); default stdout. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

/** Readable lines: time, level, scope, message; a request as `GET /path 200 1.2 ms hit`. On stdout unless told. */
/** A logged value as text: strings as they are, anything else as JSON. */
const text = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

function prettyStream(destination?: DestinationStream): DestinationStream {
  return pretty({
    colorize: !destination && Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,name,scope,reqId,method,path,route,status,durationMs,cache",
    singleLine: true,
    messageFormat: (line, messageKey) => {
      const scope = line.scope ? `[${text(line.scope)}] ` : "";
      if (line.reqId === undefined) return `${scope}${text(line[messageKey] ?? "")}`;
      const cache = line.cache ? ` ${text(line.cache)}` : "";
      return `${text(line.method)} ${text(line.path)} ${text(line.status)} ${text(line.durationMs)} ms${cache} (${text(line.route)}, ${text(line.reqId)})`;
    },
    sync: true,
    ...(destination ? { destination } : {}),
  });
}

/** A flat line's fields: text, numbers and flags only (what a request line holds). */
export type FlatFields = Readonly<Record<string, string | number | boolean | undefined>>;

/** Writes one line of flat fields at a level, with a message, as the log's own lines read. */
export type FlatLineWriter = (level: LogLevelName, fields: FlatFields, message: string) => void;

/** The flat-line writers of the JSON logs createLog made (not of their children). */
const flatWriters = new WeakMap<AppLog, FlatLineWriter>();

/**
 * A writer of flat lines for `log`, exactly as pino would write them (same fields in the same
 * order, the same secret filter, the same stream), or null when the log is not one createLog made
 * for JSON (pretty lines, a child logger): use the log itself then. The caller checks the level.
 *
 * For the one line per request: pino takes 1.3 µs to write one (its serializers, redaction and
 * hooks for any object), this 0.4 µs, on a cached live score answered in 30.
 */
export function flatLineWriterOf(log: AppLog): FlatLineWriter | null {
  return flatWriters.get(log) ?? null;
}

function flatLineWriter(
  log: AppLog,
  stream: DestinationStream,
  scrub: ((line: string) => string) | null,
): FlatLineWriter {
  // `,"pid":…,"hostname":…,"name":…`: the bindings pino puts after the time.
  const bindings = (log as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? "";
  const valueOf = (value: string | number | boolean): string =>
    typeof value === "string"
      ? JSON.stringify(value)
      : typeof value === "number" && !Number.isFinite(value)
        ? "null"
        : String(value);
  return (level, fields, message) => {
    let line = `{"level":"${level}","time":${Date.now()}${bindings}`;
    for (const name in fields) {
      const value = fields[name];
      if (value !== undefined) line += `,${JSON.stringify(name)}:${valueOf(value)}`;
    }
    line += `,"msg":${JSON.stringify(message)}}\n`;
    stream.write(scrub ? scrub(line) : line);
  };
}

/** A logger writing to `options.destination`, or to stdout in the chosen format. */
export function createLog(options: LogOptions): AppLog {
  const scrub = secretScrubber(options.secrets ?? []);
  const settings: LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACTED_FIELDS, censor: REDACTED },
    // Milliseconds since 1970 (pino's default): a tenth of the cost of an ISO date per line.
    timestamp: pino.stdTimeFunctions.epochTime,
    // Level names in JSON ("info"), which collectors read without a table; pino-pretty reads numbers.
    ...(options.format === "json" ? { formatters: { level: (label: string) => ({ level: label }) } } : {}),
    ...(scrub ? { hooks: { streamWrite: scrub } } : {}),
  };
  const destination =
    options.format === "pretty"
      ? prettyStream(options.destination)
      : (options.destination ??
        new LineBatcher(
          // The batcher hands over whole batches: each is written as soon as no write is under way.
          pino.destination({
            dest: 1,
            sync: false,
            minLength: 0,
            maxWrite: MAX_WRITE_BYTES,
            maxLength: MAX_BUFFERED_BYTES,
          }),
          { batchBytes: BATCH_BYTES, flushEveryMs: FLUSH_EVERY_MS },
        ));
  const log = pino(settings, destination);
  if (options.format === "json") flatWriters.set(log, flatLineWriter(log, destination, scrub));
  return log;
}

let processLog: AppLog | null = null;

/**
 * Sets the process's log (the process entry calls it once, from the environment); later calls
 * replace it. Libraries that log without being handed a logger (the worker's default sink) use it.
 */
export function configureProcessLog(options: LogOptions): AppLog {
  processLog = createLog(options);
  return processLog;
}

/** The process's log: as configured, else JSON lines on stdout at info. */
export function getProcessLog(): AppLog {
  processLog ??= createLog({ level: "info", format: "json", name: "process" });
  return processLog;
}

/**
 * Sends `console.log`, `console.warn` and `console.error` of this process through the log, so
 * every line the process writes is one JSON line and passes the secret filter: a library's
 * warning and an error Remix prints alike. An error keeps its stack in the line.
 */
export function routeConsoleToLog(log: AppLog): void {
  const write =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]): void => {
      const [first, ...rest] = args;
      if (first instanceof Error && rest.length === 0) log[level]({ err: first }, first.message);
      else log[level](format(...args));
    };
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
}

/** A log that writes nothing (tests, and servers built without one). */
export const silentLog: AppLog = pino({ level: "silent" });
