import { defineConfig } from "vitest/config";
import { viteAliases } from "./path-aliases";

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    // No Chromium: one line saying how to install it, before any test starts.
    globalSetup: ["tests/e2e/support/global-setup.ts", "tests/support/postgres-reachable.ts"],
    reporters: ["default", "./tests/support/skipped-suites-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One site process and one browser at a time on a 2-core machine.
    fileParallelism: false,
    // Tests a file declares concurrent (each with its own browser context) run two at a time.
    maxConcurrency: 2,
  },
});
