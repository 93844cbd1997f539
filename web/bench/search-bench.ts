/**
 * The site search's speed with thousands of players (`npm run bench:search`): the index's time
 * per query against a baseline measured in the same run, a plain scan of every folded label for
 * the query. Five repeats; min and median, with the load average.
 */
import { loadavg } from "node:os";
import { buildSearchIndex, normalizeSearchText, type SearchEntry } from "../app/features/search/search-index";
import { teamEntries } from "../app/features/search/search.server";
import { pinThisProcess, SERVER_CORE } from "./cpu-pinning";
import { formatMs, formatRatio, median, min } from "./stats";

const PLAYERS = 5_000;
const ROUNDS = 50;
const REPEATS = 5;
const QUERIES = ["munch", "arsenal chelsea", "nunez42", "e", "zzzz", "paris saint germain", "man utd spurs"];

const players: SearchEntry[] = Array.from({ length: PLAYERS }, (_, i) => ({
  kind: "player",
  label: `Player ${i} Ñúñez${i}`,
  detail: "Club",
  href: `/premier-league/teams/arsenal/players/p-${i}`,
  names: [`First${i} Last${i}`],
}));
const entries = [...teamEntries(), ...players];

/** Milliseconds per query of `search` over every query, ROUNDS times. */
function perQueryMs(search: (query: string) => unknown): number {
  for (const query of QUERIES) search(query);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const query of QUERIES) search(query);
  return (performance.now() - started) / (ROUNDS * QUERIES.length);
}

const pinned = pinThisProcess(SERVER_CORE);
const buildStarted = performance.now();
const index = buildSearchIndex(entries, []);
const buildMs = performance.now() - buildStarted;
// The baseline: every entry's folded names, scanned for the folded query, the first 8 kept.
const folded = entries.map((entry) => ({
  entry,
  text: [entry.label, ...entry.names].map(normalizeSearchText).join(" "),
}));
const scan = (query: string) => {
  const needle = normalizeSearchText(query);
  return folded.filter((row) => row.text.includes(needle)).slice(0, 8);
};

const indexMs: number[] = [];
const scanMs: number[] = [];
for (let repeat = 0; repeat < REPEATS; repeat++) {
  indexMs.push(perQueryMs((query) => index.search(query, 8)));
  scanMs.push(perQueryMs(scan));
}
const ratios = indexMs.map((ms, i) => ms / scanMs[i]);
console.log(
  `search index: ${index.size} entries built in ${formatMs(buildMs)} ms; ${pinned ? `pinned to CPU ${SERVER_CORE}` : "not pinned"}`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`ms a query     min ${formatMs(min(indexMs))}  median ${formatMs(median(indexMs))}   (target under 5 ms)`);
console.log(`baseline scan  min ${formatMs(min(scanMs))}  median ${formatMs(median(scanMs))}`);
console.log(`index / scan   min ${formatRatio(min(ratios))}  median ${formatRatio(median(ratios))}`);
