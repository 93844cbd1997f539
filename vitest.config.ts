import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { viteAliases } from "./path-aliases";
import { slowestFirst } from "./tests/support/slowest-first";

const UNIT_FILES = [
  "shared/**/*.test.ts",
  "sync-worker/**/*.test.ts",
  "studio/**/*.test.ts",
  "web/**/*.test.ts",
  "tests/architecture/**/*.test.ts",
  "deploy/**/*.test.ts",
  "tests/e2e/support/**/*.test.ts",
];

/**
 * Files that change what every later file in the same process would see: they load the Studio's
 * `sanity` package, which needs browser globals (`window`, a jsdom document) that PGlite would
 * then take for a browser, or mock modules with vi.mock. Each runs in a fresh module graph.
 */
const OWN_MODULES = ["studio/**/*.test.ts"];

/** The files that take longest (20–45 s each, mostly waiting on child processes), started first. */
const SLOWEST_FIRST = [
  "sync-worker/scheduler/worker-recovery.test.ts",
  "sync-worker/cli.test.ts",
  "web/app/api/endpoints.test.ts",
  "sync-worker/jobs/odds-check.test.ts",
  "sync-worker/jobs/season-outlook.test.ts",
  "sync-worker/scheduler/schedulers.test.ts",
  "shared/db/migrations.test.ts",
  "shared/db/database-stall.test.ts",
  "studio/editor-desk.test.ts",
  "sync-worker/jobs/predictions.test.ts",
].map((file) => `/${file}`);

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
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
    sequence: { sequencer: slowestFirst(SLOWEST_FIRST) },
    projects: [
      {
        extends: true,
        test: {
          name: "unit and database",
          include: UNIT_FILES,
          exclude: OWN_MODULES,
          // The files of one worker share its module cache: each file imported drizzle, PGlite,
          // React and the app's modules again (105 s of imports in a 240 s run on 2 cores).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "studio", include: OWN_MODULES },
      },
    ],
  },
});
