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
    // PostgreSQL-only suites skip visibly without TEST_DATABASE_URL; with it, an unreachable server stops the run.
    globalSetup: ["tests/support/postgres-reachable.ts"],
    reporters: ["default", "./tests/support/skipped-suites-reporter.ts"],
  },
});
