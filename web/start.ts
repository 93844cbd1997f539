/**
 * The site's process (`npm start` runs it from the server bundle, build/server/start.js, after
 * building what is out of date; `npm run dev` from the sources under tsx): opens the database
 * (embedded PGlite unless DATABASE_URL is set), applies migrations (as the role of
 * MIGRATION_DATABASE_URL when set) and serves.
 */
import "./node-env";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { surviveAbandonedQueries } from "@shared/db/connection-postgres";
import { openClock } from "@shared/db/replay-clock";
import { getEnv, InvalidEnvironmentError, type Env } from "@shared/config/env";
import { openDb } from "@shared/db";
import { watchDataVersions, type DataVersions } from "@shared/db/data-versions";
import { openContent } from "@shared/content/open-content";
import { configureProcessLog, routeConsoleToLog, secretValues } from "@shared/observability/log";
import { createMetricsRegistry, startMetricsServer } from "@shared/observability/metrics";
import { createPreviewSessions, databasePreviewSessionStore } from "./app/features/content/preview.server";
import { startEmbeddedWorker, type EmbeddedWorker } from "@sync-worker/embedded";
import { createOperatorServices } from "@sync-worker/operations";
import { registerDataVersionMetrics } from "./observability/web-metrics";
import { createProxyPurger } from "./proxy/purge";
import { createSiteServer } from "./server";

const startedAt = performance.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildFile = path.join(root, "build/index.js");

/** The Remix build the process serves: `npm start` and `npm run build` write it (web/site-build/). */
function requireBuild() {
  if (existsSync(buildFile)) return;
  console.error("The site is not built: run `npm run build` first (`npm start` builds it when it is out of date).");
  process.exit(1);
}

function loadEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = loadEnv();
  // JSON lines on stdout (or readable ones with LOG_FORMAT=pretty), with every configured secret
  // blanked; whatever the process prints goes the same way.
  const log = configureProcessLog({
    level: env.LOG_LEVEL,
    format: env.LOG_FORMAT,
    name: "web",
    secrets: secretValues({ ...process.env, ...env }),
  });
  routeConsoleToLog(log);
  surviveAbandonedQueries((message) => log.warn(message));
  requireBuild();
  const db = await openDb(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, migrationUrl: env.MIGRATION_DATABASE_URL }
      : { dataDir: path.resolve(root, env.PGLITE_DATA_DIR) },
  );
  // A replay stands where the other processes' stands, and carries on across a restart.
  const clock = await openClock(db, env.CLOCK);
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const versions: DataVersions = await watchDataVersions(db);
  // One registry for the process: the site's metrics and, in embedded mode, the worker's.
  const registry = createMetricsRegistry();
  registerDataVersionMetrics(registry, versions);
  // A publish seen here moves the content version for every process; one seen elsewhere
  // (the webhook reaches one server) drops this process's cached content.
  const content = openContent(env, root, {
    onPublishedChange: () =>
      void versions
        .bump(["content"])
        .catch((error: unknown) => console.warn(`content version: ${(error as Error).message}`)),
  });
  versions.onChange((changed) => {
    if (changed.includes("content")) content.clearCache();
  });
  // A caching proxy in front drops what the change touched (web/proxy/purge.ts).
  const purger = env.PURGE_URL
    ? createProxyPurger(
        { url: env.PURGE_URL, method: env.PURGE_METHOD, token: env.PURGE_TOKEN, tokenHeader: env.PURGE_TOKEN_HEADER },
        console,
      )
    : null;
  if (purger) versions.onChange((changed) => void purger.purge(changed));
  const site = createSiteServer(
    build,
    {
      env,
      clock,
      db,
      content,
      previewSessions: createPreviewSessions(env, databasePreviewSessionStore(db)),
      // The one place the web is composed with the worker's code: the internal pages' services.
      operations: createOperatorServices({ env, clock, db }),
    },
    versions.current,
    { log, registry },
  );
  const { server } = site;
  // The pages visitors read are rendered again as soon as a change is known (after the content
  // cache above is cleared), so the next visitor gets them from memory.
  versions.onChange(() => void site.rerenderReadPages());
  const metricsServer = env.METRICS_PORT
    ? await startMetricsServer({
        port: env.METRICS_PORT,
        host: env.METRICS_HOST,
        registry,
        token: env.METRICS_TOKEN,
        warn: (message) => log.warn(message),
      })
    : null;
  if (metricsServer) log.info(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);

  let worker: EmbeddedWorker | null = null;
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const where = env.DATABASE_URL ? "Postgres" : `embedded database in ${env.PGLITE_DATA_DIR}`;
    const time =
      env.CLOCK.kind === "real"
        ? "real time"
        : `replay from ${env.CLOCK.start.toISOString()}, now at ${clock.now().toISOString()}`;
    log.info(`Serving http://localhost:${port} (${where}; clock: ${time}; ready in ${seconds}s)`);
    // Serve first: the worker syncs in the background, and a failing job never stops the site.
    if (env.WORKER === "embedded") worker = startEmbeddedWorker({ env, db, clock, metrics: registry });
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: finishing open requests, then closing the database.`);
    const workerStopped = worker?.stop() ?? Promise.resolve();
    metricsServer?.close();
    // Draining: answers already asked for are sent, each closing its connection after it, so a
    // proxy in front opens its next one to another process (server.close refuses new ones).
    server.prependListener("request", (_req, res) => {
      res.shouldKeepAlive = false;
    });
    // server.close() closes the connections idle at that moment; one whose answer was already on
    // its way stays open once idle until its keep-alive timeout (5 s more of a rolling restart).
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
    server.close(() => {
      clearInterval(closeIdle);
      void workerStopped.finally(() => versions.close().finally(() => db.close().finally(() => process.exit(0))));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`The site could not start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === "debug") console.error(error);
  process.exit(1);
});
