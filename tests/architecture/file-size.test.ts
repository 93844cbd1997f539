/**
 * One idea per file (docs/decisions/013-feature-graph-and-file-size.md): no source file over
 * 400 lines outside tests, test support, data tables and generated files, but for the
 * exceptions that decision gives a reason for.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_FOLDERS = ["web", "studio", "sync-worker", "shared", "deploy", "tests"];
const LINE_LIMIT = 400;

/** The exceptions decision 013 names, each with its reason there. */
const EXCEPTIONS = new Set([
  "shared/domain/teams/england.ts",
  "shared/domain/teams/spain.ts",
  "shared/domain/teams/germany.ts",
  "shared/domain/teams/italy.ts",
  "shared/domain/teams/france.ts",
  "studio/testing/content-lake.ts",
]);

/** Tests, what only tests use, fixtures and build output. */
const NOT_SOURCE = [
  /\.test\.tsx?$/,
  /\.e2e\.tsx?$/,
  /(^|\/)test-support\//,
  /(^|\/)fixtures\//,
  /^tests\/e2e\/support\//,
  /^tests\/support\//,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

describe("one idea per file", () => {
  it(`keeps every source file within ${LINE_LIMIT} lines, but for the exceptions decision 013 gives reasons for`, () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles).filter((file) => !NOT_SOURCE.some((rule) => rule.test(file)));
    expect(files.length).toBeGreaterThan(300);
    const over = files
      .filter((file) => !EXCEPTIONS.has(file))
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > LINE_LIMIT)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it("names only exceptions that exist and are still over the limit", () => {
    for (const file of EXCEPTIONS)
      expect(readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1, file).toBeGreaterThan(LINE_LIMIT);
  });
});
