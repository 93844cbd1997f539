/**
 * The production topology on one machine, from the project's own files (`npm run cluster`):
 *
 * 1. PostgreSQL: the owner and application roles and the database (created when missing), the
 *    migrations run as the owner, then the documented grants (docs/database-roles.md);
 * 2. one sync worker and two web processes, each with only the application role's URL;
 * 3. Varnish in front (deploy/varnish/site.vcl), which the web processes purge on every write.
 *
 * A rolling restart replaces the web processes one at a time: the one stopping finishes its open
 * requests (web/start.ts), Varnish sends new ones to the other (its health probe, and a retry
 * when a connection is refused), and the next one is restarted only when the new one serves.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { openDb } from "@shared/db";
import { asRole, documentedGrants } from "@shared/db/role-grants";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const VCL_TEMPLATE = path.join(root, "deploy/varnish/site.vcl");

/** Debian installs varnishd in /usr/sbin, which a user's PATH may lack. */
export function varnishdPath(): string {
  if (process.env.VARNISHD) return process.env.VARNISHD;
  return existsSync("/usr/sbin/varnishd") ? "/usr/sbin/varnishd" : "varnishd";
}

export interface ClusterOptions {
  /** A superuser's connection to the server (creates the roles and the database). */
  adminUrl: string;
  database: string;
  roles: { owner: string; app: string };
  webPorts: readonly number[];
  proxyPort: number;
  /** Run the sync worker (on by default; tests that write themselves turn it off). */
  worker: boolean;
  /** Where Varnish keeps its files and the generated VCL. */
  workDir: string;
  /** Environment every process gets besides what the topology sets (CLOCK, data sources, secrets). */
  env: Record<string, string | undefined>;
  /** Varnish's cache size in megabytes. */
  proxyMemoryMb: number;
  /** Each line a process prints, with its name. */
  onLine?: (name: string, line: string) => void;
}

export interface Cluster {
  proxyUrl: string;
  webUrls: string[];
  /** The application role's connection (what the processes use). */
  appUrl: string;
  ownerUrl: string;
  /** Stops web process `index` (it drains), starts it again and waits until it serves. */
  restartWeb(index: number): Promise<void>;
  /** Every web process in turn. */
  rollingRestart(): Promise<void>;
  /** What a process printed so far: `web1`, `web2`, `worker`, `varnish`. */
  output(name: string): string;
  /** The process ids now running, by name (benchmarks pin them to a core). */
  pids(): Record<string, number>;
  /** Varnish's working directory (`varnishstat -n` reads its counters there). */
  varnishDir: string;
  stop(): Promise<void>;
}

/** The site's VCL with these web processes as its backends. */
export function clusterVcl(template: string, webPorts: readonly number[]): string {
  const backend = (port: number, index: number) =>
    [
      `backend web${index + 1} {`,
      `    .host = "127.0.0.1";`,
      `    .port = "${port}";`,
      `    .connect_timeout = 1s;`,
      `    .first_byte_timeout = 30s;`,
      `    .probe = { .url = "/healthz"; .interval = 1s; .timeout = 2s; .window = 5; .threshold = 2; .initial = 2; }`,
      `}`,
    ].join("\n");
  const replaceBlock = (text: string, name: string, body: string) => {
    const pattern = new RegExp(`(# ${name}:begin\\n)[\\s\\S]*?(\\n\\s*# ${name}:end)`);
    if (!pattern.test(text))
      throw new Error(`deploy/varnish/site.vcl has no "# ${name}:begin" ... "# ${name}:end" block`);
    return text.replace(pattern, (_all, begin: string, end: string) => `${begin}${body}${end}`);
  };
  const backends = webPorts.map(backend).join("\n");
  const directors = webPorts.map((_port, index) => `    site.add_backend(web${index + 1});`).join("\n");
  return replaceBlock(replaceBlock(template, "backends", backends), "directors", directors);
}

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

/** Roles and database, created when missing; migrations as the owner; the documented grants. */
export async function prepareDatabase(
  options: Pick<ClusterOptions, "adminUrl" | "database" | "roles">,
): Promise<{ ownerUrl: string; appUrl: string }> {
  for (const name of [options.database, options.roles.owner, options.roles.app]) {
    if (!identifier.test(name)) throw new Error(`"${name}" is not a plain lower-case PostgreSQL name`);
  }
  const admin = postgres(options.adminUrl, { max: 1, onnotice: () => {} });
  try {
    for (const role of [options.roles.owner, options.roles.app]) {
      const [exists] = await admin`select 1 from pg_roles where rolname = ${role}`;
      if (!exists) await admin.unsafe(`create role ${role} login`);
    }
    const [exists] = await admin`select 1 from pg_database where datname = ${options.database}`;
    if (!exists) await admin.unsafe(`create database ${options.database} owner ${options.roles.owner}`);
  } finally {
    await admin.end();
  }
  const onDatabase = (role: string) => {
    const url = new URL(asRole(options.adminUrl, role));
    url.pathname = `/${options.database}`;
    return url.toString();
  };
  const ownerUrl = onDatabase(options.roles.owner);
  // Opening the database as its owner applies the migrations.
  const migrated = await openDb({ url: ownerUrl });
  await migrated.close();
  const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    for (const statement of documentedGrants({ ...options.roles, database: options.database }))
      await owner.unsafe(statement);
  } finally {
    await owner.end();
  }
  return { ownerUrl, appUrl: onDatabase(options.roles.app) };
}

interface Managed {
  name: string;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

function launch(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  onLine?: ClusterOptions["onLine"],
): Managed {
  const child = spawn(command, args, {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const managed: Managed = {
    name,
    child,
    output: "",
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  let pending = "";
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    managed.output += text;
    if (!onLine) return;
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) onLine(name, line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return managed;
}

async function waitFor(
  what: string,
  managed: Managed,
  ready: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (managed.child.exitCode !== null)
      throw new Error(`${what} exited with code ${managed.child.exitCode}:\n${managed.output.slice(-4_000)}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${managed.output.slice(-4_000)}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function stopProcess(managed: Managed, timeoutMs = 15_000): Promise<void> {
  if (managed.child.exitCode !== null || managed.child.signalCode !== null || !managed.child.pid) return;
  try {
    process.kill(-managed.child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-managed.child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, timeoutMs);
  await managed.exited;
  clearTimeout(timer);
}

/** The probe's window and threshold in the VCL: healthy with 2 good probes among the last 5. */
const PROBE_WINDOW = 5;
const PROBE_THRESHOLD = 2;
/** How long a restarted process may take to be seen healthy by Varnish's probe. */
const PROBE_SETTLE_TIMEOUT_MS = 30_000;

/**
 * Whether Varnish's probe counts a backend healthy now: at least PROBE_THRESHOLD good probes
 * among the last PROBE_WINDOW, read from its `happy` bitmap (`varnishstat`, newest probe in the
 * lowest bit; read as text, since the 64-bit bitmap does not fit a JSON number).
 */
export function varnishSeesHealthy(varnishDir: string, backend: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile("varnishstat", ["-n", varnishDir, "-1", "-f", `VBE.*.${backend}.happy`], (error, stdout) => {
      if (error) return resolve(false);
      const line = stdout.split("\n").find((l) => l.includes(`.${backend}.happy`));
      const bitmap = line ? /^\S+\s+(\d+)/.exec(line)?.[1] : undefined;
      if (!bitmap) return resolve(false);
      let good = 0;
      for (let bit = 0n; bit < BigInt(PROBE_WINDOW); bit++) if ((BigInt(bitmap) >> bit) & 1n) good++;
      resolve(good >= PROBE_THRESHOLD);
    });
  });
}

/** Runs a command on Varnish's management interface (varnishadm), failing with its message. */
export function varnishAdmin(varnishDir: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("varnishadm", ["-n", varnishDir, ...args], (error, stdout, stderr) => {
      if (error) reject(new Error(`varnishadm ${args.join(" ")}: ${(stderr || stdout || error.message).trim()}`));
      else resolve(stdout);
    });
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { ownerUrl, appUrl } = await prepareDatabase(options);
  const proxyUrl = `http://127.0.0.1:${options.proxyPort}`;
  const base: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    ...options.env,
    DATABASE_URL: appUrl,
  };
  const processes = new Map<string, Managed>();
  /** What replaced processes printed before they stopped. */
  const earlier = new Map<string, string>();
  const stopAll = async () => {
    await Promise.all([...processes.values()].map((managed) => stopProcess(managed)));
  };

  try {
    mkdirSync(options.workDir, { recursive: true });
    // Varnish started as root drops to its own user, which must read the VCL.
    chmodSync(options.workDir, 0o755);
    const vcl = path.join(options.workDir, "site.vcl");
    writeFileSync(vcl, clusterVcl(readFileSync(VCL_TEMPLATE, "utf8"), options.webPorts));
    const varnish = launch(
      "varnish",
      varnishdPath(),
      [
        "-F",
        "-n",
        path.join(options.workDir, "varnish"),
        "-a",
        `127.0.0.1:${options.proxyPort}`,
        "-f",
        vcl,
        "-s",
        `malloc,${options.proxyMemoryMb}m`,
        // The management interface on loopback only: a rolling restart takes a process out first.
        "-T",
        "127.0.0.1:0",
      ],
      { PATH: process.env.PATH },
      options.onLine,
    );
    processes.set("varnish", varnish);

    if (options.worker) {
      processes.set(
        "worker",
        launch("worker", process.execPath, ["--import", "tsx", "sync-worker/cli.ts", "worker"], base, options.onLine),
      );
    }

    const startWeb = async (index: number) => {
      const name = `web${index + 1}`;
      const port = options.webPorts[index];
      const web = launch(
        name,
        process.execPath,
        ["--import", "tsx", "web/start.ts"],
        {
          ...base,
          PORT: String(port),
          HOST: "127.0.0.1",
          WORKER: options.worker ? "separate" : "off",
          // Varnish is on this machine: its X-Forwarded-For and X-Request-Id are trusted.
          TRUST_PROXY: "loopback",
          // Every process renders for the proxy's address, so pages and their ETags agree.
          SITE_URL: options.env.SITE_URL ?? proxyUrl,
          PURGE_URL: `${proxyUrl}/`,
        },
        options.onLine,
      );
      processes.set(name, web);
      await waitFor(name, web, () => answers(`http://127.0.0.1:${port}/healthz`), 120_000);
    };
    // One after the other: the first builds the site if its build is out of date.
    for (let index = 0; index < options.webPorts.length; index++) await startWeb(index);
    await waitFor("varnish", varnish, () => answers(`${proxyUrl}/healthz`), 30_000);

    const varnishDir = path.join(options.workDir, "varnish");
    const restartWeb = async (index: number) => {
      const name = `web${index + 1}`;
      const current = processes.get(name);
      if (current) {
        // Out of Varnish's rotation before it stops: its probe would take seconds to notice, and
        // meanwhile requests (and their retries) would still be sent to a closed port.
        await varnishAdmin(varnishDir, ["backend.set_health", name, "sick"]);
        await stopProcess(current);
        earlier.set(name, (earlier.get(name) ?? "") + current.output);
      }
      await startWeb(index);
      await varnishAdmin(varnishDir, ["backend.set_health", name, "auto"]);
      // The next process may stop only once Varnish sends requests to this one again.
      const deadline = Date.now() + PROBE_SETTLE_TIMEOUT_MS;
      while (!(await varnishSeesHealthy(varnishDir, name))) {
        if (Date.now() > deadline)
          throw new Error(`Varnish's probe did not see ${name} healthy within ${PROBE_SETTLE_TIMEOUT_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    return {
      proxyUrl,
      webUrls: options.webPorts.map((port) => `http://127.0.0.1:${port}`),
      appUrl,
      ownerUrl,
      restartWeb,
      async rollingRestart() {
        for (let index = 0; index < options.webPorts.length; index++) await restartWeb(index);
      },
      output: (name) => (earlier.get(name) ?? "") + (processes.get(name)?.output ?? ""),
      pids: () =>
        Object.fromEntries(
          [...processes].flatMap(([name, managed]) => (managed.child.pid ? [[name, managed.child.pid]] : [])),
        ),
      varnishDir: path.join(options.workDir, "varnish"),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function ports(value: string | undefined, fallback: number[]): number[] {
  if (!value) return fallback;
  const list = value.split(",").map((item) => Number(item.trim()));
  if (list.length < 1 || list.some((port) => !Number.isInteger(port) || port < 1 || port > 65_535)) {
    throw new Error(`CLUSTER_WEB_PORTS=${value}: expected comma-separated port numbers such as 3101,3102`);
  }
  return list;
}

async function main(): Promise<void> {
  const env = process.env;
  const cluster = await startCluster({
    adminUrl: env.CLUSTER_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    database: env.CLUSTER_DATABASE ?? "smartpicks_cluster",
    roles: { owner: env.CLUSTER_OWNER_ROLE ?? "smartpicks_owner", app: env.CLUSTER_APP_ROLE ?? "smartpicks_app" },
    webPorts: ports(env.CLUSTER_WEB_PORTS, [3101, 3102]),
    proxyPort: ports(env.CLUSTER_PROXY_PORT, [6081])[0],
    worker: env.CLUSTER_WORKER !== "off",
    workDir: path.resolve(root, env.CLUSTER_WORK_DIR ?? ".data/cluster"),
    proxyMemoryMb: Number(env.CLUSTER_PROXY_MB ?? 256),
    env: Object.fromEntries(
      Object.entries(env).filter(
        ([name]) => !name.startsWith("CLUSTER_") && name !== "DATABASE_URL" && name !== "PORT",
      ),
    ),
    onLine: (name, line) => console.log(`[${name}] ${line}`),
  });
  console.log(`Cluster up: ${cluster.proxyUrl} (Varnish) in front of ${cluster.webUrls.join(" and ")}.`);
  console.log(`SIGHUP (kill -HUP ${process.pid}) restarts the web processes one at a time; Ctrl-C stops everything.`);
  let busy = false;
  process.on("SIGHUP", () => {
    if (busy) return;
    busy = true;
    console.log("Rolling restart...");
    cluster
      .rollingRestart()
      .then(() => console.log("Rolling restart done."))
      .catch((error: unknown) => console.error(`Rolling restart failed: ${(error as Error).message}`))
      .finally(() => (busy = false));
  });
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`The cluster could not start: ${(error as Error).message}`);
    process.exit(1);
  });
}
