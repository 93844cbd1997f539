/**
 * Prints the JavaScript a browser downloads on the first load of each page type, gzipped.
 *
 * Run after a build:
 *
 *   npx remix build && node --import tsx web/scripts/bundle-size.ts
 *
 * It reads the Remix assets manifest (public/build/manifest-*.js, the one the server build
 * in build/index.js points at), takes the client entry, the root route and the page's route
 * with the chunks each of them imports, follows the chunks' own static imports, and adds up
 * each distinct file's gzip size once (zlib's default level, as `gzip -c` uses; the site sends
 * the build's brotli copies, smaller still: decision 024). Dynamic imports (code loaded later, on demand) are not followed: their
 * files are summed separately as "lazy". Sizes are in kB of 1000 bytes. `--json` prints the
 * figures, in bytes, as JSON instead of a table.
 *
 * This is a quick estimate from the build alone. The count the budget holds to
 * (tests/e2e/client-bundle.e2e.ts) is web/bench/first-load-js.ts (`npm run bench:first-load`):
 * the scripts Chromium really requests on a first visit, code loaded on a timer or when idle
 * included, and the inline scripts, split into the framework and the site's own code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestModule {
  module: string;
  imports?: string[];
}

interface ManifestRoute extends ManifestModule {
  id: string;
  parentId?: string;
}

export interface AssetsManifest {
  entry: ManifestModule;
  routes: Record<string, ManifestRoute>;
  url?: string;
}

/** The page types of the site and the route that renders each, below the root route. */
const PAGE_TYPES: ReadonlyArray<{ name: string; route: string }> = [
  { name: "home", route: "routes/_index" },
  { name: "league page", route: "routes/$leaguePage" },
  { name: "match page", route: "routes/$leaguePage_.$matchup" },
  { name: "picks", route: "routes/picks._index" },
  { name: "league picks", route: "routes/picks.$league" },
  { name: "algo-results", route: "routes/algo-results" },
  { name: "team page", route: "routes/$league.teams_.$team" },
  { name: "squad page", route: "routes/$league.teams_.$team_.players" },
  { name: "player page", route: "routes/$league.teams_.$team_.players_.$player" },
  { name: "static page", route: "routes/about" },
  { name: "search page", route: "routes/search" },
  { name: "today page", route: "routes/today" },
];

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PUBLIC_DIR = path.join(ROOT_DIR, "public");
const BUILD_DIR = path.join(PUBLIC_DIR, "build");
const SERVER_BUILD = path.join(ROOT_DIR, "build", "index.js");

/** The manifest file the current server build uses; the newest one when that can't be told. */
export function manifestFile(): string {
  if (existsSync(SERVER_BUILD)) {
    const match = /url:\s*"\/build\/(manifest-[A-Z0-9]+\.js)"/.exec(readFileSync(SERVER_BUILD, "utf8"));
    if (match && existsSync(path.join(BUILD_DIR, match[1]))) return path.join(BUILD_DIR, match[1]);
  }
  const candidates = existsSync(BUILD_DIR)
    ? readdirSync(BUILD_DIR)
        .filter((name) => /^manifest-[A-Z0-9]+\.js$/.test(name))
        .map((name) => path.join(BUILD_DIR, name))
    : [];
  if (candidates.length === 0) throw new Error(`No Remix manifest in ${BUILD_DIR}: run \`npx remix build\` first.`);
  return candidates.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

export function readManifest(file: string): AssetsManifest {
  const text = readFileSync(file, "utf8").trim();
  const json = text.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;$/, "");
  return JSON.parse(json) as AssetsManifest;
}

/** A public URL such as /build/_shared/chunk-X.js, as a file path. */
const fileOf = (url: string) => path.join(PUBLIC_DIR, url.replace(/^\//, ""));

/** `import "x"`, `import {a} from "x"` and `export {a} from "x"`, as esbuild writes them. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{][^"']*?from\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function resolveSpecifier(fromUrl: string, specifier: string): string {
  if (specifier.startsWith("/")) return specifier;
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromUrl), specifier));
}

interface ModuleInfo {
  gzip: number;
  raw: number;
  staticImports: string[];
  dynamicImports: string[];
}

const moduleCache = new Map<string, ModuleInfo>();

function moduleInfo(url: string): ModuleInfo {
  const cached = moduleCache.get(url);
  if (cached) return cached;
  const source = readFileSync(fileOf(url));
  const text = source.toString("utf8");
  const collect = (pattern: RegExp) =>
    [...text.matchAll(pattern)]
      .map((m) => m[1])
      .filter((s) => s.endsWith(".js"))
      .map((s) => resolveSpecifier(url, s));
  const info: ModuleInfo = {
    gzip: gzipSync(source).length,
    raw: source.length,
    staticImports: collect(STATIC_IMPORT),
    dynamicImports: collect(DYNAMIC_IMPORT),
  };
  moduleCache.set(url, info);
  return info;
}

/** Every file loaded up front from the given starting URLs, following static imports. */
function closure(start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...moduleInfo(url).staticImports);
  }
  return seen;
}

function routeChain(manifest: AssetsManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest.`);
    chain.unshift(route);
  }
  return chain;
}

export interface PageSize {
  page: string;
  route: string;
  files: number;
  /** The URLs of those files. */
  urls: string[];
  rawBytes: number;
  gzipBytes: number;
  /** Files only loaded on demand (dynamic import) from this page's code. */
  lazyGzipBytes: number;
}

export function measure(manifest: AssetsManifest): PageSize[] {
  return PAGE_TYPES.filter((page) => manifest.routes[page.route]).map((page) => {
    const start = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
    for (const route of routeChain(manifest, page.route)) start.push(route.module, ...(route.imports ?? []));
    const files = closure(start);
    const lazyStart = [...files].flatMap((url) => moduleInfo(url).dynamicImports).filter((url) => !files.has(url));
    const lazy = [...closure(lazyStart)].filter((url) => !files.has(url));
    const sum = (urls: Iterable<string>, key: "gzip" | "raw") =>
      [...urls].reduce((total, url) => total + moduleInfo(url)[key], 0);
    return {
      page: page.name,
      route: page.route,
      files: files.size,
      urls: [...files].sort(),
      rawBytes: sum(files, "raw"),
      gzipBytes: sum(files, "gzip"),
      lazyGzipBytes: sum(lazy, "gzip"),
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main(): void {
  const file = manifestFile();
  const manifest = readManifest(file);
  const sizes = measure(manifest);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(sizes, null, 2));
    return;
  }
  console.log(`First-load JavaScript per page type (${path.relative(ROOT_DIR, file)})\n`);
  const rows = [
    ["page", "route", "files", "raw", "gzip", "lazy (gzip)"],
    ...sizes.map((s) => [s.page, s.route, String(s.files), kb(s.rawBytes), kb(s.gzipBytes), kb(s.lazyGzipBytes)]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  "),
    );
    if (index === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
  const framework = closure([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const frameworkGzip = [...framework].reduce((total, url) => total + moduleInfo(url).gzip, 0);
  console.log(
    `\nOf which the client entry and the code it imports (React, React DOM, Remix): ${kb(frameworkGzip)} gzip.`,
  );
  console.log("As Chromium loads it, with inline scripts, framework and app apart: npm run bench:first-load");
}

// Run as a script; the functions above are also imported by the client bundle test.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
