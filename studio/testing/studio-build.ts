/**
 * The built Studio (`studio-dist/`) for the local project: built when missing or older than its
 * sources. `npm run studio:local` and the browser tests use it.
 *
 *   node --import tsx studio/testing/studio-build.ts
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newestSourceMtime } from "../../web/site-build/newest-source";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const STUDIO_DIST = path.join(root, "studio-dist");

/** What the Studio's build reads (its local test tools in studio/testing/ aside). */
const SOURCES = ["sanity.config.ts", "sanity.cli.ts", "path-aliases.ts", "package-lock.json", "studio", "shared"];
const newestSource = () => newestSourceMtime(root, SOURCES, ["testing"]);

/** Written beside a local build: a Studio built for a real project (SANITY_STUDIO_PROJECT_ID) is not reused. */
const STAMP = path.join(STUDIO_DIST, "local-build.json");

function isLocalBuild(): boolean {
  try {
    return (JSON.parse(readFileSync(STAMP, "utf8")) as { project?: string }).project === "local";
  } catch {
    return false;
  }
}

/** Builds the Studio for the local project unless a local build newer than its sources exists. */
export function ensureStudioBuild(): string {
  const dist = STUDIO_DIST;
  const index = path.join(dist, "index.html");
  if (existsSync(index) && isLocalBuild() && statSync(index).mtimeMs >= newestSource()) return dist;
  console.log("Building the Studio for the local project (about a minute)…");
  const env = { ...process.env };
  delete env.SANITY_STUDIO_PROJECT_ID;
  const built = spawnSync("npm", ["run", "studio:build"], { cwd: root, stdio: "inherit", env });
  if (built.status !== 0) throw new Error("The Studio build failed.");
  writeFileSync(STAMP, JSON.stringify({ project: "local", builtAt: new Date().toISOString() }));
  return dist;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    ensureStudioBuild();
    console.log(`The Studio in ${path.relative(process.cwd(), STUDIO_DIST) || STUDIO_DIST} is up to date.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
