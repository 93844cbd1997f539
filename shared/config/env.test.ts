import { describe, expect, it } from "vitest";
import { DEFAULT_REPLAY_INSTANT, InvalidEnvironmentError, parseClockSetting, parseEnv } from "./env";

describe("parseEnv", () => {
  it("needs no configuration: embedded database, replay clock, embedded worker", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DATA_DIR).toBe(".data/pglite");
    expect(env.CLOCK).toEqual({ kind: "replay", start: new Date(DEFAULT_REPLAY_INSTANT), speed: 1 });
    expect(env.WORKER).toBe("embedded");
    expect(env.FOOTBALL_DATA_BASE_URL).toBe("https://www.football-data.co.uk/mmz4281");
  });

  it("runs the worker separately when Postgres is configured", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" });
    expect(env.WORKER).toBe("separate");
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", API_FOOTBALL_KEY: "" }).API_FOOTBALL_KEY).toBeUndefined();
  });

  it.each([
    ["PORT", "eighty", 'PORT="eighty": expected a port number from 1 to 65535'],
    ["PORT", "70000", 'PORT="70000"'],
    ["DATABASE_URL", "mysql://x", 'DATABASE_URL="mysql://x": expected a postgres:// connection URL'],
    ["CLOCK", "yesterday", 'CLOCK="yesterday": expected "real" or "replay:<ISO instant>[,speed=<n>]"'],
    ["SANITY_API_VERSION", "v1", "expected an API version date such as 2025-02-19"],
    ["PREVIEW_SECRET", "short", 'PREVIEW_SECRET="short": expected a secret of at least 16 characters'],
    ["WORKER", "sometimes", 'WORKER="sometimes"'],
  ])("%s=%s stops start-up with a message naming the variable", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(InvalidEnvironmentError);
    expect(() => parseEnv({ [name]: value })).toThrowError(message);
  });

  it("lists every bad variable at once", () => {
    try {
      parseEnv({ PORT: "x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (e) {
      expect((e as InvalidEnvironmentError).problems.map((p) => p.split("=")[0])).toEqual(["PORT", "LOG_LEVEL"]);
    }
  });

  it("refuses a separate worker without a shared database", () => {
    expect(() => parseEnv({ WORKER: "separate" })).toThrowError("set DATABASE_URL or use WORKER=embedded");
  });

  it("migrates as MIGRATION_DATABASE_URL's role when set, which needs DATABASE_URL", () => {
    expect(parseEnv({}).MIGRATION_DATABASE_URL).toBeUndefined();
    const env = parseEnv({
      DATABASE_URL: "postgres://app@127.0.0.1:5432/db",
      MIGRATION_DATABASE_URL: "postgres://owner@127.0.0.1:5432/db",
    });
    expect([env.DATABASE_URL, env.MIGRATION_DATABASE_URL]).toEqual([
      "postgres://app@127.0.0.1:5432/db",
      "postgres://owner@127.0.0.1:5432/db",
    ]);
    expect(() => parseEnv({ MIGRATION_DATABASE_URL: "postgres://owner@127.0.0.1:5432/db" })).toThrowError(
      "MIGRATION_DATABASE_URL: it is the owner's connection to the database of DATABASE_URL; set DATABASE_URL too",
    );
    expect(() =>
      parseEnv({ DATABASE_URL: "postgres://app@127.0.0.1:5432/db", MIGRATION_DATABASE_URL: "mysql://x" }),
    ).toThrowError('MIGRATION_DATABASE_URL="mysql://x": expected a postgres:// connection URL');
  });
});

describe("parseClockSetting", () => {
  it.each([
    ["real", { kind: "real" }],
    ["replay:2026-02-07T14:30:00Z", { kind: "replay", start: new Date("2026-02-07T14:30:00Z"), speed: 1 }],
    ["replay:2026-02-07T14:30:00Z,speed=60", { kind: "replay", start: new Date("2026-02-07T14:30:00Z"), speed: 60 }],
  ])("%s", (value, expected) => {
    expect(parseClockSetting(value)).toEqual(expected);
  });

  it.each(["replay:", "replay:tomorrow", "replay:2026-02-07T14:30:00Z,speed=0", "replay:2026-02-07"])(
    "rejects %s",
    (value) => {
      expect(() => parseClockSetting(value)).toThrow();
    },
  );
});

describe("editorial content settings", () => {
  it("reads the local content dataset by default", () => {
    const env = parseEnv({});
    expect(env.LOCAL_CONTENT_FILE).toBe("content/dataset.ndjson");
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it("lets the embedded default open preview without SESSION_SECRET", () => {
    expect(parseEnv({ PREVIEW_SECRET: "preview-secret-0123" }).PREVIEW_SECRET).toBe("preview-secret-0123");
  });

  it.each([
    [{ PREVIEW_SECRET: "preview-secret-0123", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" }],
    [{ SANITY_PROJECT_ID: "abc123", SANITY_READ_TOKEN: "sk-read" }],
  ])("requires SESSION_SECRET where preview can open in a production setup: %j", (variables) => {
    expect(() => parseEnv(variables)).toThrowError("SESSION_SECRET: draft preview is enabled");
    expect(parseEnv({ ...variables, SESSION_SECRET: "a-shared-session-secret" }).SESSION_SECRET).toBe(
      "a-shared-session-secret",
    );
  });

  it("reads the Studio's origins allowed by CORS from STUDIO_ORIGIN", () => {
    expect(parseEnv({}).STUDIO_ORIGIN).toEqual([]);
    expect(parseEnv({ STUDIO_ORIGIN: "http://localhost:3333, https://studio.example.com/" }).STUDIO_ORIGIN).toEqual([
      "http://localhost:3333",
      "https://studio.example.com",
    ]);
  });

  it("needs no SESSION_SECRET in production while preview cannot open", () => {
    expect(() =>
      parseEnv({ SANITY_PROJECT_ID: "abc123", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app" }),
    ).not.toThrow();
  });

  it.each([
    ["SESSION_SECRET", "short", 'SESSION_SECRET="short": expected a secret of at least 16 characters'],
    [
      "SANITY_STUDIO_URL",
      "studio.example",
      'SANITY_STUDIO_URL="studio.example": expected the http(s) origin of the hosted Studio',
    ],
    [
      "STUDIO_ORIGIN",
      "https://studio.example.com/desk",
      'STUDIO_ORIGIN="https://studio.example.com/desk": expected comma-separated http(s) origins',
    ],
    ["STUDIO_ORIGIN", "*", 'STUDIO_ORIGIN="*": expected comma-separated http(s) origins'],
  ])("%s=%s stops start-up", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(message);
  });
});

describe("public origin and analytics", () => {
  it("takes the public origin from SITE_URL, else the local address of PORT", () => {
    expect(parseEnv({}).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PORT: "8080", SITE_URL: "https://firstkickpicks.example" }).SITE_URL).toBe(
      "https://firstkickpicks.example",
    );
  });

  it("needs the tag-manager host and the measurement id together", () => {
    const env = parseEnv({ ANALYTICS_HOST: "https://metrics.example.com", ANALYTICS_MEASUREMENT_ID: "G-ABC123XYZ" });
    expect([env.ANALYTICS_HOST, env.ANALYTICS_MEASUREMENT_ID]).toEqual(["https://metrics.example.com", "G-ABC123XYZ"]);
    expect(() => parseEnv({ ANALYTICS_MEASUREMENT_ID: "G-ABC123XYZ" })).toThrowError(
      "ANALYTICS_HOST: ANALYTICS_MEASUREMENT_ID is set",
    );
    expect(() => parseEnv({ ANALYTICS_HOST: "https://metrics.example.com" })).toThrowError(
      "ANALYTICS_MEASUREMENT_ID: ANALYTICS_HOST is set",
    );
  });

  it.each([
    [
      "ANALYTICS_HOST",
      "http://metrics.example.com",
      "expected the https origin of the tag-manager host (http only on localhost)",
    ],
    ["ANALYTICS_HOST", "metrics.example.com", "expected the https origin of the tag-manager host"],
    [
      "ANALYTICS_MEASUREMENT_ID",
      "G ABC",
      'ANALYTICS_MEASUREMENT_ID="G ABC": expected a measurement id such as G-ABC123XYZ',
    ],
  ])("%s=%s stops start-up", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(message);
  });

  it("allows a plain-http tag-manager host on this machine only", () => {
    const env = parseEnv({ ANALYTICS_HOST: "http://127.0.0.1:9000", ANALYTICS_MEASUREMENT_ID: "G-ABC123XYZ" });
    expect(env.ANALYTICS_HOST).toBe("http://127.0.0.1:9000");
  });
});

describe("trusted proxies", () => {
  it("trusts no proxy by default, so the socket address is the client", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
  });

  it("takes a number of hops or a list of addresses, ranges and names", () => {
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,2001:db8::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::1",
    ]);
  });

  it.each(["true", "10.0.0.0/33", "proxy.example.com", "11"])("TRUST_PROXY=%s stops start-up", (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrowError(
      `TRUST_PROXY="${value}": expected off, a number of hops, or addresses`,
    );
  });
});

describe("request body limit", () => {
  it("caps request bodies at 1 MB unless MAX_REQUEST_BODY_KB says otherwise", () => {
    expect(parseEnv({}).MAX_REQUEST_BODY_KB).toBe(1024);
    expect(parseEnv({ MAX_REQUEST_BODY_KB: "64" }).MAX_REQUEST_BODY_KB).toBe(64);
  });

  it.each(["0", "-1", "1.5", "lots", "1048577"])("MAX_REQUEST_BODY_KB=%s stops start-up", (value) => {
    expect(() => parseEnv({ MAX_REQUEST_BODY_KB: value })).toThrowError(
      `MAX_REQUEST_BODY_KB="${value}": expected a whole number of kilobytes`,
    );
  });
});

describe("logs and metrics settings", () => {
  it("writes JSON lines and keeps /metrics closed unless told", () => {
    const env = parseEnv({});
    expect([env.LOG_FORMAT, env.METRICS_TOKEN, env.METRICS_PORT, env.METRICS_HOST]).toEqual([
      "json",
      undefined,
      undefined,
      "127.0.0.1",
    ]);
    const configured = parseEnv({
      LOG_FORMAT: "pretty",
      METRICS_TOKEN: "metrics-token-0123456789",
      METRICS_PORT: "9464",
      METRICS_HOST: "0.0.0.0",
    });
    expect([configured.LOG_FORMAT, configured.METRICS_TOKEN, configured.METRICS_PORT, configured.METRICS_HOST]).toEqual(
      ["pretty", "metrics-token-0123456789", 9464, "0.0.0.0"],
    );
  });

  it.each([
    ["LOG_FORMAT", "yaml", 'LOG_FORMAT="yaml": expected json or pretty'],
    ["METRICS_TOKEN", "short", 'METRICS_TOKEN="short": expected a secret of at least 16 characters'],
    ["METRICS_PORT", "70000", 'METRICS_PORT="70000": expected a port number from 1 to 65535'],
    ["METRICS_PORT", "http", 'METRICS_PORT="http": expected a port number from 1 to 65535'],
  ])("%s=%s stops start-up", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(message);
  });

  it("refuses a metrics port that is the site's own", () => {
    expect(() => parseEnv({ PORT: "8080", METRICS_PORT: "8080" })).toThrowError("METRICS_PORT=8080: it is PORT too");
    expect(() => parseEnv({ METRICS_PORT: "3000" })).toThrowError("METRICS_PORT=3000: it is PORT too");
  });
});
