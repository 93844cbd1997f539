import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from "playwright-core";
import { migratedPgliteDataDir } from "@shared/db/test-databases";
import { SERVER_ENTRY } from "../../../web/site-build/outputs";
import { chromiumPath } from "./browser";

const root = path.resolve(import.meta.dirname, "../../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port for the site")),
      );
    });
  });
}

export interface RunningSite {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real site (`web/start.ts`, from the server bundle the run's global setup built when it
 * was out of date) with its own empty embedded database, on a free port
 * unless `port` names one (the built Studio reads the site at its default, localhost:3000). The
 * database is a copy of one migrated once (migratedPgliteDataDir) unless `env` names another.
 */
export async function startSite(
  env: Record<string, string> = {},
  options: { port?: number; onOutput?: (chunk: string) => void } = {},
): Promise<RunningSite> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-"));
  if (!env.DATABASE_URL && !env.PGLITE_DATA_DIR) cpSync(await migratedPgliteDataDir(), dataDir, { recursive: true });
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let startTimer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      options.onOutput?.(text);
      if (output.includes("Serving http://")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`The site exited with code ${code}:\n${output}`)));
    startTimer = setTimeout(() => reject(new Error(`The site did not start within 90 s:\n${output}`)), 90_000);
  });
  // A pending timer would keep the process that started the site alive for its 90 s (the run's
  // global setup, which then waited out vitest's 10 s close timeout).
  void ready.then(
    () => clearTimeout(startTimer),
    () => clearTimeout(startTimer),
  );
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
}

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** How the browser tests' global setup tells the test files where its one Chromium listens. */
export const SHARED_BROWSER_ENV = "E2E_BROWSER_WS";

/** Starts the Chromium the test files share (global-setup.ts): one browser instead of one per file. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * The browser a test file drives: the run's shared Chromium when the global setup started one
 * (each file's pages live in contexts of their own, which closing the connection closes), else a
 * Chromium of the file's own.
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

export interface OpenedPage {
  page: Page;
  problems: string[];
  status: number | undefined;
  cacheControl: string | undefined;
}

/**
 * Opens `url` in a new page of the browser (or context) and waits until the network is idle.
 * With `testClock`, the page's timers and Date run on Playwright's clock from the start, for the
 * test to move on (page.clock, stopClock); with `testClock: "paused"` that clock stands still
 * from before the page's first script, so timers the page sets while it loads and hydrates start
 * at one known instant, however long the machine takes to get there.
 */
export async function openPage(
  owner: Browser | BrowserContext,
  url: string,
  viewport = { width: 1280, height: 900 },
  options: { testClock?: boolean | "paused" } = {},
): Promise<OpenedPage> {
  const page = "newContext" in owner ? await owner.newPage({ viewport }) : await owner.newPage();
  if (options.testClock) await page.clock.install();
  if (options.testClock === "paused") await page.clock.pauseAt(Date.now() + 1_000);
  const problems = collectConsoleProblems(page);
  const response = await page.goto(url);
  await page.waitForLoadState("networkidle");
  return { page, problems, status: response?.status(), cacheControl: response?.headers()["cache-control"] };
}

/**
 * The worker fills the database in the background after start: polls a page until its HTML
 * shows what a test needs, or fails with the site's output.
 */
export async function waitForPage(
  site: RunningSite,
  path: string,
  ready: (html: string) => boolean,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ready(await (await fetch(site.url + path)).text())) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No ${what} on ${path} after ${timeoutMs / 1000} s:\n${site.output()}`);
}

/** Stops the page's clock where it is: its timers then fire only as the test moves it on. */
export async function stopClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      // A little ahead of the page's time, which runs on while the call travels.
      await page.clock.pauseAt(now + 50);
      return;
    } catch (error) {
      if (!String(error).includes("to the past")) throw error;
    }
  }
}

/**
 * A page served from a site whose replayed match is live changes at each tick (every 15 s), and a
 * slow machine can take longer than a tick between two visits. Visits with `control`, then
 * `probe`, then `control` again, until the two control visits agree (at most `attempts` times):
 * only then is the probe known to have seen the same page, for the test to compare.
 */
export async function visitsBetweenTicks<T>(
  control: () => Promise<T>,
  probe: () => Promise<T>,
  same: (a: T, b: T) => boolean,
  attempts = 5,
): Promise<{ before: T; probed: T; after: T }> {
  for (let attempt = 1; ; attempt++) {
    const before = await control();
    const probed = await probe();
    const after = await control();
    if (same(before, after) || attempt >= attempts) return { before, probed, after };
  }
}
