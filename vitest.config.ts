import { defineConfig } from "vitest/config";
import { viteAliases } from "./path-aliases";

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    include: ["shared/**/*.test.ts", "sync-worker/**/*.test.ts", "studio/**/*.test.ts", "web/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    environment: "node",
    // PGlite starts take seconds on these machines; tests share one instance per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
