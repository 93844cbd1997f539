/**
 * Command-line flags of the web benchmarks, each with an environment variable of the same
 * meaning (the flag wins): `--duration` / BENCH_DURATION, `--connections` / BENCH_CONNECTIONS,
 * `--repeat` / BENCH_REPEAT, `--misses` / BENCH_MISSES, `--quick` / BENCH_QUICK=1, `--db` /
 * BENCH_DB (bench:web); `--url` / BENCH_URL, `--runs` / BENCH_RUNS, `--quick` (bench:lighthouse).
 *
 * Memory soak of bench:web (web/bench/soak.ts): `--soak [seconds]` / BENCH_SOAK (600 when no
 * value is given), `--cache-mb` / BENCH_SOAK_CACHE_MB (32; 0 turns the page cache off),
 * `--rate` / BENCH_SOAK_RATE (300 requests/s), `--connections` (at most that many in flight, 16),
 * `--heap-snapshots` (a V8 heap snapshot of the site at the start and the end of the measured
 * window). The soak runs on PGlite unless `--db` says otherwise.
 *
 * `--proxy` / BENCH_PROXY=1 measures the production topology behind Varnish instead
 * (web/bench/proxy-bench.ts), on PostgreSQL.
 */
import { parseArgs } from "node:util";

export type DatabaseChoice = "pglite" | "postgres" | "both";

export interface BenchOptions {
  /** Seconds per throughput measurement. */
  durationS: number;
  connections: number;
  /** Times each throughput measurement is repeated (the site and the static servers taking turns). */
  repeat: number;
  /** Single requests timed for the cache-miss median. */
  misses: number;
  /** Single requests timed for the 304 median. */
  notModified: number;
  quick: boolean;
  databases: ("pglite" | "postgres")[];
  /** The PostgreSQL server the scratch database is created on. */
  serverUrl: string | undefined;
  /** A site already running (Lighthouse): no site is started. */
  url: string | undefined;
  /** Lighthouse runs per page. */
  runs: number;
  /** Memory soak: its length in seconds; undefined runs the regular benchmark. */
  soakS: number | undefined;
  /** Memory soak: PAGE_CACHE_MB of the site. */
  soakCacheMb: number;
  /** Memory soak: requests per second offered. */
  soakRate: number;
  /** Memory soak: write heap snapshots of the site at the start and the end of the measured window. */
  heapSnapshots: boolean;
  /** The production topology behind Varnish instead (web/bench/proxy-bench.ts): needs PostgreSQL. */
  proxy: boolean;
}

/** The soak's length when `--soak` is given without a value. */
export const DEFAULT_SOAK_S = 600;

/**
 * `--soak` takes an optional value: `--soak`, `--soak 300` and `--soak=300` are all accepted;
 * rewritten to the `--soak=<s>` form parseArgs reads.
 */
function withSoakValue(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== "--soak") {
      out.push(argv[i]);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && /^\d+(\.\d+)?$/.test(next)) {
      out.push(`--soak=${next}`);
      i += 1;
    } else {
      out.push(`--soak=${DEFAULT_SOAK_S}`);
    }
  }
  return out;
}

function nonNegative(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name}: expected a number of at least 0, got ${JSON.stringify(value)}`);
  return n;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name}: expected a positive number, got ${JSON.stringify(value)}`);
  return n;
}

/** The PostgreSQL server of the run: TEST_DATABASE_URL, else BENCH_DATABASE_URL, else DATABASE_URL. */
export function postgresServerUrl(): string | undefined {
  for (const name of ["TEST_DATABASE_URL", "BENCH_DATABASE_URL", "DATABASE_URL"]) {
    const value = process.env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

export function parseBenchOptions(argv: readonly string[] = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: withSoakValue(argv),
    options: {
      duration: { type: "string" },
      connections: { type: "string" },
      repeat: { type: "string" },
      misses: { type: "string" },
      quick: { type: "boolean" },
      db: { type: "string" },
      url: { type: "string" },
      runs: { type: "string" },
      soak: { type: "string" },
      "cache-mb": { type: "string" },
      rate: { type: "string" },
      "heap-snapshots": { type: "boolean" },
      proxy: { type: "boolean" },
    },
    strict: true,
  });
  const env = process.env;
  const quick = values.quick ?? env.BENCH_QUICK === "1";
  const serverUrl = postgresServerUrl();
  const soakValue = values.soak ?? env.BENCH_SOAK;
  const soakS =
    soakValue === undefined || soakValue.trim() === "" ? undefined : positive("--soak", soakValue, DEFAULT_SOAK_S);
  // A soak is long: one database unless asked for both.
  const choice = (
    values.db ??
    env.BENCH_DB ??
    (serverUrl && soakS === undefined ? "both" : "pglite")
  ).trim() as DatabaseChoice;
  if (!["pglite", "postgres", "both"].includes(choice))
    throw new Error(`--db: expected pglite, postgres or both, got ${JSON.stringify(choice)}`);
  if (choice !== "pglite" && !serverUrl) {
    throw new Error(
      `--db ${choice}: set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres`,
    );
  }
  const misses = Math.round(positive("--misses", values.misses ?? env.BENCH_MISSES, quick ? 10 : 50));
  return {
    durationS: positive("--duration", values.duration ?? env.BENCH_DURATION, quick ? 1 : 5),
    connections: Math.round(positive("--connections", values.connections ?? env.BENCH_CONNECTIONS, 16)),
    repeat: Math.round(positive("--repeat", values.repeat ?? env.BENCH_REPEAT, quick ? 1 : 3)),
    misses,
    notModified: quick ? 10 : 30,
    quick,
    databases: choice === "both" ? ["pglite", "postgres"] : [choice],
    serverUrl,
    url: values.url ?? env.BENCH_URL,
    runs: Math.round(positive("--runs", values.runs ?? env.BENCH_RUNS, quick ? 1 : 3)),
    soakS,
    soakCacheMb: nonNegative("--cache-mb", values["cache-mb"] ?? env.BENCH_SOAK_CACHE_MB, 32),
    soakRate: positive("--rate", values.rate ?? env.BENCH_SOAK_RATE, 300),
    heapSnapshots: values["heap-snapshots"] ?? false,
    proxy: values.proxy ?? env.BENCH_PROXY === "1",
  };
}
