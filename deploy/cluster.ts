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
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withMallocSettings } from "@shared/config/malloc-settings";
import { ensureSiteBuild } from "../web/site-build/build";
import { SERVER_ENTRY } from "../web/site-build/outputs";
import { prepareDatabase } from "./cluster-database";
import { answers, launch, stopProcess, waitFor, type Managed } from "./cluster-processes";
import type { Cluster, ClusterOptions } from "./cluster-types";
import { clusterVcl, varnishAdmin, varnishdPath, varnishSeesHealthy, VCL_TEMPLATE } from "./varnish-control";

export type { Cluster, ClusterOptions } from "./cluster-types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** How long a restarted process may take to be seen healthy by Varnish's probe. */
const PROBE_SETTLE_TIMEOUT_MS = 30_000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { ownerUrl, appUrl } = await prepareDatabase(options);
  const proxyUrl = `http://127.0.0.1:${options.proxyPort}`;
  // Each process starts as npm start and npm run worker start theirs (shared/config/malloc-settings.ts).
  const base: Record<string, string | undefined> = withMallocSettings({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    ...options.env,
    DATABASE_URL: appUrl,
  });
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
        [SERVER_ENTRY],
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
    await ensureSiteBuild();
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
      async rollingRestart(onBack) {
        for (let index = 0; index < options.webPorts.length; index++) {
          await restartWeb(index);
          onBack?.(`web${index + 1}`);
        }
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
