import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import {
  configureProcessLog,
  createLog,
  flatLineWriterOf,
  getProcessLog,
  REDACTED,
  routeConsoleToLog,
  secretScrubber,
  secretValues,
  type LogOptions,
} from "./log";

/** A stream keeping what is written to it. */
function collector(): { stream: Writable; written: string[] } {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return { stream, written };
}

/** A log whose lines the test reads back, parsed (JSON) or as written (pretty). */
function capturedLog(options: Partial<LogOptions> = {}) {
  const { stream, written } = collector();
  const log = createLog({ level: "debug", format: "json", name: "test", ...options, destination: stream });
  return { log, written, lines: () => written.join("").trimEnd().split("\n").filter(Boolean) };
}

describe("secretValues", () => {
  it("takes every *_SECRET, *_TOKEN and *_KEY, and the passwords in *_URL", () => {
    const values = secretValues({
      PREVIEW_SECRET: "preview-secret-0123456789",
      INTERNAL_PAGES_TOKEN: "internal-token-0123456789",
      API_FOOTBALL_KEY: "football-key-0123456789",
      DATABASE_URL: "postgres://app:p%40ss-word-99@db:5432/app",
      MIGRATION_DATABASE_URL: "postgres://owner@db:5432/app",
      SITE_URL: "https://example.com",
      PORT: 3000,
      LOG_LEVEL: "info",
    });
    expect(values.sort()).toEqual(
      [
        "football-key-0123456789",
        "internal-token-0123456789",
        "p%40ss-word-99",
        "p@ss-word-99",
        "preview-secret-0123456789",
      ].sort(),
    );
  });

  it("leaves out values too short to search for and anything that is not text", () => {
    expect(secretValues({ SHORT_TOKEN: "abc", NUMBER_KEY: 12345678, EMPTY_SECRET: "" })).toEqual([]);
  });
});

describe("secretScrubber", () => {
  it("blanks a secret as written, percent-encoded and JSON-escaped", () => {
    const scrub = secretScrubber(['s3cret/with "quotes"&more'])!;
    expect(scrub('a s3cret/with "quotes"&more b')).toBe(`a ${REDACTED} b`);
    expect(scrub(`?x=${encodeURIComponent('s3cret/with "quotes"&more')}`)).toBe(`?x=${REDACTED}`);
    expect(scrub(JSON.stringify({ msg: 'said s3cret/with "quotes"&more' }))).toBe(`{"msg":"said ${REDACTED}"}`);
    expect(scrub("nothing to hide")).toBe("nothing to hide");
  });

  it("blanks the longer of two overlapping secrets whole", () => {
    const scrub = secretScrubber(["token-123456", "token-123456-and-more"])!;
    expect(scrub("x token-123456-and-more y token-123456")).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it("is not needed without secrets", () => {
    expect(secretScrubber([])).toBeNull();
  });
});

describe("createLog", () => {
  it("writes one JSON line per event with the level's name, the time, the process and the fields", () => {
    const { log, lines } = capturedLog();
    log.info({ reqId: "r-1", status: 200 }, "request");
    const [line] = lines().map((text) => JSON.parse(text));
    expect(line).toMatchObject({ level: "info", name: "test", reqId: "r-1", status: 200, msg: "request" });
    expect(Math.abs(line.time - Date.now())).toBeLessThan(5_000);
  });

  it("blanks credentials and cookies wherever a line carries headers", () => {
    const { log, lines } = capturedLog();
    log.warn(
      {
        headers: { authorization: "Bearer abc", cookie: "fkp_preview=1", accept: "text/html" },
        token: "t",
        password: "p",
      },
      "headers",
    );
    log.warn(
      {
        req: { headers: { authorization: "Bearer abc", cookie: "a=b" } },
        res: { headers: { "set-cookie": "fkp_internal=x" } },
      },
      "nested",
    );
    const [first, second] = lines().map((text) => JSON.parse(text));
    expect(first).toMatchObject({
      headers: { authorization: REDACTED, cookie: REDACTED, accept: "text/html" },
      token: REDACTED,
      password: REDACTED,
    });
    expect(second).toMatchObject({
      req: { headers: { authorization: REDACTED, cookie: REDACTED } },
      res: { headers: { "set-cookie": REDACTED } },
    });
  });

  it("blanks the configured secrets in any line, messages and error stacks included", () => {
    const secret = "metrics-token-0123456789";
    const { log, written } = capturedLog({ secrets: [secret] });
    log.error({ err: new Error(`refused ${secret}`), url: `/x?t=${secret}` }, `could not use ${secret}`);
    const text = written.join("");
    expect(text).not.toContain(secret);
    expect(text.split(REDACTED).length - 1).toBeGreaterThanOrEqual(4);
  });

  it("keeps an error's stack", () => {
    const { log, lines } = capturedLog();
    log.error({ err: new TypeError("boom") }, "failed");
    expect(JSON.parse(lines()[0]).err).toMatchObject({
      type: "TypeError",
      message: "boom",
      stack: expect.stringContaining("TypeError: boom"),
    });
  });

  it("writes nothing below its level", () => {
    const { log, lines } = capturedLog({ level: "warn" });
    log.info("not this");
    log.warn("this");
    expect(lines().map((text) => JSON.parse(text).msg)).toEqual(["this"]);
  });

  it("writes readable lines with LOG_FORMAT=pretty: the scope before the message, a request in one line", () => {
    const { log, lines } = capturedLog({ format: "pretty", secrets: ["pretty-secret-0123"] });
    log.info({ scope: "sync:live" }, "ok in 3 ms");
    log.info(
      {
        reqId: "r-2",
        method: "GET",
        path: "/about",
        route: "routes/about",
        status: 200,
        durationMs: 0.25,
        cache: "hit",
      },
      "request",
    );
    log.warn("the pretty-secret-0123 leaked");
    const [job, request, warning] = lines();
    expect(job).toMatch(/INFO.*\[sync:live\] ok in 3 ms$/);
    expect(request).toMatch(/INFO.*GET \/about 200 0\.25 ms hit \(routes\/about, r-2\)$/);
    expect(warning).toMatch(/WARN.*the \[redacted\] leaked$/);
    expect(job).not.toContain("{");
  });
});

describe("flatLineWriterOf", () => {
  const fields = {
    reqId: 'r-"3"\\',
    method: "GET",
    path: "/search?q=caf\u00e9\u2028&token=flat-secret-0123",
    route: "routes/search",
    status: 200,
    durationMs: 0.142,
    cache: undefined,
    aborted: true,
  };

  it("writes the line pino would write for the same flat fields, to the same stream, secrets blanked", () => {
    const { log, written } = capturedLog({ secrets: ["flat-secret-0123"] });
    log.info(fields, "request");
    flatLineWriterOf(log)!("info", fields, "request");
    flatLineWriterOf(log)!("error", { status: Number.NaN }, 'say "x"');
    log.error({ status: Number.NaN }, 'say "x"');
    expect(written).toHaveLength(4);
    const [byPino, flat, flatError, pinoError] = written.map((line) => {
      expect(line.endsWith("}\n")).toBe(true);
      expect(line).not.toContain("flat-secret-0123");
      return line.replace(/"time":\d+/, '"time":0');
    });
    expect(flat).toBe(byPino);
    expect(flatError).toBe(pinoError);
    expect(JSON.parse(flat)).toMatchObject({ level: "info", name: "test", reqId: 'r-"3"\\', aborted: true });
    expect(JSON.parse(flat)).not.toHaveProperty("cache");
  });

  it("has none for readable lines or a child log: those are written by pino", () => {
    expect(flatLineWriterOf(capturedLog({ format: "pretty" }).log)).toBeNull();
    expect(flatLineWriterOf(capturedLog().log.child({ scope: "x" }))).toBeNull();
  });
});

describe("the process's log", () => {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  afterEach(() => Object.assign(console, saved));

  it("is the one configured last, and takes console output as JSON lines, errors with their stacks", () => {
    const { stream, written } = collector();
    const log = configureProcessLog({ level: "info", format: "json", name: "web", destination: stream });
    expect(getProcessLog()).toBe(log);
    routeConsoleToLog(log);
    console.log("Serving http://localhost:%d", 3000);
    console.warn("careful");
    console.error(new RangeError("out of range"));
    const lines = written.map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["info", "Serving http://localhost:3000"],
      ["warn", "careful"],
      ["error", "out of range"],
    ]);
    expect(lines[2].err.stack).toContain("RangeError: out of range");
  });
});
