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
      "tests/e2e/support/**/*.test.ts",
    ],
    environment: "node",
    // PGlite starts take seconds on these machines; tests share one instance per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files wait on databases, child processes and timers more than they compute: one more
    // at a time than there are cores. On a 2-core machine the run took 6 min 11 s one file at a
    // time (Vitest's default: one fewer than the cores), 3 min 42 s two at a time, 2 min 42 s
    // three at a time, every test passing.
    maxWorkers: availableParallelism() + 1,
    // PostgreSQL-only suites skip visibly without TEST_DATABASE_URL; with it, an unreachable server stops the run.
    globalSetup: ["tests/support/postgres-reachable.ts"],
    reporters: ["default", "./tests/support/skipped-suites-reporter.ts"],
  },
});
