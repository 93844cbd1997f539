/**
 * Runs the site for a benchmark: `node build/server/start.js` (as `npm start` does) as a child process (pinned to
 * the server core when possible), on the embedded PGlite database or on a scratch PostgreSQL
 * database created for the run, with the worker filling it from FOOTBALL_DATA_DIR: in the site's
 * own process (WORKER=embedded, the embedded default) or in a process of its own beside it
 * (WORKER=separate, the default on PostgreSQL: the web process then holds only the site).
 * Waits until the site serves and until the worker's start-up run has finished (predictions,
 * track record, match of the week), read from /api-status with a token made for the run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { withMallocSettings } from "@shared/config/malloc-settings";
import { API_STATUS } from "@shared/domain/urls";
import { ensureSiteBuild } from "../site-build/build";
import { SERVER_ENTRY } from "../site-build/outputs";
import { LOAD_CORE, SERVER_CORE, pinnedCommand } from "./cpu-pinning";
import { getJson, probe } from "./http-probe";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type DatabaseKind = "pglite" | "postgres";

export interface SiteOptions {
  database: DatabaseKind;
  /** PostgreSQL: the (scratch) database the site uses. */
  databaseUrl?: string;
  /** PGlite: where the embedded database lives; kept between runs so a second run reuses it. */
  pgliteDataDir?: string;
  footballDataDir?: string;
  /** Where the site's own output is written. */
  logFile: string;
  /** Prints the site's warnings and errors as they come. */
  echo?: (line: string) => void;
  /** Variables set last, over the run's defaults (PAGE_CACHE_MB...). */
  env?: Record<string, string>;
  /** Flags for node itself, before the script (--trace-gc...). */
  nodeArgs?: string[];
  /**
   * Where the worker runs: in the site's process (the default) or, on PostgreSQL, in a process of
   * its own (`npm run worker`) on the load generator's core: a worker elsewhere, as in
   * production, leaves the site's core to the site.
   */
  worker?: "embedded" | "separate";
  /** Pin the site to the server's core (the default); false runs it as `npm start` does, on every core. */
  pinned?: boolean;
}

export interface RunningSite {
  origin: string;
  /** Opens /api-status for this run. */
  internalToken: string;
  /** The site's own process (node; `taskset` replaces itself with it): for /proc/{pid} and signals. */
  pid: number;
  /** Wall time at which the process was started (ms since the epoch). */
  startedAt: number;
  stop(): Promise<void>;
}

/** The football-data directory: FOOTBALL_DATA_DIR, else the handbook's copy beside the checkout when it exists. */
export function defaultFootballDataDir(): string | undefined {
  const fromEnv = process.env.FOOTBALL_DATA_DIR?.trim();
  if (fromEnv) return path.resolve(ROOT, fromEnv);
  const beside = path.resolve(ROOT, "../shared/data/football-data/mmz4281");
  return existsSync(beside) ? beside : undefined;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ScratchDatabase {
  url: string;
  /** host:port/name, without credentials. */
  label: string;
  drop(): Promise<void>;
}

/** Creates an empty database on the server of `serverUrl`, to be dropped after the run. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `${url.hostname}:${url.port || "5432"}/${name}`,
    async drop() {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function siteEnvironment(options: SiteOptions, port: number, token: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The run decides the database and the origin; whatever the shell had set for them does not apply.
  for (const name of ["DATABASE_URL", "PGLITE_DATA_DIR", "SITE_URL", "WORKER", "HOST", "PORT"]) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    INTERNAL_PAGES_TOKEN: token,
    // The benchmark is one client sending thousands of requests a second: no rate limits.
    RATE_LIMIT_READS_PER_MINUTE: "0",
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
    WORKER: options.worker ?? "embedded",
  });
  if (options.footballDataDir) env.FOOTBALL_DATA_DIR = options.footballDataDir;
  if (options.worker === "separate" && options.database !== "postgres")
    throw new Error("a worker of its own needs the shared PostgreSQL database");
  if (options.database === "postgres") {
    if (!options.databaseUrl) throw new Error("a PostgreSQL run needs a database URL");
    env.DATABASE_URL = options.databaseUrl;
  } else {
    env.PGLITE_DATA_DIR = options.pgliteDataDir ?? path.join(ROOT, ".cache/bench-web/pglite");
  }
  Object.assign(env, options.env ?? {});
  // As npm start starts it (shared/config/malloc-settings.ts).
  return withMallocSettings(env);
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM, then SIGKILL if the process has not ended 15 s later. */
async function stopChild(child: ChildProcess, exit: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const done = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
  if (!done) {
    child.kill("SIGKILL");
    await exit;
  }
}

/** The worker in a process of its own, as `npm run worker` starts it, on the load generator's core, writing to `logFile`. */
function startWorker(env: NodeJS.ProcessEnv, logFile: string) {
  const log = createWriteStream(logFile, { flags: "a" });
  const { command, args } = pinnedCommand(LOAD_CORE, process.execPath, [
    "--import",
    "tsx",
    "sync-worker/cli.ts",
    "worker",
  ]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...env, WORKER: "separate" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return { child, exit: exited(child), log };
}

/** Starts the site and resolves once it answers HTTP (building it first if its build is stale). */
export async function startSite(options: SiteOptions, timeoutMs = 5 * 60_000): Promise<RunningSite> {
  await ensureSiteBuild();
  const port = await freePort();
  const token = randomBytes(24).toString("hex");
  const env = siteEnvironment(options, port, token);
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  if (env.PGLITE_DATA_DIR) mkdirSync(path.dirname(env.PGLITE_DATA_DIR), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: "a" });
  const nodeArgs = [...(options.nodeArgs ?? []), SERVER_ENTRY];
  const { command, args } =
    options.pinned === false
      ? { command: process.execPath, args: nodeArgs }
      : pinnedCommand(SERVER_CORE, process.execPath, nodeArgs);
  const startedAt = Date.now();
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const recent: string[] = [];
  const onOutput = (stream: "out" | "err") => (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      if (stream === "err") options.echo?.(line);
    }
  };
  child.stdout.on("data", onOutput("out"));
  child.stderr.on("data", onOutput("err"));
  const exit = exited(child);

  let worker: { child: ChildProcess; exit: Promise<number | null>; log: ReturnType<typeof createWriteStream> } | null =
    null;
  const stop = async () => {
    if (worker) {
      await stopChild(worker.child, worker.exit);
      const workerLog = worker.log;
      await new Promise<void>((resolve) => workerLog.end(resolve));
    }
    await stopChild(child, exit);
    await new Promise<void>((resolve) => log.end(resolve));
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let childExited = false;
  void exit.then(() => (childExited = true));
  while (Date.now() < deadline) {
    if (childExited) {
      await stop();
      throw new Error(
        `the site stopped before serving (exit ${child.exitCode}); its last lines:\n${recent.join("\n")}\n(see ${options.logFile})`,
      );
    }
    try {
      await probe(`${origin}/robots.txt`, {}, 5_000);
      // The site has applied the migrations by now: the worker finds the schema it writes to.
      if (options.worker === "separate") worker = startWorker(env, options.logFile.replace(/(\.log)?$/, "-worker.log"));
      return { origin, internalToken: token, pid: child.pid ?? 0, startedAt, stop };
    } catch {
      await sleep(500);
    }
  }
  await stop();
  throw new Error(`the site did not answer within ${timeoutMs / 1000} s (see ${options.logFile})`);
}

export interface JobRow {
  job: string;
  status: string;
  startedAt: number;
}

/** The last run of every job, read from the /api-status page's table (null when the page is closed). */
export async function readJobTable(origin: string, token: string): Promise<JobRow[] | null> {
  const page = await probe(`${origin}${API_STATUS}`, { authorization: `Bearer ${token}` });
  if (page.status !== 200) return null;
  const html = page.body.toString("utf8");
  const rows: JobRow[] = [];
  for (const row of html.split(/<tr[\s>]/i).slice(1)) {
    const job = /<th[^>]*scope="row"[^>]*>([^<]+)<\/th>/i.exec(row)?.[1];
    const status = /status-badge--([a-z-]+)/i.exec(row)?.[1];
    const when = /datetime="([^"]+)"/i.exec(row)?.[1];
    if (job && status && when) rows.push({ job: job.trim(), status, startedAt: Date.parse(when) });
  }
  return rows;
}

/**
 * The jobs whose runs since the start mean the start-up run is over. The worker runs every job
 * once, one after another, and these three always run (they have no "due" check): the last of
 * them in start-up order, match-of-the-week, follows everything else.
 */
/**
 * The start-up jobs the bench waits for: the pages' data, and the two jobs that keep a worker
 * thread busy for minutes on a first start (the season outlook and the public odds check), so
 * no measurement shares the cores with them.
 */
const START_UP_FINISHERS = ["predictions", "performance", "match-of-the-week", "season-outlook", "odds-check"];

export interface DataProgress {
  elapsedS: number;
  doneSinceStart: number;
  listed: number;
  running: string[];
  failed: string[];
}

/**
 * Waits until the worker's start-up run is over and the league list has matches; prints
 * progress every 10 s. Without access to /api-status (a site started elsewhere) only the
 * match list is checked.
 */
export async function waitForData(
  site: Pick<RunningSite, "origin" | "internalToken" | "startedAt">,
  options: { timeoutMs?: number; progress?: (p: DataProgress) => void } = {},
): Promise<{ failedJobs: string[] }> {
  const timeoutMs = options.timeoutMs ?? 12 * 60_000;
  const began = Date.now();
  let lastReport = 0;
  for (;;) {
    const elapsedS = Math.round((Date.now() - began) / 1000);
    // Without a token (a site started elsewhere) there is no job table to read. With one, a
    // table that could not be read (the page timed out while the jobs kept the database busy)
    // says nothing about the start-up run: wait and ask again.
    const readable = site.internalToken !== "";
    let rows: JobRow[] | null = null;
    if (readable) {
      try {
        rows = await readJobTable(site.origin, site.internalToken);
      } catch {
        rows = null;
      }
    }
    let matches = 0;
    try {
      matches = (await getJson<unknown[]>(`${site.origin}/api/matches/league/premier-league`)).length;
    } catch {
      matches = 0;
    }
    const since = (rows ?? []).filter((r) => r.startedAt >= site.startedAt - 1_000);
    const finished = (name: string) => since.some((r) => r.job === name && r.status !== "running");
    const failed = since.filter((r) => r.status === "failed").map((r) => r.job);
    const ready = matches > 0 && (!readable || (rows !== null && START_UP_FINISHERS.every(finished)));
    if (ready) return { failedJobs: failed };
    if (Date.now() - began > timeoutMs) {
      throw new Error(
        `the site's data was not ready after ${timeoutMs / 1000} s (${matches} Premier League matches listed)`,
      );
    }
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      options.progress?.({
        elapsedS,
        doneSinceStart: since.filter((r) => r.status !== "running").length,
        listed: rows?.length ?? 0,
        running: since.filter((r) => r.status === "running").map((r) => r.job),
        failed,
      });
    }
    await sleep(2_000);
  }
}

export interface RunningStaticServer {
  origin: string;
  /** Its node process (`taskset` replaces itself with it), for its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Starts the static baseline (web/bench/static-server.ts) on the server core, serving `snapshotDir`. */
export async function startStaticServer(
  snapshotDir: string,
  options: { siteHeaders?: boolean } = {},
): Promise<RunningStaticServer> {
  const { command, args } = pinnedCommand(SERVER_CORE, process.execPath, [
    "--import",
    "tsx",
    "web/bench/static-server.ts",
    snapshotDir,
    ...(options.siteHeaders ? ["--site-headers"] : []),
  ]);
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const exit = exited(child);
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const match = /listening (\d+)/.exec(buffered);
      if (match) resolve(Number(match[1]));
    });
    void exit.then((code) => reject(new Error(`the static server stopped (exit ${code})`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exit, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
