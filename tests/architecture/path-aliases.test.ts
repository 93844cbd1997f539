/**
 * One list of import aliases: tsconfig.json's `paths` (read by TypeScript, the Remix compiler, tsx
 * and dependency-cruiser) and path-aliases.ts (given to vitest and the Studio's Vite build) say the
 * same, and every alias reaches a real folder.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PATH_ALIASES, viteAliases } from "../../path-aliases";
import { SITE_NAME } from "@shared/domain/site";

const root = path.resolve(import.meta.dirname, "../..");
const tsconfig = JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8")) as {
  compilerOptions: { paths: Record<string, string[]> };
};

describe("the import aliases", () => {
  it("are the same in tsconfig.json and path-aliases.ts", () => {
    const fromTsconfig = Object.fromEntries(
      Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [
        alias.replace(/\*$/, ""),
        target.replace(/\*$/, ""),
      ]),
    );
    expect(fromTsconfig).toEqual(PATH_ALIASES);
  });

  it("each stand for an existing folder, and Vite's form rewrites only the prefix", () => {
    for (const [prefix, folder] of Object.entries(PATH_ALIASES)) {
      expect(existsSync(path.join(root, folder)), folder).toBe(true);
      const alias = viteAliases.find((a) => a.find.test(`${prefix}x`))!;
      expect(`${prefix}domain/x`.replace(alias.find, alias.replacement)).toBe(path.join(root, folder, "domain/x"));
      expect(alias.find.test(`./${prefix}x`)).toBe(false);
    }
  });

  it("resolve under vitest", () => {
    expect(SITE_NAME).toBe("First Kick Picks");
  });
});
