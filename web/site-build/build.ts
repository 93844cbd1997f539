/**
 * The site's build, in three parts: the Remix build (build/index.js and public/build/), the
 * visual-editing bridge (public/visual-editing/bridge.js) and the server bundle (build/server/,
 * server-bundle.ts). `npm run build` builds all three; `npm start` first runs this with
 * `--if-stale`, which builds them when one is missing or older than the sources.
 *
 *   node --import tsx web/site-build/build.ts [--if-stale]
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompressDirectory } from "../build-assets/precompress";
import { buildVisualEditing } from "../visual-editing/build";
import { VISUAL_EDITING_SCRIPT } from "../visual-editing/script";
import { SERVER_ENTRY } from "./outputs";
import { newestSourceMtime } from "./newest-source";
import { buildServerBundle } from "./server-bundle";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** What the build writes: it is stale when one of them is missing or older than a source. */
export const SITE_BUILD_OUTPUTS = [
  path.join(root, "build/index.js"),
  path.join(root, "public", VISUAL_EDITING_SCRIPT),
  SERVER_ENTRY,
];

/** What the build reads: its source folders, its configuration and package-lock.json (a changed dependency). */
const SOURCES = [
  "web",
  "shared",
  "sync-worker",
  "remix.config.js",
  "path-aliases.ts",
  "tsconfig.json",
  "package-lock.json",
  // Dependency patches (patch-package): the Remix compiler's, decision 016.
  "patches",
];

/** Whether every part of the build is there and newer than every source. */
export function siteBuildIsCurrent(): boolean {
  const built = Math.min(
    ...SITE_BUILD_OUTPUTS.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -Infinity),
  );
  return built >= newestSourceMtime(root, SOURCES);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Builds all three parts; throws when one fails (its errors are printed above). */
export async function buildSite(): Promise<void> {
  // A production build whoever asks: under vitest (NODE_ENV=test) Remix would build React's
  // development JSX, which the production server cannot render.
  const remix = spawnSync(path.join(root, "node_modules/.bin/remix"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (remix.status !== 0) throw new Error("remix build failed; see the errors above.");
  // Each script and stylesheet compressed once here, not for every visitor (web/build-assets/).
  const compressed = await precompressDirectory(path.join(root, "public/build"));
  console.log(
    `[info] compressed ${compressed.files} build files: ${kb(compressed.rawBytes)} -> brotli ${kb(compressed.bytes.br)}, gzip ${kb(compressed.bytes.gzip)} (${Math.round(compressed.ms)} ms)`,
  );
  // The visual-editing bridge of draft preview, a script of its own (web/visual-editing/).
  await buildVisualEditing();
  await buildServerBundle();
}

/** Builds the site when its build is missing or older than the sources (`npm start`). */
export async function ensureSiteBuild(): Promise<void> {
  if (siteBuildIsCurrent()) return;
  console.log("Building the site...");
  await buildSite();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const ifStale = process.argv.includes("--if-stale");
  try {
    await (ifStale ? ensureSiteBuild() : buildSite());
  } catch (error) {
    console.error(`The build failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
