/**
 * `npm run bench:lighthouse`: Lighthouse's performance audit of the home page, a league page and
 * a match page (a live one when a match is in play), with the default mobile settings (simulated
 * slow 4G and a 4x slower CPU), three runs each; prints the median performance score, Total
 * Blocking Time, Largest and First Contentful Paint, and the JavaScript transferred.
 *
 * Starts the site on the embedded database as bench:web does (pinned to CPU 0 when possible), or
 * audits a running site: `--url <origin>`. Chromium comes from CHROMIUM_PATH or /usr/bin/chromium
 * and runs headless without background networking: nothing but the site is contacted.
 *
 * Flags: --url <origin>, --runs <n> (3), --quick (one run each).
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { closeProbeConnections } from "./http-probe";
import { parseBenchOptions } from "./options";
import { ROOT, defaultFootballDataDir, startSite, waitForData, type RunningSite } from "./site-process";
import { formatCount, formatLoadAverage, formatMs, median, table } from "./stats";
import { discoverTargets, type PageTarget } from "./targets";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Tries per run before a page is given up. */
const MAX_ATTEMPTS = 3;

interface RunFigures {
  score: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  /** Cumulative layout shift: the target is 0. */
  cls: number;
  scriptBytes: number;
  warnings: string[];
}

interface NetworkRequestItem {
  resourceType?: string;
  transferSize?: number;
}

function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH?.trim();
  const candidate = configured || "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(`no Chromium at ${candidate}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return candidate;
}

async function audit(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkRequestItem[] } | undefined;
  const scriptBytes = (details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = lhr.categories.performance?.score;
  return {
    score: typeof score === "number" ? score * 100 : Number.NaN,
    tbtMs: numeric("total-blocking-time"),
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    scriptBytes,
    warnings: lhr.runWarnings.map(String),
  };
}

function pagesToAudit(pages: PageTarget[]): PageTarget[] {
  const wanted = [
    pages.find((p) => p.kind === "home"),
    pages.find((p) => p.kind === "league"),
    pages.find((p) => p.kind === "match-live") ?? pages.find((p) => p.kind === "match-finished"),
  ];
  return wanted.filter((p): p is PageTarget => p !== undefined);
}

async function main(): Promise<void> {
  const options = parseBenchOptions();
  const loadStart = os.loadavg();
  console.log(`bench:lighthouse: ${options.runs} run(s) per page, mobile preset, performance only`);
  console.log(`load average at start: ${formatLoadAverage(loadStart)}`);
  const chromePath = chromiumPath();

  let site: RunningSite | null = null;
  let origin = options.url?.replace(/\/+$/, "");
  try {
    if (!origin) {
      const startedAt = Date.now();
      site = await startSite({
        database: "pglite",
        pgliteDataDir: path.join(ROOT, ".cache/bench-web/pglite"),
        footballDataDir: defaultFootballDataDir(),
        logFile: path.join(ROOT, ".cache/bench-web/site-lighthouse.log"),
        echo: (line) => console.log(`  [site] ${line}`),
      });
      console.log(`site serving at ${site.origin}; waiting for its data`);
      await waitForData(site, {
        progress: (p) =>
          console.log(
            `  ${p.elapsedS} s: ${p.doneSinceStart} job runs since start${p.running.length ? `, running: ${p.running.join(", ")}` : ""}`,
          ),
      });
      console.log(`data ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
      origin = site.origin;
    } else {
      await waitForData({ origin, internalToken: "", startedAt: 0 }, { timeoutMs: 60_000 });
    }

    const targets = await discoverTargets(origin);
    const pages = pagesToAudit(targets.pages);
    const launch = () => chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "error" });
    let chrome = await launch();
    const rows: string[][] = [];
    const warnings = new Set<string>();
    try {
      for (const page of pages) {
        const runs: RunFigures[] = [];
        for (let i = 0; i < options.runs; i++) {
          let run: RunFigures | null = null;
          // A trace Lighthouse could not record (NO_NAVSTART and the like, under load): a fresh browser, again.
          for (let attempt = 1; run === null; attempt++) {
            try {
              run = await audit(`${origin}${page.path}`, chrome.port);
            } catch (error) {
              if (attempt >= MAX_ATTEMPTS) throw error;
              console.log(
                `  ${page.label} ${page.path} run ${i + 1}: ${(error as Error).message}; again in a fresh browser`,
              );
              chrome.kill();
              chrome = await launch();
            }
          }
          runs.push(run);
          for (const w of run.warnings) warnings.add(w);
          console.log(
            `  ${page.label} ${page.path} run ${i + 1}: score ${run.score.toFixed(0)}, TBT ${formatMs(run.tbtMs)} ms, LCP ${formatMs(run.lcpMs)} ms, FCP ${formatMs(run.fcpMs)} ms, CLS ${run.cls.toFixed(3)}, JS ${formatCount(run.scriptBytes)} B`,
          );
        }
        const med = (pick: (r: RunFigures) => number) => median(runs.map(pick));
        rows.push([
          `${page.label} ${page.path}`,
          med((r) => r.score).toFixed(0),
          formatMs(med((r) => r.tbtMs)),
          formatMs(med((r) => r.lcpMs)),
          formatMs(med((r) => r.fcpMs)),
          Math.max(...runs.map((r) => r.cls)).toFixed(3),
          formatCount(med((r) => r.scriptBytes)),
        ]);
      }
    } finally {
      chrome.kill();
    }
    console.log(`\nMedian of ${options.runs} run(s), Lighthouse mobile (simulated throttling):`);
    console.log(table(["page", "score", "TBT ms", "LCP ms", "FCP ms", "CLS (max)", "JS transferred B"], rows));
    for (const w of warnings) console.log(`Lighthouse warning: ${w}`);
  } finally {
    await site?.stop();
    closeProbeConnections();
  }
  console.log(`load average at end: ${formatLoadAverage(os.loadavg())}`);
}

main().catch((error: unknown) => {
  console.error(`bench:lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
