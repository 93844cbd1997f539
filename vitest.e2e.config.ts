import { defineConfig } from "vitest/config";
import { viteAliases } from "./path-aliases";

/**
 * Browser test files that hold no fixed port and no timing the other file's load could upset:
 * two of them run at once (each with its own site and browser), which took six of them from
 * 141 s to 89 s. The rest, and any new file until it is added here, run one at a time after them:
 * the Studio's fixed port, live refresh and toast timings, replayed clocks raced against the
 * whistle, a proxy restarting under load, cut and stalled database connections.
 */
const TWO_AT_A_TIME = [
  "api",
  "browser-finder",
  "client-bundle",
  "fixture-list",
  "home",
  "home-sections",
  "internal",
  "league-match",
  "matchweeks",
  "my-teams",
  "odds-check",
  "page-cache",
  "pages",
  "picks-page",
  "players",
  "preview",
  "search",
  "season-outlook",
  "seo",
  "spec-agreement",
  "teams",
].map((name) => `tests/e2e/${name}.e2e.ts`);

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    environment: "node",
    // No Chromium: one line saying how to install it, before any test starts.
    globalSetup: ["tests/e2e/support/global-setup.ts", "tests/support/postgres-reachable.ts"],
    reporters: ["default", "./tests/support/skipped-suites-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Tests a file declares concurrent (each with its own browser context) run two at a time.
    maxConcurrency: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "browser, two files at a time",
          include: TWO_AT_A_TIME,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "browser, one file at a time",
          include: ["tests/e2e/**/*.e2e.ts"],
          exclude: TWO_AT_A_TIME,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
