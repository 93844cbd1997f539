/**
 * Builds the visual-editing bridge (bridge.ts) into public/visual-editing/bridge.js: one ES
 * module with everything it needs (Sanity's overlay code and its own React), minified. The site's
 * build runs it after `remix build` (web/site-build/build.ts).
 *
 *   node --import tsx web/visual-editing/build.ts
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { VISUAL_EDITING_SCRIPT } from "./script";

const root = fileURLToPath(new URL("../../", import.meta.url));

export async function buildVisualEditing(): Promise<void> {
  await build({
    entryPoints: [path.join(root, "web/visual-editing/bridge.ts")],
    outfile: path.join(root, "public", VISUAL_EDITING_SCRIPT),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildVisualEditing();
}
