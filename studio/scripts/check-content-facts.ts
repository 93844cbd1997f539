/**
 * `npm run content:check-facts [-- <dataset.ndjson>]`: holds the match previews' form strings
 * against football-data.co.uk's results in FOOTBALL_DATA_DIR (content-facts.ts), and lists every
 * one that is not what the match page shows beside it. Exit status 1 when any is found.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parsePublicResults, publicResultsPath } from "@shared/ledger/public-results";
import { formContradictions, resultsKey, seasonsOf, type PreviewDocument } from "./content-facts";

const root = path.resolve(import.meta.dirname, "../..");
const datasetPath = path.resolve(process.argv[2] ?? path.join(root, "content/dataset.ndjson"));
const dataDir = process.env.FOOTBALL_DATA_DIR;
if (!dataDir) {
  console.error("Set FOOTBALL_DATA_DIR to a directory of football-data.co.uk season files (2526/E0.csv...).");
  process.exit(2);
}
const documents = readFileSync(datasetPath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as PreviewDocument);
const results = new Map();
for (const { season, league } of seasonsOf(documents)) {
  const file = path.join(dataDir, publicResultsPath(league, season));
  if (existsSync(file))
    results.set(
      resultsKey(season, league),
      parsePublicResults(readFileSync(file, "utf8"), league, publicResultsPath(league, season)),
    );
  else console.warn(`${file} is missing: ${league} ${season} previews are not checked.`);
}
const found = formContradictions(documents, results);
for (const problem of found) {
  console.log(
    `${problem.documentId}: ${problem.team} is written "${problem.written}", the data says "${problem.data}":`,
  );
  for (const match of problem.matches) console.log(`  ${match}`);
}
const previews = documents.filter((document) => document._type === "matchPreview").length;
console.log(
  found.length === 0
    ? `All form strings of ${previews} match previews agree with the data.`
    : `${found.length} form strings disagree with the data.`,
);
process.exit(found.length === 0 ? 0 : 1);
