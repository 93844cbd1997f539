import { isIP } from "node:net";
import { z } from "zod";
import { parseDataSources } from "./data-sources";

/**
 * The whole environment of every process, parsed once. An invalid value stops start-up with a
 * message that names the variable and what it expects. Every variable is documented in README.md.
 */

/** 7 February 2026, 15:50 UTC: a Saturday with Premier League and Bundesliga matches live,
 * the early kick-off finished, and evening matches in Spain, Italy and France still to come. */
export const DEFAULT_REPLAY_INSTANT = "2026-02-07T15:50:00Z";

/** Seasons of football-data.co.uk files the backfill can read: 2005/06 to 2025/26. */
export const MAX_BACKFILL_SEASONS = 21;

export type ClockSetting = { kind: "real" } | { kind: "replay"; start: Date; speed: number };

export function parseClockSetting(value: string): ClockSetting {
  if (value === "real") return { kind: "real" };
  const m = /^replay:([^,]+)(?:,speed=(\d+(?:\.\d+)?))?$/.exec(value);
  if (!m) throw new Error('expected "real" or "replay:<ISO instant>[,speed=<n>]"');
  const start = new Date(m[1]);
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(m[1])) {
    throw new Error(`"${m[1]}" is not an ISO instant such as ${DEFAULT_REPLAY_INSTANT}`);
  }
  const speed = m[2] === undefined ? 1 : Number(m[2]);
  if (!(speed > 0)) throw new Error("speed must be a number above 0");
  return { kind: "replay", start, speed };
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `expected ${hint}`);

/** The tag-manager host serves a script every page runs: https, or plain http on this machine only. */
function isAnalyticsOrigin(value: string): boolean {
  try {
    const { protocol, hostname } = new URL(value);
    return protocol === "https:" || (protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname));
  } catch {
    return false;
  }
}

/**
 * Which proxies in front of the site are trusted to say who the client is (X-Forwarded-For), in
 * the forms Express accepts: off (the default: the socket's address is the client), a number of
 * proxy hops, or a list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 */
export type TrustProxySetting = false | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

export function parseTrustProxy(value: string): TrustProxySetting {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "off" || v === "0") return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error("a number of proxy hops must be from 0 to 10");
    return hops;
  }
  const entries = v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address, bits, ...rest] = entry.split("/");
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`"${entry}" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

const secret = z
  .string()
  .trim()
  .min(16, "expected a secret of at least 16 characters")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** A whole number from `min` to `max` given as text. */
function wholeNumber(min: number, max: number, expected: string) {
  return z.coerce
    .number({ error: `expected ${expected}` })
    .int(`expected ${expected}`)
    .min(min, `expected ${expected}`)
    .max(max, `expected ${expected}`);
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "expected a port number from 1 to 65535" })
    .int("expected a port number from 1 to 65535")
    .min(1, "expected a port number from 1 to 65535")
    .max(65535, "expected a port number from 1 to 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  /** Unset: http://localhost:{PORT}, the address the site prints at start-up. */
  SITE_URL: url(["http:", "https:"], "an absolute http(s) URL such as https://example.com").optional(),
  DATABASE_URL: url(["postgres:", "postgresql:"], "a postgres:// connection URL").optional(),
  /** The role migrations run as (the schema's owner) when DATABASE_URL's role is not; default DATABASE_URL. */
  MIGRATION_DATABASE_URL: url(["postgres:", "postgresql:"], "a postgres:// connection URL").optional(),
  PGLITE_DATA_DIR: z.string().trim().min(1).default(".data/pglite"),
  CLOCK: z
    .string()
    .trim()
    .default(`replay:${DEFAULT_REPLAY_INSTANT}`)
    .transform((v, ctx) => {
      try {
        return parseClockSetting(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
        return z.NEVER;
      }
    }),
  WORKER: z.enum(["embedded", "separate", "off"]).optional(),
  FOOTBALL_DATA_DIR: optionalText,
  FOOTBALL_DATA_BASE_URL: url(["http:", "https:"], "an http(s) URL").default("https://www.football-data.co.uk/mmz4281"),
  DATA_PROVIDERS: z
    .string()
    .trim()
    .default("")
    .transform((v, ctx) => {
      try {
        return parseDataSources(v);
      } catch (e) {
        ctx.addIssue({
          code: "custom",
          message: `${(e as Error).message}; expected kind=source pairs such as live=api-football,standings=results`,
        });
        return z.NEVER;
      }
    }),
  BACKFILL_SEASONS: z.coerce
    .number({ error: `expected a number of seasons from 1 to ${MAX_BACKFILL_SEASONS}` })
    .int(`expected a number of seasons from 1 to ${MAX_BACKFILL_SEASONS}`)
    .min(1, `expected a number of seasons from 1 to ${MAX_BACKFILL_SEASONS}`)
    .max(MAX_BACKFILL_SEASONS, `expected a number of seasons from 1 to ${MAX_BACKFILL_SEASONS}`)
    .default(10),
  API_FOOTBALL_KEY: optionalText,
  API_FOOTBALL_BASE_URL: url(["http:", "https:"], "an http(s) URL").default("https://v3.football.api-sports.io"),
  SANITY_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, "expected a Sanity project id (lowercase letters, digits, dashes)")
    .optional(),
  SANITY_DATASET: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]+$/, "expected a dataset name (lowercase letters, digits, _ and -)")
    .default("production"),
  SANITY_API_VERSION: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "expected an API version date such as 2025-02-19")
    .default("2025-02-19"),
  SANITY_READ_TOKEN: optionalText,
  SANITY_WRITE_TOKEN: optionalText,
  /** Where Sanity's API is, when not Sanity's own (the local Content Lake stand-in: `npm run studio:local`). */
  SANITY_API_HOST: url(["http:", "https:"], "the http(s) origin of a Sanity-compatible API").optional(),
  SANITY_STUDIO_URL: url(["http:", "https:"], "the http(s) origin of the hosted Studio").optional(),
  /** Origins of the Studio allowed to read the JSON API from the browser (CORS), comma-separated. */
  STUDIO_ORIGIN: z
    .string()
    .default("")
    .transform((value, ctx): string[] => {
      const origins: string[] = [];
      for (const item of value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        let parsed: URL | null = null;
        try {
          parsed = new URL(item);
        } catch {
          parsed = null;
        }
        if (!parsed || !["http:", "https:"].includes(parsed.protocol) || parsed.origin !== item.replace(/\/$/, "")) {
          ctx.addIssue({
            code: "custom",
            message: "expected comma-separated http(s) origins such as https://studio.example.com",
          });
          return z.NEVER;
        }
        origins.push(parsed.origin);
      }
      return origins;
    }),
  LOCAL_CONTENT_FILE: z.string().trim().min(1).default("content/dataset.ndjson"),
  PREVIEW_SECRET: secret,
  SANITY_WEBHOOK_SECRET: secret,
  CONTENT_AUTOMATION_TOKEN: secret,
  SESSION_SECRET: secret,
  INTERNAL_PAGES_TOKEN: secret,
  ANALYTICS_HOST: z
    .string()
    .trim()
    .refine(isAnalyticsOrigin, "expected the https origin of the tag-manager host (http only on localhost)")
    .optional(),
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,3}-[A-Z0-9-]{4,30}$/i, "expected a measurement id such as G-ABC123XYZ")
    .optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** One JSON line per event (the default, for log collectors), or readable lines for development. */
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "expected json or pretty" }).default("json"),
  /** Opens GET /metrics to `Authorization: Bearer <token>`; unset (and no METRICS_PORT), /metrics is a 404. */
  METRICS_TOKEN: secret,
  /** A listener of its own serving only /metrics (METRICS_TOKEN still required when set). */
  METRICS_PORT: wholeNumber(1, 65_535, "a port number from 1 to 65535").optional(),
  /** The interface METRICS_PORT listens on: this machine only unless told otherwise. */
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Memory for cached pages per web process, in MB; 0 turns the page cache off. */
  PAGE_CACHE_MB: wholeNumber(0, 65_536, "a whole number of megabytes (0 turns the page cache off)").default(128),
  /** The longest a cached page is served before it is rendered again, whatever the data versions say. */
  PAGE_CACHE_MAX_AGE_SECONDS: wholeNumber(1, 86_400, "a whole number of seconds from 1 to 86400").default(60),
  /** Requests per minute per client address; 0 turns the limit off (load tests). */
  RATE_LIMIT_READS_PER_MINUTE: wholeNumber(0, 1_000_000, "a whole number of requests (0 turns the limit off)").default(
    600,
  ),
  RATE_LIMIT_WRITES_PER_MINUTE: wholeNumber(0, 1_000_000, "a whole number of requests (0 turns the limit off)").default(
    30,
  ),
  /** The largest request body the web process reads, in KB (web/request-limits.ts); more gets a 413. */
  MAX_REQUEST_BODY_KB: wholeNumber(1, 1_048_576, "a whole number of kilobytes from 1 to 1048576").default(1024),
  /**
   * How long a client may take to send a request's headers, and the whole request, in seconds
   * (web/server.ts); a slower one is answered 408 and its connection closed, so trickling clients
   * cannot hold connections open.
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: wholeNumber(1, 600, "a whole number of seconds from 1 to 600").default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3_600, "a whole number of seconds from 1 to 3600").default(30),
  /** The proxies trusted to name the client; off by default, so the socket address counts. */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value, ctx): TrustProxySetting => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `expected off, a number of hops, or addresses: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
  /** A caching proxy's purge endpoint (web/proxy/purge.ts): unset, nothing is purged. */
  PURGE_URL: url(["http:", "https:"], "the http(s) URL of the caching proxy's purge endpoint").optional(),
  PURGE_METHOD: z
    .enum(["PURGE", "POST"], { error: "expected PURGE (Varnish) or POST (Fastly's purge API)" })
    .default("PURGE"),
  PURGE_TOKEN: secret,
  PURGE_TOKEN_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "expected a header name such as X-Purge-Token")
    .default("X-Purge-Token"),
});

export type Env = z.infer<typeof envSchema> & {
  /** Where the sync worker runs: inside the web process on PGlite, separately on Postgres. */
  WORKER: "embedded" | "separate" | "off";
  /** The public origin of canonical links, social cards and the sitemap. */
  SITE_URL: string;
};

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee README.md, "Configuration".`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses an environment; throws InvalidEnvironmentError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as a shell `VAR=` does.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((i) => {
        const name = i.path.join(".");
        const value = present[name];
        return `${name}=${JSON.stringify(value ?? "")}: ${i.message}`;
      }),
    );
  }
  const env = result.data;
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) {
    throw new InvalidEnvironmentError([
      "MIGRATION_DATABASE_URL: it is the owner's connection to the database of DATABASE_URL; set DATABASE_URL too (the embedded database has no roles)",
    ]);
  }
  // PGlite allows a single process, so the worker runs in the web process by default there.
  const worker = env.WORKER ?? (env.DATABASE_URL ? "separate" : "embedded");
  if (worker === "separate" && !env.DATABASE_URL) {
    throw new InvalidEnvironmentError([
      'WORKER="separate": a separate worker needs a shared database; set DATABASE_URL or use WORKER=embedded',
    ]);
  }
  // Preview cookies must verify on every web server and across restarts, so a production setup
  // that can open preview needs a shared secret; the embedded default makes one per process.
  const canOpenPreview = Boolean(env.PREVIEW_SECRET || (env.SANITY_PROJECT_ID && env.SANITY_READ_TOKEN));
  if (canOpenPreview && !env.SESSION_SECRET && (env.DATABASE_URL || env.SANITY_PROJECT_ID)) {
    throw new InvalidEnvironmentError([
      "SESSION_SECRET: draft preview is enabled (PREVIEW_SECRET or SANITY_READ_TOKEN) in a production setup (DATABASE_URL or SANITY_PROJECT_ID); set SESSION_SECRET to a secret of at least 16 characters shared by every web server",
    ]);
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new InvalidEnvironmentError([
      `METRICS_PORT=${env.METRICS_PORT}: it is PORT too; the metrics listener needs a port of its own`,
    ]);
  }
  // Analytics needs both the script's host and the property it reports to; one alone is a typo.
  if (Boolean(env.ANALYTICS_HOST) !== Boolean(env.ANALYTICS_MEASUREMENT_ID)) {
    throw new InvalidEnvironmentError([
      env.ANALYTICS_HOST
        ? "ANALYTICS_MEASUREMENT_ID: ANALYTICS_HOST is set; set the measurement id too, or unset both for no analytics"
        : "ANALYTICS_HOST: ANALYTICS_MEASUREMENT_ID is set; set the tag-manager host too, or unset both for no analytics",
    ]);
  }
  return { ...env, WORKER: worker, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` };
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
