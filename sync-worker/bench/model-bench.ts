/**
 * `npm run bench:model [-- --out <file.csv>]`: the walk-forward backtest of the prediction
 * engine over 2023-24, 2024-25 and 2025-26 in all five leagues, scored against the betting
 * market on the same matches. Reads FOOTBALL_DATA_DIR (default ../shared/data/football-data/
 * mmz4281 beside the project) and writes every forecast to .cache/model-bench/forecasts.csv
 * or the given file.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseEnv } from "@shared/config/env";
import { ALL_LEAGUES, type LeagueKey } from "@shared/domain/leagues";
import { forecastCsv } from "@shared/model/forecast-csv";
import { fitLeagueRatings } from "@shared/model/league-ratings";
import { MODEL_VERSION } from "@shared/model/model-version";
import { DEFAULT_MODEL_OPTIONS } from "@shared/model/options";
import { loadFootballDataHistory, seasonCodes, type HistoricalMatch } from "./football-data-history";
import {
  bandTable,
  binaryTables,
  calibrationTables,
  comparisonLines,
  leagueTitle,
  resultTable,
  targetChecks,
} from "./model-bench-report";
import { baseRates, byLeague, scorecard, scoredMatches } from "./model-scorecard";
import { walkForward } from "./model-walk-forward";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BENCHMARK_SEASONS = ["2324", "2425", "2526"];
const FIRST_SEASON = "0506";
const LAST_SEASON = "2526";

function outputPath(argv: readonly string[]): string {
  const at = argv.indexOf("--out");
  if (at >= 0 && !argv[at + 1]) throw new Error("--out needs a file path");
  return at >= 0 ? path.resolve(argv[at + 1]) : path.join(PROJECT_ROOT, ".cache", "model-bench", "forecasts.csv");
}

function dataDirectory(): string {
  const configured = parseEnv(process.env).FOOTBALL_DATA_DIR;
  const dir = configured
    ? path.resolve(PROJECT_ROOT, configured)
    : path.resolve(PROJECT_ROOT, "..", "shared", "data", "football-data", "mmz4281");
  if (!existsSync(dir)) {
    throw new Error(
      `the directory ${dir} does not exist: set FOOTBALL_DATA_DIR to a directory of football-data.co.uk season files`,
    );
  }
  return dir;
}

/** Milliseconds to fit all five leagues' ratings at a moment, from scratch and from the previous week's fits. */
function fiveLeagueFitTimes(matches: readonly HistoricalMatch[], asOf: number): { cold: number; warm: number } {
  const options = DEFAULT_MODEL_OPTIONS;
  const byLeagueKey = new Map<LeagueKey, HistoricalMatch[]>(
    ALL_LEAGUES.map((l) => [l.key, matches.filter((m) => m.league === l.key)]),
  );
  const fitAll = (at: number, previous: Map<LeagueKey, ReturnType<typeof fitLeagueRatings>>) =>
    new Map(
      ALL_LEAGUES.map((l) => [
        l.key,
        fitLeagueRatings({
          league: l.key,
          matches: byLeagueKey.get(l.key)!,
          asOf: at,
          season: LAST_SEASON,
          seasonTeamIds: [],
          options,
          previous: previous.get(l.key),
        }),
      ]),
    );
  const cold: number[] = [];
  const warm: number[] = [];
  const weekBefore = asOf - 7 * 24 * 60 * 60 * 1000;
  for (let run = 0; run < 5; run++) {
    let started = performance.now();
    const lastWeek = fitAll(weekBefore, new Map());
    cold.push(performance.now() - started);
    started = performance.now();
    fitAll(asOf, lastWeek);
    warm.push(performance.now() - started);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { cold: median(cold), warm: median(warm) };
}

async function main(): Promise<void> {
  const out = outputPath(process.argv.slice(2));
  const dir = dataDirectory();
  const started = performance.now();
  const history = await loadFootballDataHistory(dir, seasonCodes(FIRST_SEASON, LAST_SEASON));
  console.log(
    `prediction engine ${MODEL_VERSION}: walk-forward backtest, weekly refits, seasons ${BENCHMARK_SEASONS.join(", ")}`,
  );
  console.log(
    `data: ${dir} (${history.files} files, ${history.matches.length} played matches, ${history.rejectedRows} rows rejected)`,
  );

  const walk = walkForward(history.matches, BENCHMARK_SEASONS);
  const { scored, excluded } = scoredMatches(
    walk.rows,
    baseRates(history.matches, BENCHMARK_SEASONS),
    DEFAULT_MODEL_OPTIONS.devigMethod,
  );
  console.log(
    `${walk.rows.length} forecasts in ${walk.weeks} weekly calls; ${scored.length} scored on the same matches (${excluded} left out for a missing opening or closing price)`,
  );
  console.log(
    `market prices: the market average of the CSV files, margin removed by the ${DEFAULT_MODEL_OPTIONS.devigMethod} method`,
  );

  const leagues = byLeague(scored);
  for (const league of ALL_LEAGUES) {
    const matches = leagues.get(league.key) ?? [];
    if (matches.length === 0) continue;
    const card = scorecard(matches);
    console.log();
    console.log(leagueTitle(league.key, card));
    for (const line of [...resultTable(card), ...binaryTables(card), ...comparisonLines(card)]) console.log(line);
  }

  const overall = scorecard(scored);
  console.log();
  console.log(leagueTitle("overall", overall));
  for (const line of [
    ...resultTable(overall),
    ...binaryTables(overall),
    ...comparisonLines(overall),
    "calibration (10 reliability bins):",
    ...calibrationTables(overall),
    ...bandTable(overall),
  ]) {
    console.log(line);
  }

  const lastWeek = walk.rows[walk.rows.length - 1].prediction.kickoff.getTime();
  const fits = fiveLeagueFitTimes(history.matches, lastWeek);
  const weekly = [...walk.weeklyCallMs].sort((a, b) => a - b);
  console.log();
  console.log("== Time");
  console.log(
    `fitting all five leagues (goals and shots models): ${fits.cold.toFixed(0)} ms from scratch, ${fits.warm.toFixed(0)} ms warm-started from the week before`,
  );
  console.log(
    `weekly engine call (fits, blend, calibration, predictions): median ${weekly[Math.floor(weekly.length / 2)].toFixed(0)} ms, max ${weekly[weekly.length - 1].toFixed(0)} ms; first call (rebuilds ${DEFAULT_MODEL_OPTIONS.coldStartTrackDays / 365} years of track record) ${(walk.coldStartMs / 1000).toFixed(1)} s`,
  );

  console.log();
  console.log("== Targets (all five leagues, same matches)");
  for (const check of targetChecks(overall))
    console.log(`${check.met ? "met    " : "not met"}  ${check.target}: ${check.value}`);

  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    forecastCsv(
      walk.rows.map(({ match, prediction }) => ({
        prediction,
        season: match.season,
        homeTeam: match.homeTeam,
        awayTeam: match.awayTeam,
        finalScore: { home: match.homeGoals, away: match.awayGoals },
      })),
    ),
  );
  console.log();
  console.log(
    `forecasts: ${out} (${walk.rows.length} rows); total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
