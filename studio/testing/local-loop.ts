/**
 * `npm run studio:local`: the whole editing loop on this machine, with no Sanity project. It
 * starts the Content Lake stand-in (HTTPS on 3334, serving the built Studio too; plain HTTP on
 * 3335 for the site), then the site on the embedded default (port 3000) reading its content
 * from the stand-in, with preview, the Presentation tool and the publish webhook wired up.
 * The Studio is built first when `studio-dist/` is missing or older than its sources.
 *
 * The dataset starts as a copy of content/dataset.ndjson in .data/content-lake.ndjson and keeps
 * every change there across restarts (delete the file to start again).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_CONTENT_LAKE_HTTP_PORT, LOCAL_CONTENT_LAKE_PORT, LOCAL_PROJECT_ID } from "../environment";
import { LOCAL_DATASET, LOCAL_EDITOR_TOKEN, startContentLake, type ContentLake } from "./content-lake";
import { ensureSiteBuild } from "../../web/site-build/build";
import { SERVER_ENTRY } from "../../web/site-build/outputs";
import { ensureStudioBuild } from "./studio-build";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The site's settings for reading its content from the stand-in. */
export function siteEnvForLake(
  lake: Pick<ContentLake, "httpApiHost" | "httpsOrigin" | "port">,
  secrets: { webhook: string; session: string },
): Record<string, string> {
  const studioOrigins = [lake.httpsOrigin, `https://localhost:${lake.port}`];
  return {
    SANITY_PROJECT_ID: LOCAL_PROJECT_ID,
    SANITY_DATASET: LOCAL_DATASET,
    SANITY_API_HOST: lake.httpApiHost,
    SANITY_READ_TOKEN: LOCAL_EDITOR_TOKEN,
    SANITY_WRITE_TOKEN: LOCAL_EDITOR_TOKEN,
    SANITY_WEBHOOK_SECRET: secrets.webhook,
    SESSION_SECRET: secrets.session,
    SANITY_STUDIO_URL: lake.httpsOrigin,
    STUDIO_ORIGIN: studioOrigins.join(","),
  };
}

async function main(): Promise<void> {
  const studioDir = ensureStudioBuild();
  const datasetFile = path.join(root, ".data", "content-lake.ndjson");
  if (!existsSync(datasetFile)) {
    mkdirSync(path.dirname(datasetFile), { recursive: true });
    copyFileSync(path.join(root, "content", "dataset.ndjson"), datasetFile);
  }
  const sitePort = Number(process.env.PORT ?? 3000);
  const secrets = { webhook: randomBytes(24).toString("hex"), session: randomBytes(24).toString("hex") };
  const lake = await startContentLake({
    datasetFile,
    persistTo: datasetFile,
    port: LOCAL_CONTENT_LAKE_PORT,
    httpPort: LOCAL_CONTENT_LAKE_HTTP_PORT,
    studioDir,
    webhook: { url: `http://127.0.0.1:${sitePort}/api/content/webhook`, secret: secrets.webhook },
    log: (line) => console.log(`[content-lake] ${line}`),
  });
  await ensureSiteBuild();
  const site = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: String(sitePort), ...siteEnvForLake(lake, secrets) },
  });
  console.log(
    [
      "",
      `Studio:  ${lake.httpsOrigin}/  (a local certificate: accept it once in the browser)`,
      `Site:    http://localhost:${sitePort}/`,
      `Dataset: ${path.relative(root, datasetFile)} (every change is kept; delete it to start again)`,
      "",
    ].join("\n"),
  );
  const stop = async () => {
    site.kill("SIGTERM");
    await lake.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
  site.once("exit", (code) => {
    console.error(`The site stopped (code ${code}).`);
    void lake.close().then(() => process.exit(code ?? 1));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
