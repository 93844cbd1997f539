/**
 * Command-line flags of the web benchmarks, each with an environment variable of the same
 * meaning (the flag wins): `--duration` / BENCH_DURATION, `--connections` / BENCH_CONNECTIONS,
 * `--repeat` / BENCH_REPEAT, `--misses` / BENCH_MISSES, `--quick` / BENCH_QUICK=1, `--db` /
 * BENCH_DB (bench:web); `--url` / BENCH_URL, `--runs` / BENCH_RUNS, `--quick` (bench:lighthouse).
 */
import { parseArgs } from "node:util";

export type DatabaseChoice = "pglite" | "postgres" | "both";

export interface BenchOptions {
  /** Seconds per throughput measurement. */
  durationS: number;
  connections: number;
  /** Times each throughput measurement is repeated (site and static interleaved). */
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
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: expected a positive number, got ${JSON.stringify(value)}`);
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
    args: [...argv],
    options: {
      duration: { type: "string" },
      connections: { type: "string" },
      repeat: { type: "string" },
      misses: { type: "string" },
      quick: { type: "boolean" },
      db: { type: "string" },
      url: { type: "string" },
      runs: { type: "string" },
    },
    strict: true,
  });
  const env = process.env;
  const quick = values.quick ?? env.BENCH_QUICK === "1";
  const serverUrl = postgresServerUrl();
  const choice = (values.db ?? env.BENCH_DB ?? (serverUrl ? "both" : "pglite")).trim() as DatabaseChoice;
  if (!["pglite", "postgres", "both"].includes(choice)) throw new Error(`--db: expected pglite, postgres or both, got ${JSON.stringify(choice)}`);
  if (choice !== "pglite" && !serverUrl) {
    throw new Error(`--db ${choice}: set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres`);
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
  };
}
