/**
 * The browser build (public/build, from `remix build`) keeps schema libraries out and every
 * page type's first-load JavaScript within a budget, measured the way web/scripts/bundle-size.ts
 * measures it. The Parlay Builder dialog loads on first use, not with the page.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { manifestFile, measure, readManifest } from "../../web/scripts/bundle-size";

const ROOT_DIR = path.resolve(import.meta.dirname, "../..");
const BUILD_DIR = path.join(ROOT_DIR, "public/build");

/**
 * The site's budget: React, React DOM and Remix alone are about 86 kB gzip, which leaves 14 kB
 * for the site's own code on any page; what never changes in the browser is rendered on the
 * server (components/ServerMarkup.tsx) rather than shipped as components.
 */
const FIRST_LOAD_BUDGET_BYTES = 100_000;

function clientFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(file);
    return entry.name.endsWith(".js") ? [file] : [];
  });
}

describe("the browser build", () => {
  it("contains no zod", () => {
    const withZod = clientFiles(BUILD_DIR).filter((file) =>
      /\$Zod(Type|Error)|ZodError/.test(readFileSync(file, "utf8")),
    );
    expect(withZod).toEqual([]);
  });

  it(`loads at most ${FIRST_LOAD_BUDGET_BYTES / 1000} kB of JavaScript (gzip) on the first load of any page type`, () => {
    const sizes = measure(readManifest(manifestFile()));
    expect(sizes.map((size) => size.page)).toContain("home");
    for (const size of sizes) expect(size.gzipBytes, size.page).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it("leaves the Parlay Builder dialog out of the first load", () => {
    // The browser build's metafile names each output file (public/build/…) and its sources.
    const metafile = JSON.parse(readFileSync(path.join(ROOT_DIR, "build/metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const dialogFiles = Object.entries(metafile.outputs)
      .filter(([, output]) => "web/app/features/parlay/components/ParlayModal.tsx" in output.inputs)
      .map(([file]) => file.replace(/^public/, ""));
    expect(dialogFiles).toHaveLength(1);
    for (const size of measure(readManifest(manifestFile()))) {
      expect(size.urls, size.page).not.toContain(dialogFiles[0]);
      expect(size.lazyGzipBytes, size.page).toBeGreaterThan(0);
    }
  });
});
