/**
 * When sources last changed, for the builds that are redone only when out of date (the site's,
 * build.ts, and the Studio's, studio/testing/studio-build.ts).
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The newest modification time among `entries` (files, or folders walked whole) under `root`,
 * leaving out test files, node_modules, dot entries and folders named in `skip`. A missing entry
 * counts for nothing.
 */
export function newestSourceMtime(root: string, entries: readonly string[], skip: readonly string[] = []): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) return;
    if (!stats.isDirectory()) {
      if (!path.basename(entry).includes(".test.")) newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const child of readdirSync(entry)) {
      if (child === "node_modules" || child.startsWith(".") || skip.includes(child)) continue;
      visit(path.join(entry, child));
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}
