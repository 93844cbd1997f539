/**
 * The import aliases of tsconfig.json's `paths`, for the tools that do not read it: vitest and the
 * Studio's Vite build (`sanity.cli.ts`). TypeScript, the Remix compiler, tsx and
 * dependency-cruiser read tsconfig.json itself; a unit test keeps the two lists equal.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Alias prefix → folder it stands for, relative to the project root. */
export const PATH_ALIASES = {
  "~/": "web/app/",
  "@shared/": "shared/",
  "@sync-worker/": "sync-worker/",
} as const;

/** The aliases in the form Vite's `resolve.alias` takes. */
export const viteAliases = Object.entries(PATH_ALIASES).map(([prefix, folder]) => ({
  find: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`),
  replacement: path.join(root, folder),
}));
