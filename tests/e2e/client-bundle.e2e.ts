/**
 * The browser build (public/build, from `remix build`) keeps schema libraries out, and every
 * page type's first load stays within the budget, counted the way web/bench/first-load-js.ts
 * counts it: the scripts Chromium requests on a fresh visit until the network has settled,
 * before any interaction, and the page's inline scripts, each gzipped. Beyond React, React DOM
 * and the Remix runtime, the site's own code on first load is held to APP_CODE_BUDGET_BYTES
 * (10 kB): what waits for the visitor (search suggestions, the Parlay Builder
 * dialog and buttons, toasts, My Teams, the loading views of navigations) loads when it is
 * needed. The Parlay Builder dialog is never
 * part of a first load.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_LOAD_PAGES, measureFirstLoads, type FirstLoad } from "../../web/bench/first-load-js";
import { launchChromium, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

const ROOT_DIR = path.resolve(import.meta.dirname, "../..");
const BUILD_DIR = path.join(ROOT_DIR, "public/build");

/**
 * The site's own code on a first load, gzip bytes, beyond the framework: the target, 10 kB. The
 * heaviest pages on these fixtures are the live match's (9,964 B: the refresh, the 'Updated Ns
 * ago' clock and the local times come with it) and the home page's once its live Match of the
 * Week has loaded the same clock (9,747 B). Decision 005's addendum lists what waits for the
 * visitor.
 */
const APP_CODE_BUDGET_BYTES = 10_000;

function clientFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(file);
    return entry.name.endsWith(".js") ? [file] : [];
  });
}

/** What Chromium sends as Accept-Encoding. */
const CHROMIUM_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** A GET whose answer is read as sent, compressed or not. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

let site: RunningSite;
let browser: Browser;
let loads: FirstLoad[];

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  // The pages with matches fill once the worker has read the fixture seasons.
  await waitForPage(site, "/premier-league-predictions", (html) => html.includes("match-card"), "match cards");
  loads = await measureFirstLoads(browser, site.url, FIRST_LOAD_PAGES);
  console.log(
    `first load (gzip bytes): ${JSON.stringify(
      Object.fromEntries(loads.map((load) => [load.page, { framework: load.framework, app: load.app }])),
    )}`,
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the browser build", () => {
  it("contains no zod", () => {
    const withZod = clientFiles(BUILD_DIR).filter((file) =>
      /\$Zod(Type|Error)|ZodError/.test(readFileSync(file, "utf8")),
    );
    expect(withZod).toEqual([]);
  });

  it(`loads at most ${APP_CODE_BUDGET_BYTES / 1000} kB of the site's own JavaScript (gzip) beyond the framework on the first load of any page type`, () => {
    expect(loads.map((load) => load.page)).toContain("home");
    for (const load of loads) {
      expect(load.status, load.path).toBeLessThan(500);
      // The count saw the page start: React, React DOM and Remix are about 86 kB.
      expect(load.framework, load.page).toBeGreaterThan(80_000);
      const app = load.scripts
        .filter((script) => script.part === "app")
        .map((script) => `${script.source} ${script.gzipBytes}`);
      expect(load.app, `${load.page}: ${app.join(", ")}`).toBeLessThanOrEqual(APP_CODE_BUDGET_BYTES);
    }
  });

  it("gives every public page type one stylesheet, the same file for all", async () => {
    const sheets = new Set<string>();
    for (const { page, path: pagePath } of FIRST_LOAD_PAGES) {
      const html = await (await fetch(site.url + pagePath)).text();
      const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
      expect(links, page).toHaveLength(1);
      sheets.add(links[0]);
    }
    expect([...sheets]).toHaveLength(1);
    expect([...sheets][0]).toMatch(/^\/build\/css-bundle-\w+\.css$/);
  });

  it("sends every script of a first load and the stylesheet compressed once at build time: brotli to Chromium, cached a year", async () => {
    const html = await (await fetch(site.url + "/")).text();
    const files = new Set([
      ...loads.flatMap((load) =>
        load.scripts.map((script) => script.source).filter((source) => source.startsWith("/build/")),
      ),
      ...[...html.matchAll(/<link rel="stylesheet" href="(\/build\/[^"]+)"/g)].map((match) => match[1]),
    ]);
    expect(files.size).toBeGreaterThan(10);
    let raw = 0;
    let sent = 0;
    for (const file of files) {
      const onDisk = readFileSync(path.join(ROOT_DIR, "public", file));
      const answer = await rawGet(site.url + file, { "accept-encoding": CHROMIUM_ACCEPT_ENCODING });
      expect(answer.status, file).toBe(200);
      // The build's own brotli copy, byte for byte: nothing is compressed while the visitor
      // waits. A file under 1 KB has none and goes as it is.
      const copy = path.join(ROOT_DIR, "public", `${file}.br`);
      const compressed = existsSync(copy);
      expect(compressed || onDisk.length < 1024, file).toBe(true);
      expect(answer.body.equals(compressed ? readFileSync(copy) : onDisk), file).toBe(true);
      if (compressed) expect(brotliDecompressSync(answer.body).equals(onDisk), file).toBe(true);
      expect(answer.headers["content-encoding"], file).toBe(compressed ? "br" : undefined);
      expect(answer.headers, file).toMatchObject({
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "cross-origin-resource-policy": "same-origin",
      });
      if (compressed) expect(answer.headers.vary, file).toBe("Accept-Encoding");
      expect(answer.headers["x-request-id"], file).toMatch(/^[\w-]{8,}$/);
      const again = await rawGet(site.url + file, {
        "accept-encoding": CHROMIUM_ACCEPT_ENCODING,
        "if-none-match": answer.headers.etag!,
      });
      expect([again.status, again.body.length], file).toEqual([304, 0]);
      raw += onDisk.length;
      sent += answer.body.length;
    }
    console.log(
      `first-load scripts and stylesheet: ${files.size} files, ${raw} bytes, sent as ${sent} bytes of brotli`,
    );
    expect(sent).toBeLessThan(raw / 3);
  });

  it("leaves out the empty stand-ins of the .server modules a route imports for its loader", () => {
    // Remix puts `module.exports = {}` in place of a `.server` module in the browser build; the
    // patch in patches/ marks it free of side effects, so that a stand-in nothing reads is
    // dropped instead of making a file of its own, or a part of one, on every page that imports
    // it (decision 016). The root reads two server-only texts as undefined: those stay.
    const metafile = JSON.parse(readFileSync(path.join(ROOT_DIR, "build/metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    const standIns = Object.values(metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([source, input]) => source.startsWith("empty-module:") && input.bytesInOutput > 0)
        .map(([source]) => source),
    );
    expect(standIns.sort()).toEqual([
      "empty-module:./features/content/preview-storage-script.server",
      "empty-module:./theme-script.server",
    ]);
  });

  it.each([
    ["the Parlay Builder dialog", "web/app/features/parlay/components/ParlayModal.tsx"],
    ["the header's live PB button and its tooltip", "web/app/features/parlay/components/ParlayButton.tsx"],
  ])("leaves %s out of the first load", (_, source) => {
    // The browser build's metafile names each output file (public/build/…) and its sources.
    const metafile = JSON.parse(readFileSync(path.join(ROOT_DIR, "build/metafile.js.json"), "utf8")) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const files = Object.entries(metafile.outputs)
      .filter(([, output]) => source in output.inputs)
      .map(([file]) => file.replace(/^public/, ""));
    expect(files).toHaveLength(1);
    for (const load of loads)
      expect(
        load.scripts.map((script) => script.source),
        load.page,
      ).not.toContain(files[0]);
  });
});
