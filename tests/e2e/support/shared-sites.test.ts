import { describe, expect, it } from "vitest";
import { fileFilters } from "./shared-sites";

describe("the files a vitest command line names", () => {
  it.each([
    [["node", "vitest", "run", "--config", "vitest.e2e.config.ts"], []],
    [
      ["node", "vitest", "run", "--config", "vitest.e2e.config.ts", "tests/e2e/parlay.e2e.ts"],
      ["tests/e2e/parlay.e2e.ts"],
    ],
    [
      ["node", "vitest", "run", "--config=vitest.e2e.config.ts", "seo", "pages"],
      ["seo", "pages"],
    ],
    [["node", "vitest", "--config", "vitest.e2e.config.ts", "-t", "toast", "parlay"], ["parlay"]],
    [["node", "vitest", "run", "--reporter=json", "--outputFile.json", "/tmp/e2e.json", "teams"], ["teams"]],
  ])("%j names %j", (argv, filters) => {
    expect(fileFilters(argv)).toEqual(filters);
  });
});
