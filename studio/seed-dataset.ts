/** The project's editorial seed (content/dataset.ndjson), for tests and the import script. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseDatasetLines } from "@shared/content/local-source";
import type { ContentDocument } from "@shared/content/source";

export const SEED_DATASET_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../content/dataset.ndjson",
);

export function readSeedDataset(file = SEED_DATASET_FILE): ContentDocument[] {
  return parseDatasetLines(readFileSync(file, "utf8"), file);
}
