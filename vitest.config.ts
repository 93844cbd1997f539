import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { viteAliases } from "./path-aliases";

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    include: [
      "shared/**/*.test.ts",
      "sync-worker/**/*.test.ts",
      "studio/**/*.test.ts",
      "web/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
      "deploy/**/*.test.ts",
    ],
    environment: "node",
    // PGlite starts take seconds on these machines; tests share one instance per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files wait on databases, child processes and timers more than they compute: two at a
    // time on a 2-core machine (Vitest's default is one fewer than the cores) took the run from
    // 6 min 11 s to 3 min 43 s with every test passing.
    maxWorkers: Math.max(2, availableParallelism()),
    // PostgreSQL-only suites skip visibly without TEST_DATABASE_URL; with it, an unreachable server stops the run.
    globalSetup: ["tests/support/postgres-reachable.ts"],
    reporters: ["default", "./tests/support/skipped-suites-reporter.ts"],
  },
});
