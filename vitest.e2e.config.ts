import { defineConfig } from "vitest/config";
import { viteAliases } from "./path-aliases";
import { slowestFirst } from "./tests/support/slowest-first";

/**
 * Browser test files that hold no fixed port and no timing the other file's load could upset:
 * two of them run at once (each with its own browser; most of them on the shared fixture site,
 * shared-sites.ts). Toasts, tooltips and the live refresh run on Playwright's clock there, so
 * their timings hold under load. The rest, and any new file until it is added here or below,
 * run after them: the Studio's fixed port and its typing, replayed clocks raced against the live
 * ticks, a proxy restarting under load, cut and stalled database connections, rate limits.
 */
/**
 * The browser test files that take longest (about 125 s for accessibility, 25–45 s for the
 * others, measured on 2 cores), started first.
 */
const SLOWEST_FIRST = [
  "accessibility",
  "dark-mode",
  "players",
  "spec-agreement",
  "matchweeks",
  "fixture-list",
  "my-teams",
  "league-match",
  "parlay",
  "seo",
  "pages",
  "teams",
  "observability",
].map((name) => `/tests/e2e/${name}.e2e.ts`);

const TWO_AT_A_TIME = [
  "accessibility",
  "api",
  "app-role-start",
  "browser-finder",
  "client-bundle",
  "dark-mode",
  "fixture-list",
  "home",
  "home-sections",
  "hostile-requests",
  "internal",
  "league-match",
  "live-updated-ago",
  "local-times",
  "markup-once",
  "matchweeks",
  "my-teams",
  "observability",
  "odds-check",
  "page-cache",
  "pages",
  "parlay",
  "picks-page",
  "players",
  "preview",
  "search",
  "season-outlook",
  "seo",
  "spec-agreement",
  "teams",
].map((name) => `tests/e2e/${name}.e2e.ts`);

/**
 * Files whose timings hold beside one another but not beside the busy files above: replayed
 * live ticks, rate-limit windows, a proxy restarting under load, a short outage. Two at a time,
 * after the files above.
 */
const TIMED_TWO_AT_A_TIME = ["caching-proxy", "hardening", "live-probability", "outage", "probability-chart"].map(
  (name) => `tests/e2e/${name}.e2e.ts`,
);

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    environment: "node",
    // No Chromium: one line saying how to install it, before any test starts.
    globalSetup: ["tests/e2e/support/global-setup.ts", "tests/support/postgres-reachable.ts"],
    reporters: ["default", "./tests/support/skipped-suites-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    sequence: { sequencer: slowestFirst(SLOWEST_FIRST) },
    // Tests a file declares concurrent (each with its own browser context) run two at a time.
    maxConcurrency: 2,
    // The files of one worker share its module cache: each imported Playwright, the database
    // helpers (drizzle, PGlite) and the app's modules again. No file sets globals or mocks modules.
    isolate: false,
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
          name: "browser, timed files two at a time",
          include: TIMED_TWO_AT_A_TIME,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The editing loop (the Studio's fixed port and its typing) and the database stall (cut and
          // stalled connections): each holds beside the other, a light file, though not beside the
          // busy files above. Side by side they took 45–50 s, against about 65 s one after the other.
          name: "browser, last files side by side",
          include: ["tests/e2e/**/*.e2e.ts"],
          exclude: [...TWO_AT_A_TIME, ...TIMED_TWO_AT_A_TIME],
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
