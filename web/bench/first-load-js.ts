/**
 * The JavaScript a first visit to each page type really loads, counted in Chromium: every script
 * the page requests from navigation until the network has been idle and stayed idle a while
 * longer (so code fetched on a timer or when the page is idle is caught too), before any
 * interaction, plus the page's inline scripts. Each script's body is gzipped on its own with
 * zlib's default level (as `gzip -c` does; the site sends the build's brotli copies, smaller
 * still: decision 024); sizes are in bytes.
 *
 * Each script is counted as one of:
 *
 * - `framework`: React, React DOM and the Remix runtime (with React Router and turbo-stream). A
 *   file is the framework's when every source the browser build's metafile
 *   (build/metafile.js.json) lists for it comes from those packages, or when it has no source
 *   and a framework file imports it (esbuild's module helpers). Remix's own inline scripts (the
 *   scroll restoration, the context and the module script that starts the routes) too.
 * - `app`: everything else: any file with a source of the site's own (the client entry too),
 *   files the metafile does not know, and inline scripts the site writes (the theme script).
 * - `data`: the inline scripts that stream the loader data to hydration
 *   (`__remixContext.streamController.enqueue`). Counted and reported, but data rather than
 *   code: tests/e2e/markup-once.e2e.ts holds its share of the HTML.
 *
 * JSON-LD blocks (`<script type="application/ld+json">`) are not run and are not counted.
 *
 *   node --import tsx web/bench/first-load-js.ts [--url http://127.0.0.1:3000] [--json]
 *
 * Without --url it starts the site on the fixture seasons (tests/e2e/support/site.ts). Run it
 * after a build (`npm run build`); tests/e2e/client-bundle.e2e.ts holds every page type to its
 * budget with the same count.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const METAFILE = path.join(ROOT_DIR, "build/metafile.js.json");

/** One page of each type on the site with the fixture seasons. */
export const FIRST_LOAD_PAGES: ReadonlyArray<{ page: string; path: string }> = [
  { page: "home", path: "/" },
  { page: "league", path: "/premier-league-predictions" },
  { page: "matchweek", path: "/premier-league-predictions/matchweek-25" },
  { page: "match", path: "/premier-league-predictions/arsenal-vs-sunderland-prediction" },
  { page: "picks", path: "/picks" },
  { page: "league picks", path: "/picks/epl" },
  { page: "algo-results", path: "/algo-results" },
  { page: "teams", path: "/premier-league/teams" },
  { page: "team", path: "/premier-league/teams/arsenal" },
  { page: "squad", path: "/premier-league/teams/arsenal/players" },
  // The fixture seasons have no players: the player route's not-found page, with its code.
  { page: "player", path: "/premier-league/teams/manchester-united/players/bruno-fernandes-891" },
  { page: "static", path: "/about" },
  { page: "search", path: "/search?q=arsenal" },
  { page: "today", path: "/today" },
  { page: "match day", path: "/matches/2026-02-07" },
];

/** How long the network has to stay quiet after it first goes idle. */
const SETTLE_MS = 2_500;

export type ScriptPart = "framework" | "app" | "data";

export interface CountedScript {
  /** The file's path (/build/...), or `inline: <its first characters>`. */
  source: string;
  part: ScriptPart;
  rawBytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  page: string;
  path: string;
  status: number | undefined;
  /** Script files requested. */
  files: number;
  inlineScripts: number;
  framework: number;
  app: number;
  data: number;
  /** framework + app + data, gzip bytes. */
  total: number;
  scripts: CountedScript[];
}

const FRAMEWORK_SOURCE =
  /(^|\/)node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|turbo-stream|@remix-run\/[^/]+)\//;

interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }>; imports: { path: string }[] }>;
}

/** Which part each file of the browser build (by its URL, /build/...) belongs to. */
export function buildFileParts(metafile: Metafile = readMetafile()): Map<string, Exclude<ScriptPart, "data">> {
  const parts = new Map<string, Exclude<ScriptPart, "data">>();
  const url = (output: string) => output.replace(/^public/, "");
  const glue: string[] = [];
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith(".js")) continue;
    const sources = Object.entries(inputs).filter(([, input]) => input.bytesInOutput > 0);
    if (sources.length === 0) glue.push(output);
    else parts.set(url(output), sources.every(([source]) => FRAMEWORK_SOURCE.test(source)) ? "framework" : "app");
  }
  for (const output of glue) {
    const importedByFramework = Object.entries(metafile.outputs).some(
      ([importer, { imports }]) =>
        parts.get(url(importer)) === "framework" && imports.some((imported) => imported.path === output),
    );
    parts.set(url(output), importedByFramework ? "framework" : "app");
  }
  return parts;
}

function readMetafile(): Metafile {
  return JSON.parse(readFileSync(METAFILE, "utf8")) as Metafile;
}

const gzipBytes = (text: string | Buffer) => gzipSync(text).length;

/** The inline scripts of a document that the browser runs, with the part each belongs to. */
export function inlineScripts(html: string): CountedScript[] {
  const scripts: CountedScript[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(` ${attributes}`)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    if (text.trim() === "") continue;
    const part: ScriptPart = text.includes("__remixContext.streamController.enqueue")
      ? "data"
      : text.includes("__remixContext") ||
          text.includes("__remixManifest") ||
          text.includes("__remixRouteModules") ||
          text.startsWith("((STORAGE_KEY, restoreKey)")
        ? "framework"
        : "app";
    scripts.push({
      source: `inline: ${text.trim().slice(0, 40).replace(/\s+/g, " ")}`,
      part,
      rawBytes: Buffer.byteLength(text),
      gzipBytes: gzipBytes(text),
    });
  }
  return scripts;
}

/**
 * Opens `origin + pagePath` in a new context of `browser` (a fresh visitor: no storage, no
 * cache) and counts its first-load scripts.
 */
export async function measureFirstLoad(
  browser: Browser,
  origin: string,
  page: { page: string; path: string },
  parts: Map<string, Exclude<ScriptPart, "data">> = buildFileParts(),
  viewport = { width: 1280, height: 900 },
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport });
  try {
    const tab = await context.newPage();
    const pending: Promise<CountedScript | null>[] = [];
    let lastRequestAt = Date.now();
    tab.on("request", () => (lastRequestAt = Date.now()));
    tab.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then(
          (body) => {
            const url = new URL(response.url());
            const source = url.origin === origin ? url.pathname : url.href;
            return {
              source,
              part: parts.get(url.pathname) ?? "app",
              rawBytes: body.length,
              gzipBytes: gzipBytes(body),
            };
          },
          () => null,
        ),
      );
    });
    const response = await tab.goto(origin + page.path);
    const html = response ? await response.text() : "";
    await tab.waitForLoadState("networkidle");
    // Quiet for SETTLE_MS after the last request: a timer's or an idle callback's fetch counts.
    while (Date.now() - lastRequestAt < SETTLE_MS) {
      await tab.waitForTimeout(SETTLE_MS - (Date.now() - lastRequestAt) + 50);
      await tab.waitForLoadState("networkidle");
    }
    const files = (await Promise.all(pending)).filter((script): script is CountedScript => script !== null);
    const inline = inlineScripts(html);
    const scripts = [...files, ...inline];
    const sum = (part: ScriptPart) =>
      scripts.filter((script) => script.part === part).reduce((total, script) => total + script.gzipBytes, 0);
    const result = {
      page: page.page,
      path: page.path,
      status: response?.status(),
      files: files.length,
      inlineScripts: inline.length,
      framework: sum("framework"),
      app: sum("app"),
      data: sum("data"),
      total: 0,
      scripts,
    };
    result.total = result.framework + result.app + result.data;
    return result;
  } finally {
    await context.close();
  }
}

/**
 * Counts the first load of each of `pages`, `concurrency` at a time, in the order given. Each
 * visit has a context of its own and waits for its own network to settle, so the visits do not
 * see each other's scripts; most of a visit is that wait, which they now spend side by side.
 */
export async function measureFirstLoads(
  browser: Browser,
  origin: string,
  pages: ReadonlyArray<{ page: string; path: string }> = FIRST_LOAD_PAGES,
  parts: Map<string, Exclude<ScriptPart, "data">> = buildFileParts(),
  concurrency = 4,
): Promise<FirstLoad[]> {
  const loads: FirstLoad[] = new Array<FirstLoad>(pages.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < pages.length; index = next++)
      loads[index] = await measureFirstLoad(browser, origin, pages[index], parts);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pages.length) }, lane));
  return loads;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function firstLoadTable(loads: readonly FirstLoad[]): string {
  const rows = [
    ["page", "path", "files", "inline", "framework", "app", "loader data", "total"],
    ...loads.map((load) => [
      load.page,
      load.path,
      String(load.files),
      String(load.inlineScripts),
      kb(load.framework),
      kb(load.app),
      kb(load.data),
      kb(load.total),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .flatMap((row, index) => {
      const line = row
        .map((cell, column) => (column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
        .join("  ");
      return index === 0 ? [line, widths.map((width) => "-".repeat(width)).join("  ")] : [line];
    })
    .join("\n");
}

async function main(): Promise<void> {
  const { launchChromium, startSite } = await import("../../tests/e2e/support/site");
  const { FIXTURES_SEASONS_DIR } = await import("@sync-worker/test-support/csv-origin");
  const urlIndex = process.argv.indexOf("--url");
  const given = urlIndex > 0 ? process.argv[urlIndex + 1]?.replace(/\/+$/, "") : undefined;
  const site = given ? null : await startSite({ FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR });
  const origin = given ?? site!.url;
  const browser = await launchChromium();
  try {
    const loads = await measureFirstLoads(browser, origin);
    if (process.argv.includes("--json")) console.log(JSON.stringify(loads, null, 2));
    else {
      console.log(`First-load JavaScript per page type, as Chromium loads it (${origin}), gzip:\n`);
      console.log(firstLoadTable(loads));
      console.log(
        "\nframework: React, React DOM, the Remix runtime; app: the site's own code (files and inline scripts);" +
          " loader data: the inline scripts streaming it.",
      );
    }
  } finally {
    await browser.close();
    await site?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
