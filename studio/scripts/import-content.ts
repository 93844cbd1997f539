/**
 * `npm run content:import`: imports the editorial seed (content/dataset.ndjson) into the Sanity
 * dataset of a real deployment with `sanity dataset import`.
 *
 *   SANITY_PROJECT_ID=abc123 SANITY_DATASET=production SANITY_WRITE_TOKEN=... npm run content:import
 *
 * Documents that already exist in the dataset are kept (`--missing`), so running it again never
 * overwrites an editor's work; pass `-- --replace` to overwrite them with the seed. The seed's
 * demonstration drafts stay out unless `-- --with-drafts` is given.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InvalidEnvironmentError, parseEnv } from "@shared/config/env";
import { isDraftId } from "@shared/content/ids";
import { serializeDataset } from "@shared/content/local-source";
import type { ContentDocument } from "@shared/content/source";
import { readSeedDataset } from "../seed-dataset";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ImportPlan {
  projectId: string;
  dataset: string;
  token: string;
  documents: ContentDocument[];
  onDuplicate: "--missing" | "--replace";
}

const USAGE = "usage: npm run content:import [-- --replace] [-- --with-drafts]";

/** What to import where, from the command line and the environment; throws a message naming what is missing. */
export function planImport(
  args: readonly string[],
  environment: Record<string, string | undefined>,
  seed: ContentDocument[],
): ImportPlan {
  const unknown = args.filter((arg) => arg !== "--replace" && arg !== "--with-drafts");
  if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(" ")}\n${USAGE}`);
  const env = parseEnv(environment);
  const missing = [
    !env.SANITY_PROJECT_ID && "SANITY_PROJECT_ID (the project to import into)",
    !env.SANITY_WRITE_TOKEN && "SANITY_WRITE_TOKEN (a token with the Editor role or higher)",
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`Set ${missing.join(" and ")}. See README.md, "Editorial content".`);
  return {
    projectId: env.SANITY_PROJECT_ID as string,
    dataset: env.SANITY_DATASET,
    token: env.SANITY_WRITE_TOKEN as string,
    documents: args.includes("--with-drafts") ? seed : seed.filter((document) => !isDraftId(document._id)),
    onDuplicate: args.includes("--replace") ? "--replace" : "--missing",
  };
}

function main(): number {
  let plan: ImportPlan;
  try {
    plan = planImport(process.argv.slice(2), process.env, readSeedDataset());
  } catch (error) {
    console.error(error instanceof InvalidEnvironmentError ? error.message : (error as Error).message);
    return 1;
  }
  const work = mkdtempSync(path.join(tmpdir(), "content-import-"));
  try {
    const file = path.join(work, "dataset.ndjson");
    writeFileSync(file, serializeDataset(plan.documents));
    console.log(
      `Importing ${plan.documents.length} documents into ${plan.projectId}/${plan.dataset} (${plan.onDuplicate}).`,
    );
    const result = spawnSync(
      path.join(root, "node_modules/.bin/sanity"),
      ["dataset", "import", file, plan.dataset, plan.onDuplicate],
      {
        cwd: root,
        stdio: "inherit",
        env: {
          ...process.env,
          SANITY_AUTH_TOKEN: plan.token,
          SANITY_STUDIO_PROJECT_ID: plan.projectId,
          SANITY_STUDIO_DATASET: plan.dataset,
          XDG_CONFIG_HOME: work,
          DO_NOT_TRACK: "1",
        },
      },
    );
    return result.status ?? 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
