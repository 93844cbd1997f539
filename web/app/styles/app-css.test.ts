import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(path.resolve(import.meta.dirname, "app.css"), "utf8");

/** The declarations of the first block whose selector line is exactly `selector`. */
function declarations(selector: string): string[] {
  const start = css.indexOf(`${selector} {\n`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start + selector.length + 2, css.indexOf("}", start));
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

describe("the dark theme's palette", () => {
  const chosen = declarations(':root[data-theme="dark"]');
  const system = declarations("  :root:not([data-theme])");
  const light = declarations(":root");

  it("is the same whether chosen with the toggle or taken from the system's preference", () => {
    expect(system).toEqual(chosen);
    expect(css).toContain("@media (prefers-color-scheme: dark) {\n  :root:not([data-theme]) {");
  });

  it("gives every colour it changes a light value too", () => {
    const names = (lines: string[]) => lines.filter((l) => l.startsWith("--")).map((l) => l.slice(0, l.indexOf(":")));
    const lightNames = new Set(names(light));
    expect(names(chosen).filter((name) => !lightNames.has(name))).toEqual([]);
    expect(chosen).toContain("color-scheme: dark;");
  });
});
